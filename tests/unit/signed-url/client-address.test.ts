/** @jest-environment node */
import { clientKeyFor, unidentifiedClientKey } from "@/lib/signed-url/client-address";

const forwardedFor = (...values: string[]) => {
  const headers = new Headers();
  for (const value of values) headers.append("x-forwarded-for", value);
  return headers;
};
const oneProxy = { header: "x-forwarded-for", hops: 1 };

describe("the client a request counts against", () => {
  it("is the shared unidentified client when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientKeyFor(forwardedFor("203.0.113.7"), undefined)).toBe(unidentifiedClientKey);
  });

  it("is the rightmost X-Forwarded-For entry behind one trusted proxy, ignoring entries the client wrote", () => {
    expect(clientKeyFor(forwardedFor("6.6.6.6, 203.0.113.7"), oneProxy)).toBe("ipv4:203.0.113.7");
  });

  it("is the second entry from the right behind two trusted proxies (TRUST_PROXY_HOPS=2)", () => {
    expect(clientKeyFor(forwardedFor("6.6.6.6, 203.0.113.7, 10.0.0.2"), { header: "x-forwarded-for", hops: 2 })).toBe("ipv4:203.0.113.7");
  });

  it("reads repeated X-Forwarded-For headers as one list", () => {
    expect(clientKeyFor(forwardedFor("6.6.6.6", "203.0.113.7"), oneProxy)).toBe("ipv4:203.0.113.7");
  });

  it("is the shared unidentified client when the list is shorter than the trusted hops", () => {
    expect(clientKeyFor(forwardedFor("203.0.113.7"), { header: "x-forwarded-for", hops: 2 })).toBe(unidentifiedClientKey);
  });

  it("is the shared unidentified client when the trusted header is missing", () => {
    expect(clientKeyFor(new Headers(), oneProxy)).toBe(unidentifiedClientKey);
  });

  it("reads a single-address header such as X-Real-IP whole", () => {
    expect(clientKeyFor(new Headers({ "x-real-ip": "198.51.100.20" }), { header: "x-real-ip", hops: 1 })).toBe("ipv4:198.51.100.20");
  });

  it("counts an IPv6 client per /64 network", () => {
    const first = clientKeyFor(forwardedFor("2001:db8:aa:bb::1"), oneProxy);
    const second = clientKeyFor(forwardedFor("2001:db8:aa:bb:ffff:1:2:3"), oneProxy);

    expect(first).toBe("ipv6:2001:db8:aa:bb::/64");
    expect(second).toBe(first);
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address it carries", () => {
    expect(clientKeyFor(forwardedFor("::ffff:203.0.113.7"), oneProxy)).toBe("ipv4:203.0.113.7");
    expect(clientKeyFor(forwardedFor("::ffff:cb00:7107"), oneProxy)).toBe("ipv4:203.0.113.7");
  });

  it("ignores the port and zone a proxy may write after the address", () => {
    expect(clientKeyFor(forwardedFor("203.0.113.7:51234"), oneProxy)).toBe("ipv4:203.0.113.7");
    expect(clientKeyFor(forwardedFor("[2001:db8::1]:443"), oneProxy)).toBe("ipv6:2001:db8:0:0::/64");
    expect(clientKeyFor(forwardedFor("fe80::1%eth0"), oneProxy)).toBe("ipv6:fe80:0:0:0::/64");
  });

  it("is the shared unidentified client for a value that is not an IP address", () => {
    for (const value of ["unknown", "256.1.1.1", "1.2.3", "2001:db8::1::2", "1:2:3:4:5:6:7:8:9", "_hidden"]) {
      expect(clientKeyFor(forwardedFor(value), oneProxy)).toBe(unidentifiedClientKey);
    }
  });
});
