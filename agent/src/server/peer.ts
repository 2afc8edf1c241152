import { isIP } from "node:net";
import type { IncomingMessage } from "node:http";

/**
 * Who is on the other end of a request: the address the agent answers for, and the network it
 * is counted in. The socket's peer is the visitor unless a proxy in front of the agent says
 * otherwise in the header it was told to trust (AGENT_TRUST_PROXY_HEADER; docs/deploy/nginx.conf
 * sets X-Real-IP), which a visitor cannot then forge because that proxy overwrites it.
 */

type Request = Pick<IncomingMessage, "headers" | "socket">;

/** Headers a proxy adds: a request carrying one came through a proxy, whatever its socket says. */
const forwardingHeaders = ["forwarded", "x-forwarded-for", "x-real-ip", "cf-connecting-ip", "true-client-ip"] as const;

export function clientAddress(request: Request, trustedHeader: string | undefined): string {
  const socketAddress = unmapped(request.socket.remoteAddress ?? "");
  if (trustedHeader === undefined) return socketAddress;
  const value = request.headers[trustedHeader];
  // The nearest proxy appends its peer last (X-Forwarded-For); a single-value header is that value.
  const last = (Array.isArray(value) ? value.join(",") : (value ?? "")).split(",").at(-1)?.trim() ?? "";
  return isIP(unmapped(last)) ? unmapped(last) : socketAddress;
}

/**
 * True only for a request made on this machine, straight to the agent: a loopback peer and no
 * proxy's header (a proxy on this machine would make every visitor look local).
 */
export function isLocalRequest(request: Request): boolean {
  return !cameThroughProxy(request) && isLoopbackAddress(unmapped(request.socket.remoteAddress ?? ""));
}

export function cameThroughProxy(request: Request): boolean {
  return forwardingHeaders.some((header) => request.headers[header] !== undefined);
}

export function isLoopbackAddress(address: string): boolean {
  return (isIP(address) === 4 && address.startsWith("127.")) || address === "::1";
}

/** A host name or address the agent may bind to that only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || isLoopbackAddress(unmapped(host.replace(/^\[(.*)\]$/, "$1")));
}

/**
 * The network an address is counted in: its /24 for IPv4, its /56 for IPv6 (what one
 * subscriber is usually given), so one client cannot get round a per-network bound by
 * moving between its own addresses.
 */
export function networkOf(address: string): string {
  const plain = unmapped(address);
  if (isIP(plain) === 4) return `${plain.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIP(plain) === 6) return `${expandIpv6(plain).slice(0, 14)}::/56`;
  return plain;
}

function unmapped(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** The address's first 56 bits as 14 hex digits (every group written out). */
function expandIpv6(address: string): string {
  const [head = "", tail = ""] = address.split("%")[0]!.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":").flatMap(dottedQuadAsGroups));
  const start = groups(head);
  const end = groups(tail);
  const words = [...start, ...Array.from({ length: Math.max(0, 8 - start.length - end.length) }, () => "0"), ...end];
  return words.map((word) => word.padStart(4, "0")).join("");
}

/** An IPv4 tail (64:ff9b::192.0.2.1) is two groups of an IPv6 address. */
function dottedQuadAsGroups(group: string): string[] {
  if (isIP(group) !== 4) return [group];
  const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
