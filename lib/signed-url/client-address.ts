import type { ClientIdentity } from "./admission";
import { identityForAddress } from "./ip-address";

/**
 * Which visitor (and network) a request counts against.
 *
 * A route handler only sees headers, never the socket, so the address must come from a
 * header that something trusted wrote:
 *
 * - `npm start` serves the site through its own Node server (server/site-server.ts),
 *   which owns the socket: it drops every forwarding header the visitor sent and writes
 *   `X-Forwarded-For: <socket address>`, and tells this module to trust it. Limits are
 *   per visitor with no configuration, and a spoofed header never moves a visitor to
 *   another bucket.
 * - Behind a proxy or CDN, TRUST_PROXY_HEADER names the header it writes (the site
 *   server then leaves forwarding headers alone).
 * - Anywhere else with nothing trusted, a bare `next start` for instance: Next.js 16
 *   fills `X-Forwarded-For` from the socket only when the client sent none (base-server.js:
 *   `req.headers['x-forwarded-for'] ??= socket.remoteAddress`), so every address a handler
 *   can read there is chosen by the client. Then every request counts against one shared
 *   key: the per-visitor limits act as a whole-site limit, failing closed, never open.
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
const unidentified: ClientIdentity = { client: unidentifiedClientKey, network: unidentifiedClientKey };

export function clientIdentityFor(headers: Headers, trustedProxy: TrustedProxy | undefined): ClientIdentity {
  if (!trustedProxy) return unidentified;
  const value = headers.get(trustedProxy.header);
  if (value === null) return unidentified;
  const written = trustedProxy.header === "x-forwarded-for" ? entryFromRight(value, trustedProxy.hops) : value;
  // A request that skipped the proxy, or a proxy that wrote garbage, must not earn a
  // bucket of its own: it shares the unidentified one.
  return (written === undefined ? undefined : identityForAddress(written)) ?? unidentified;
}

/** `Headers` joins repeated X-Forwarded-For lines with ", ", so one split covers both forms. */
function entryFromRight(list: string, hops: number): string | undefined {
  const entries = list
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return entries.length >= hops ? entries[entries.length - hops] : undefined;
}
