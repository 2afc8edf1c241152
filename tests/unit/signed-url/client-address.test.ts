/** @jest-environment node */
import { clientIdentityFor, unidentifiedClientKey } from "@/lib/signed-url/client-address";

const forwardedFor = (...values: string[]) => {
  const headers = new Headers();
  for (const value of values) headers.append("x-forwarded-for", value);
  return headers;
};
type TrustedProxy = Parameters<typeof clientIdentityFor>[1];
const oneProxy = { header: "x-forwarded-for", hops: 1 };
const twoProxies = { header: "x-forwarded-for", hops: 2 };

describe("the client a request counts against", () => {
  it.each<[string, Headers, TrustedProxy | undefined, string]>([
    ["is the shared unidentified client when no proxy is trusted, whatever X-Forwarded-For says", forwardedFor("203.0.113.7"), undefined, unidentifiedClientKey],
    ["is the rightmost X-Forwarded-For entry behind one trusted proxy, ignoring entries the client wrote", forwardedFor("6.6.6.6, 203.0.113.7"), oneProxy, "ipv4:203.0.113.7"],
    ["is the second entry from the right behind two trusted proxies (TRUST_PROXY_HOPS=2)", forwardedFor("6.6.6.6, 203.0.113.7, 10.0.0.2"), twoProxies, "ipv4:203.0.113.7"],
    ["reads repeated X-Forwarded-For headers as one list", forwardedFor("6.6.6.6", "203.0.113.7"), oneProxy, "ipv4:203.0.113.7"],
    ["is the shared unidentified client when the list is shorter than the trusted hops", forwardedFor("203.0.113.7"), twoProxies, unidentifiedClientKey],
    ["is the shared unidentified client when the trusted header is missing", new Headers(), oneProxy, unidentifiedClientKey],
    ["reads a single-address header such as X-Real-IP whole", new Headers({ "x-real-ip": "198.51.100.20" }), { header: "x-real-ip", hops: 1 }, "ipv4:198.51.100.20"],
  ])("%s", (_behaviour, headers, proxy, client) => {
    expect(clientIdentityFor(headers, proxy).client).toBe(client);
  });

  it("counts an IPv6 client per /64 network", () => {
    const first = clientIdentityFor(forwardedFor("2001:db8:aa:bb::1"), oneProxy).client;
    const second = clientIdentityFor(forwardedFor("2001:db8:aa:bb:ffff:1:2:3"), oneProxy).client;

    expect(first).toBe("ipv6:2001:db8:aa:bb::/64");
    expect(second).toBe(first);
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address it carries", () => {
    expect(clientIdentityFor(forwardedFor("::ffff:203.0.113.7"), oneProxy).client).toBe("ipv4:203.0.113.7");
    expect(clientIdentityFor(forwardedFor("::ffff:cb00:7107"), oneProxy).client).toBe("ipv4:203.0.113.7");
  });

  it("ignores the port and zone a proxy may write after the address", () => {
    expect(clientIdentityFor(forwardedFor("203.0.113.7:51234"), oneProxy).client).toBe("ipv4:203.0.113.7");
    expect(clientIdentityFor(forwardedFor("[2001:db8::1]:443"), oneProxy).client).toBe("ipv6:2001:db8:0:0::/64");
    expect(clientIdentityFor(forwardedFor("fe80::1%eth0"), oneProxy).client).toBe("ipv6:fe80:0:0:0::/64");
  });

  it("is the shared unidentified client for a value that is not an IP address", () => {
    for (const value of ["unknown", "256.1.1.1", "1.2.3", "2001:db8::1::2", "1:2:3:4:5:6:7:8:9", "_hidden"]) {
      expect(clientIdentityFor(forwardedFor(value), oneProxy).client).toBe(unidentifiedClientKey);
    }
  });

  it("puts an IPv4 visitor in its /24 network and an IPv6 visitor in its /48, for the network's daily budget", () => {
    expect(clientIdentityFor(forwardedFor("203.0.113.7"), oneProxy)).toEqual({ client: "ipv4:203.0.113.7", network: "ipv4:203.0.113.0/24" });
    expect(clientIdentityFor(forwardedFor("2001:db8:aa:bb::1"), oneProxy)).toEqual({
      client: "ipv6:2001:db8:aa:bb::/64",
      network: "ipv6:2001:db8:aa::/48",
    });
  });

  it("counts the shared unidentified client in a network of its own", () => {
    expect(clientIdentityFor(forwardedFor("203.0.113.7"), undefined)).toEqual({ client: unidentifiedClientKey, network: unidentifiedClientKey });
  });
});
