/**
 * Headers through which a proxy tells the server about the client. When the site server
 * faces visitors directly (no TRUST_PROXY_HEADER), every one of them arriving on a
 * request was written by the visitor: they are dropped, and X-Forwarded-For is written
 * from the socket, so rate limits, logs and Next.js see the real peer address.
 */
export const forwardingHeaders = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-forwarded-server",
  "x-real-ip",
  "x-client-ip",
  "x-cluster-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
  "fastly-client-ip",
] as const;

const dropped = new Set<string>(forwardingHeaders);

/**
 * Node's raw header list ([name, value, name, value, …]) with the visitor's forwarding
 * headers replaced by X-Forwarded-For: <peer address>.
 */
export function headersFromSocket(rawHeaders: readonly string[], peerAddress: string): string[] {
  const kept: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index] as string;
    if (!dropped.has(name.toLowerCase())) kept.push(name, rawHeaders[index + 1] as string);
  }
  kept.push("X-Forwarded-For", peerAddress);
  return kept;
}
