import { pathToRegexp } from "next/dist/compiled/path-to-regexp";
import {
  cacheHeaderRules,
  caseVariants,
  cdnLimits,
  headerRules,
  headersFile,
  insertAtHeadStart,
  lowercaseFallbackScript,
  metaContentSecurityPolicy,
  redirectLines,
  redirectsFile,
  vercelCaseInsensitiveSource,
  vercelConfig,
  vercelSource,
} from "@/scripts/build/export-cdn-config";

const pages = { routes: ["/", "/product", "/blog", "/blog/some-post", "/embed/call"], embeddable: (route: string) => route === "/embed/call" };
const inputs = {
  siteWide: [{ key: "X-Content-Type-Options", value: "nosniff" }],
  frameDeny: { key: "X-Frame-Options", value: "DENY" },
  embedFrameAncestors: ["'self'", "https://partner.example"],
};

describe("each page's own policy", () => {
  test("leaves out frame-ancestors, which browsers ignore in a meta tag", () => {
    const policy = metaContentSecurityPolicy({ scriptHashes: ["sha256-abc"], development: false });
    expect(policy).toContain("script-src 'self' 'sha256-abc'");
    expect(policy).not.toContain("frame-ancestors");
  });

  test("goes right after the charset declaration, before anything it governs", () => {
    const html = '<!DOCTYPE html><html><head><meta charSet="utf-8"/><script src="/a.js"></script></head></html>';
    expect(insertAtHeadStart(html, "<X/>")).toBe('<!DOCTYPE html><html><head><meta charSet="utf-8"/><X/><script src="/a.js"></script></head></html>');
    expect(insertAtHeadStart("<html><head><title>t</title></head></html>", "<X/>")).toBe("<html><head><X/><title>t</title></head></html>");
    expect(() => insertAtHeadStart("<p>no head</p>", "<X/>")).toThrow(/no <head>/);
  });
});

describe("header rules", () => {
  test("refuse a folder holding the embeddable page beside others, which a folder rule would deny", () => {
    expect(() => headerRules({ routes: ["/embed/call", "/embed/other"], embeddable: pages.embeddable }, inputs)).toThrow(/embeddable page and other pages/);
  });
});

describe("the _headers file", () => {
  test("refuses a line a CDN would drop for its length, and more rules than it reads", () => {
    const long = { path: "/*", headers: [{ key: "Content-Security-Policy", value: "x".repeat(cdnLimits.headerLineLength) }] };
    expect(() => headersFile([long])).toThrow(/drops lines over 2000/);
    const many = Array.from({ length: cdnLimits.headerRules + 1 }, (_, index) => ({ path: `/p${index}`, headers: [] }));
    expect(() => headersFile(many)).toThrow(/at most 100/);
  });
});

describe("paths with capitals", () => {
  test("the usual spellings of a page are redirected to it permanently", () => {
    expect(caseVariants("/join-beta")).toEqual(["/JOIN-BETA", "/Join-beta", "/Join-Beta"]);
    expect(caseVariants("/")).toEqual([]);
    expect(redirectLines(["/product"])).toEqual(["/PRODUCT /product 301", "/Product /product 301"]);
    expect(() => redirectsFile(["/a /b 301".padEnd(cdnLimits.redirectLineLength + 1, "x")])).toThrow(/1000/);
  });

  test("on Vercel one case-sensitive pattern per page matches every spelling with a capital and never the page itself", () => {
    const source = vercelCaseInsensitiveSource("/blog/some-post");
    const pattern = pathToRegexp(source, [], { sensitive: true });
    for (const spelling of ["/BLOG/SOME-POST", "/Blog/some-post", "/blog/sOme-post"]) expect(pattern.test(spelling)).toBe(true);
    for (const other of ["/blog/some-post", "/blog/some-posts", "/blog/other"]) expect(pattern.test(other)).toBe(false);
  });

  test("vercel.json carries the same header rules and a 308 per page", () => {
    expect(vercelSource("/*")).toBe("/(.*)");
    expect(vercelSource("/blog/*")).toBe("/blog/(.*)");
    const config = vercelConfig([{ path: "/:page", headers: [] }], ["/", "/product"]) as { headers: { source: string }[]; redirects: { destination: string; permanent: boolean }[] };
    expect(config.headers).toEqual([{ source: "/:page", headers: [] }]);
    expect(config.redirects).toEqual([{ source: vercelCaseInsensitiveSource("/product"), destination: "/product", permanent: true }]);
  });

  test("the 404 page sends a known page's other spellings to it, query and fragment kept, and leaves unknown paths alone", () => {
    const run = (pathname: string) => {
      const location = { pathname, search: "?q=1", hash: "#top", replace: jest.fn() };
      new Function("location", lowercaseFallbackScript(["/", "/product"]))(location);
      return location.replace.mock.calls.map((call) => call[0]);
    };
    expect(run("/pRoDuCt")).toEqual(["/product?q=1#top"]);
    expect(run("/PRODUCT/")).toEqual(["/product?q=1#top"]);
    expect(run("/No-Such-Page")).toEqual([]);
    expect(run("/product")).toEqual([]);
  });
});

describe("cache lifetimes from the cache policy", () => {
  const policy = {
    rules: [
      { glob: "/_next/static/*", cacheControl: "immutable-year" },
      { glob: "/vendor/voice/*", cacheControl: "immutable-year" },
      { glob: "/vendor/*", cacheControl: "revalidate" },
      { glob: "/og/*", cacheControl: "a-day" },
      { glob: "/*.*", cacheControl: "an-hour" },
      { glob: "/*", cacheControl: "revalidate" },
    ],
    cacheControlFor: (path: string) =>
      path.startsWith("/_next/static/") ? "immutable-year" : path.startsWith("/vendor/voice/") && /\.[0-9a-f]{8}\./.test(path) ? "immutable-year" : path.startsWith("/og/") ? "a-day" : /\.(png|txt)$/.test(path) ? "an-hour" : "revalidate",
    hostDefault: "revalidate",
  };

  test("become folder rules where every file of the folder has that lifetime, and nothing else", () => {
    const files = ["/_next/static/a.js", "/og/home.png", "/vendor/voice/worklet.js", "/robots.txt", "/product.html"];
    expect(cacheHeaderRules(files, policy)).toEqual([
      { path: "/_next/static/*", headers: [{ key: "Cache-Control", value: "immutable-year" }] },
      { path: "/og/*", headers: [{ key: "Cache-Control", value: "a-day" }] },
    ]);
  });

  test("follow the policy when its files change: hashed worklets become immutable", () => {
    const rules = cacheHeaderRules(["/vendor/voice/worklet.0a1b2c3d.js"], policy);
    expect(rules).toEqual([{ path: "/vendor/voice/*", headers: [{ key: "Cache-Control", value: "immutable-year" }] }]);
  });
});
