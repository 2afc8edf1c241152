/** @jest-environment node */
import { cacheControlFor, cacheRules, immutable, revalidateEveryTime } from "@/lib/security/cache-policy";
import { isCacheableSuccess, securityHeadersFor } from "@/lib/security/response-headers";

const headerMap = (pathname: string, options?: Parameters<typeof securityHeadersFor>[1]) =>
  Object.fromEntries(securityHeadersFor(pathname, options).map(({ key, value }) => [key, value]));

describe("the cache lifetime of a response", () => {
  it.each([
    ["is a year, immutable, for build assets named by their content", ["/_next/static/chunks/0a1b2c.js", "/_next/static/media/inter.woff2"], immutable],
    ["is a year, immutable, for voice worklets copied with a content hash in their names", ["/vendor/voice/libsamplerate.worklet.3f9a1c2b7d.js", "/vendor/voice/audioConcatProcessor-0a1b2c3d.js"], immutable],
    ["is revalidated every time for a vendored file without a hash, which keeps its URL across upgrades", ["/vendor/voice/libsamplerate.worklet.js"], revalidateEveryTime],
    ["is a day, then revalidated, for share images, whose URLs social networks keep", ["/og/blog/byod-vishing-problem.png"], "public, max-age=86400, must-revalidate"],
    ["is an hour, then revalidated, for other site files (images, the one-pager, sitemap)", ["/mockingbird-one-pager.pdf", "/sitemap.xml"], "public, max-age=3600, must-revalidate"],
    ["is revalidated every time for pages", ["/", "/blog/helpdesk-vishing-breach-lessons"], revalidateEveryTime],
  ])("%s", (_behaviour, paths, lifetime) => {
    for (const path of paths) expect(cacheControlFor(path)).toBe(lifetime);
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
