import type { ClientIdentity } from "./admission";

/**
 * Turns an address (written by a proxy, or read from the socket) into the keys a client
 * is counted under: the visitor and the visitor's network.
 *
 * Visitor: an IPv4 address, or an IPv6 /64. One subscriber usually holds a whole /64 and
 * can rotate through 2^64 addresses at will, so a per-address limit would not limit
 * anyone. IPv4-mapped IPv6 addresses count as the IPv4 address they carry.
 *
 * Network: an IPv4 /24 or an IPv6 /48, the blocks a provider routes to one site or
 * customer. A host renting a handful of neighbouring addresses shares one network
 * budget, so a small range cannot drain the day (docs/signed-url.md, "Sizing").
 */
export function identityForAddress(written: string): ClientIdentity | undefined {
  const address = stripPortAndZone(written.trim());
  const ipv4 = parseIpv4(address) ?? ipv4Mapped(parseIpv6(address));
  if (ipv4) return { client: `ipv4:${ipv4.join(".")}`, network: `ipv4:${ipv4.slice(0, 3).join(".")}.0/24` };
  const ipv6 = parseIpv6(address);
  if (!ipv6) return undefined;
  const groups = ipv6.map((group) => group.toString(16));
  return { client: `ipv6:${groups.slice(0, 4).join(":")}::/64`, network: `ipv6:${groups.slice(0, 3).join(":")}::/48` };
}

function ipv4Mapped(groups: number[] | undefined): number[] | undefined {
  if (!groups || !isIpv4Mapped(groups)) return undefined;
  const high = groups[6] ?? 0;
  const low = groups[7] ?? 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

/** Proxies write `1.2.3.4:5678`, `[2001:db8::1]:443` or `fe80::1%eth0`; the port and zone say nothing about the client. */
function stripPortAndZone(text: string): string {
  let address = text;
  if (address.startsWith("[")) {
    const end = address.indexOf("]");
    address = end === -1 ? "" : address.slice(1, end);
  } else if (/^[\d.]+:\d+$/.test(address)) {
    address = address.slice(0, address.indexOf(":"));
  }
  const zone = address.indexOf("%");
  return zone === -1 ? address : address.slice(0, zone);
}

function parseIpv4(text: string): number[] | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  const octets = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return octets.every((octet) => octet <= 255) ? octets : undefined;
}

function parseIpv6(text: string): number[] | undefined {
  if (!text.includes(":")) return undefined;
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = parseIpv6Groups(halves[0] ?? "");
  const tail = halves.length === 2 ? parseIpv6Groups(halves[1] ?? "") : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/** Groups of one side of `::`; a trailing dotted quad counts as the last two groups. */
function parseIpv6Groups(text: string): number[] | undefined {
  if (text === "") return [];
  const pieces = text.split(":");
  const groups: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (index === pieces.length - 1 && piece.includes(".")) {
      const ipv4 = parseIpv4(piece);
      if (!ipv4) return undefined;
      const [a = 0, b = 0, c = 0, d = 0] = ipv4;
      groups.push((a << 8) | b, (c << 8) | d);
    } else if (/^[\da-f]{1,4}$/i.test(piece)) {
      groups.push(Number.parseInt(piece, 16));
    } else {
      return undefined;
    }
  }
  return groups;
}

function isIpv4Mapped(groups: number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}
