/** @jest-environment node */
import { defaultOriginRules, describeOriginRule, isAllowedOrigin, parseOriginRule } from "@mockingbird/contract/origin-policy";

describe("the origin allow-list", () => {
  const defaults = defaultOriginRules("https://www.mockingbird.test/some/page");

  it("allows by default the site's origin, and localhost and 127.0.0.1 over http on any port", () => {
    expect(defaults.map(describeOriginRule)).toEqual(["https://www.mockingbird.test", "http://localhost:*", "http://127.0.0.1:*"]);
  });

  it("matches an exact rule only for the same scheme, host and port", () => {
    expect(isAllowedOrigin("https://www.mockingbird.test", defaults)).toBe(true);
    expect(isAllowedOrigin("http://www.mockingbird.test", defaults)).toBe(false);
    expect(isAllowedOrigin("https://www.mockingbird.test:8443", defaults)).toBe(false);
    expect(isAllowedOrigin("https://mockingbird.test", defaults)).toBe(false);
  });

  it("matches a host on any port, and on no port, for an any-port rule", () => {
    expect(isAllowedOrigin("http://localhost:3000", defaults)).toBe(true);
    expect(isAllowedOrigin("http://localhost", defaults)).toBe(true);
    expect(isAllowedOrigin("https://localhost:3000", defaults)).toBe(false);
    expect(isAllowedOrigin("http://localhost.evil.example:3000", defaults)).toBe(false);
  });

  it("refuses a missing, opaque or malformed Origin", () => {
    for (const origin of [null, "null", "localhost:3000", "https://www.mockingbird.test/", "file://"]) {
      expect(isAllowedOrigin(origin, defaults)).toBe(false);
    }
  });

  it("parses an ALLOWED_ORIGINS entry as an origin, a host on any port, or nothing", () => {
    expect(parseOriginRule(" https://static.mockingbird.test ")).toEqual({ kind: "exact", origin: "https://static.mockingbird.test" });
    expect(parseOriginRule("http://192.168.1.20:*")).toEqual({ kind: "any-port", protocol: "http:", hostname: "192.168.1.20" });
    for (const entry of ["static.mockingbird.test", "https://a.test/path", "ftp://a.test", "https://*.mockingbird.test", "https://a.test:8443:*"]) {
      expect(parseOriginRule(entry)).toBeUndefined();
    }
  });
});
