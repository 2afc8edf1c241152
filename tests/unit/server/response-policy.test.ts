/** @jest-environment node */
import { cacheControlFor, cacheRules, immutable, revalidateEveryTime } from "@/lib/security/cache-policy";
import { isCacheableSuccess, securityHeadersFor } from "@/lib/security/response-headers";

const headerMap = (pathname: string, options?: Parameters<typeof securityHeadersFor>[1]) =>
  Object.fromEntries(securityHeadersFor(pathname, options).map(({ key, value }) => [key, value]));

describe("the cache lifetime of a response", () => {
  it("is a year, immutable, for build assets named by their content", () => {
    expect(cacheControlFor("/_next/static/chunks/0a1b2c.js")).toBe(immutable);
    expect(cacheControlFor("/_next/static/media/inter.woff2")).toBe(immutable);
  });

  it("is a year, immutable, for voice worklets copied with a content hash in their names", () => {
    expect(cacheControlFor("/vendor/voice/libsamplerate.worklet.3f9a1c2b7d.js")).toBe(immutable);
    expect(cacheControlFor("/vendor/voice/audioConcatProcessor-0a1b2c3d.js")).toBe(immutable);
  });

  it("is revalidated every time for a vendored file without a hash, which keeps its URL across upgrades", () => {
    expect(cacheControlFor("/vendor/voice/libsamplerate.worklet.js")).toBe(revalidateEveryTime);
  });

  it("is a day, then revalidated, for share images, whose URLs social networks keep", () => {
    expect(cacheControlFor("/og/blog/byod-vishing-problem.png")).toBe("public, max-age=86400, must-revalidate");
  });

  it("is an hour, then revalidated, for other site files (images, the one-pager, sitemap)", () => {
    expect(cacheControlFor("/mockingbird-one-pager.pdf")).toBe("public, max-age=3600, must-revalidate");
    expect(cacheControlFor("/sitemap.xml")).toBe("public, max-age=3600, must-revalidate");
  });

  it("is revalidated every time for pages", () => {
    expect(cacheControlFor("/")).toBe(revalidateEveryTime);
    expect(cacheControlFor("/blog/helpdesk-vishing-breach-lessons")).toBe(revalidateEveryTime);
  });

  it("is decided by rules that each say why", () => {
    for (const rule of cacheRules) expect(rule.why.length).toBeGreaterThan(40);
  });

  it("is left to the response for redirects and errors, which keep their own", () => {
    expect([200, 304].map(isCacheableSuccess)).toEqual([true, true]);
    expect([301, 308, 404, 405, 500].map(isCacheableSuccess)).toEqual([false, false, false, false, false]);
  });
});

describe("the security headers of every response", () => {
  it("include Cross-Origin-Resource-Policy: same-origin beside HSTS, nosniff, the referrer and permissions policies and COOP", () => {
    expect(headerMap("/product")).toMatchObject({
      "Cross-Origin-Resource-Policy": "same-origin",
      "Cross-Origin-Opener-Policy": "same-origin",
      "X-Content-Type-Options": "nosniff",
      "Strict-Transport-Security": expect.stringContaining("max-age=63072000"),
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });

  it("forbid framing everywhere but the embeddable call widget", () => {
    expect(headerMap("/product")["X-Frame-Options"]).toBe("DENY");
    expect(headerMap("/product")["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    const embed = headerMap("/embed/call", { embedFrameAncestors: ["'self'", "https://partner.example"] });
    expect(embed["X-Frame-Options"]).toBeUndefined();
    expect(embed["Content-Security-Policy"]).toContain("frame-ancestors 'self' https://partner.example");
  });

  it("carry a Content-Security-Policy without inline scripts for responses that are not pages", () => {
    expect(headerMap("/nope")["Content-Security-Policy"]).toMatch(/script-src 'self';/);
  });
});
