import { rateLimitKeyForAddress } from "./ip-address";

/**
 * Which client a request counts against, for the per-client rate limit.
 *
 * A route handler only sees headers, never the socket. What `next start` (Next.js
 * 16.4, node_modules/next/dist/server/base-server.js, handleRequestImpl) puts there:
 *
 *   req.headers['x-forwarded-for'] ??= originalRequest.socket.remoteAddress
 *
 * so the header holds the peer address only when the client sent none; a client that
 * sends `X-Forwarded-For: 6.6.6.6` reaches the handler with exactly that value (checked
 * against a running `next start`). `X-Real-IP` is passed through untouched. Without a
 * proxy that overwrites or appends these headers, every address a handler can read is
 * chosen by the client, and keying a limit on it lets anyone rotate past the limit.
 *
 * So the safe default is to trust no header: every request without a trusted proxy
 * counts against one shared key. The per-client limits then act as a whole-site limit,
 * which fails closed (abuse cannot exceed them) rather than open. Deployments behind a
 * proxy or CDN name the header it sets in TRUST_PROXY_HEADER to get per-client limits.
 */
export type TrustedProxy = {
  /** Lower-case header name, e.g. `x-forwarded-for`, `x-real-ip`, `cf-connecting-ip`. */
  readonly header: string;
  /**
   * For `x-forwarded-for` only: how many trusted proxies append to the list. Each proxy
   * appends the address it received the connection from, and anything to the left of
   * those entries came from the client, so the client is the `hops`-th entry from the
   * right (1 = the rightmost, written by the proxy in front of the server).
   */
  readonly hops: number;
};

export const unidentifiedClientKey = "unidentified";

export function clientKeyFor(headers: Headers, trustedProxy: TrustedProxy | undefined): string {
  if (!trustedProxy) return unidentifiedClientKey;
  const value = headers.get(trustedProxy.header);
  if (value === null) return unidentifiedClientKey;
  const written = trustedProxy.header === "x-forwarded-for" ? entryFromRight(value, trustedProxy.hops) : value;
  // A request that skipped the proxy, or a proxy that wrote garbage, must not earn a
  // bucket of its own: it shares the unidentified one.
  return (written === undefined ? undefined : rateLimitKeyForAddress(written)) ?? unidentifiedClientKey;
}

/** `Headers` joins repeated X-Forwarded-For lines with ", ", so one split covers both forms. */
function entryFromRight(list: string, hops: number): string | undefined {
  const entries = list
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return entries.length >= hops ? entries[entries.length - hops] : undefined;
}
