import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Frame } from "@playwright/test";
import { baselineSecurityHeaders } from "../../lib/security/csp";
import { EMBED_PATH } from "../../lib/security/framing";
import { inlineScriptHashes } from "../../lib/security/inline-script-hashes";
import { caseVariants, metaPolicyOf } from "../../scripts/build/export-cdn-config";
import { routes } from "../e2e/routes";
import { injectInlineScript } from "../e2e/support/injected-script";
import { startPartnerSite } from "@mockingbird/testkit/fakes/partner-site";
import { articles } from "../e2e/articles";
import { cdnOrigin, framerOrigin } from "@mockingbird/testkit/export-suite/endpoints";
import { exportFiles, exportRoutes, outDir, ruleMatches, shippedHeaderRules } from "../../scripts/lib/export-served";

/**
 * The static export as a CDN serves it: out/ on Cloudflare's Pages runtime (wrangler pages
 * dev on workerd), with the `_headers` and `_redirects` the export build wrote.
 */

const htmlFileOf = (route: string) => path.join(outDir, route === "/" ? "index.html" : `${route.slice(1)}.html`);
const escapedHeading = (heading: string) => heading.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");
const notFoundPath = "/no-such-page";
/** Tests that request every page or rule: their time grows with the site, so does their budget. */
const walkBudgetMs = 120_000;

test("every page answers 200 with its heading, title and canonical URL", async ({ request }) => {
  test.setTimeout(walkBudgetMs);
  for (const route of routes) {
    const response = await request.get(route.path, { maxRedirects: 0 });
    expect(response.status(), route.path).toBe(200);
    const html = await response.text();
    expect(html, route.path).toContain(escapedHeading(route.heading));
    expect(html).toMatch(/<link rel="canonical" href="https:\/\/www\.mockingbird\.example[^"]*"/);
  }
  for (const article of articles()) {
    const response = await request.get(`/blog/${article.slug}`, { maxRedirects: 0 });
    expect(response.status(), article.slug).toBe(200);
  }
  for (const route of ["/embed/call", "/sitemap"]) expect((await request.get(route, { maxRedirects: 0 })).status(), route).toBe(200);
});

test("carries no server code: the signed-URL endpoint lives elsewhere in this mode", () => {
  expect(exportFiles().filter((file) => file.startsWith("/functions/"))).toEqual([]);
});

test("an unknown path answers 404 with the site's 404 page", async ({ request, page }) => {
  const response = await request.get(notFoundPath);
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("Oops! Page not found");
  await page.goto(notFoundPath);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Oops! Page not found");
});

test("the CDN serves each page byte for byte, so its policy lists exactly the inline scripts it runs", async ({ request }) => {
  test.setTimeout(walkBudgetMs);
  for (const route of [...exportRoutes(), notFoundPath]) {
    const response = await request.get(route);
    const served = await response.text();
    const file = route === notFoundPath ? path.join(outDir, "404.html") : htmlFileOf(route);
    expect(served, route).toBe(readFileSync(file, "utf8"));
    const policy = metaPolicyOf(served);
    expect(policy, route).not.toBeNull();
    const allowed = [...policy!.matchAll(/'(sha256-[^']+)'/g)].map((match) => match[1]).sort();
    expect(allowed, route).toEqual(inlineScriptHashes(served).sort());
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toContain("unsafe-inline' 'sha");
  }
});

for (const route of [...exportRoutes(), notFoundPath]) {
  test(`${route} loads in the browser without a single policy violation`, async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => /Content.Security.Policy|Refused to/i.test(message.text()) && violations.push(message.text()));
    await page.goto(route, { waitUntil: "load" });
    expect(violations).toEqual([]);
  });
}

test("an inline script injected into a page is blocked by the page's policy", async ({ page }) => {
  await page.goto("/product");
  const { ran, violations } = await injectInlineScript(page);
  expect(ran).toBe(false);
  expect(violations.join("\n")).toContain("script-src");
});

test("every rule of _headers reaches the paths it matches, with every line within the CDN's limits", async ({ request }) => {
  test.setTimeout(walkBudgetMs);
  const rules = shippedHeaderRules();
  const samples = [...exportRoutes(), notFoundPath, "/embed/call.html", ...exportFiles()];
  let applied = 0;
  for (const rule of rules) {
    // Pages first, then files: a few of each rule's paths.
    const paths = samples.filter((sample) => ruleMatches(rule.path, sample)).slice(0, 4);
    expect(paths.length, `no sample path for rule ${rule.path}`).toBeGreaterThan(0);
    for (const sample of paths) {
      const headers = (await request.get(sample, { maxRedirects: 0 })).headersArray();
      for (const { key, value } of rule.headers) {
        const sent = headers.filter((header) => header.name.toLowerCase() === key.toLowerCase()).map((header) => header.value);
        expect(sent.join(", "), `${key} on ${sample} (rule ${rule.path})`).toContain(value);
      }
    }
    applied++;
  }
  expect(applied).toBe(rules.length);
  const longest = Math.max(...readFileSync(path.join(outDir, "_headers"), "utf8").split("\n").map((line) => line.length));
  expect(longest).toBeLessThanOrEqual(2000);
});

test("the site-wide security headers of lib/security are on pages, assets and the 404 page", async ({ page, request }) => {
  await page.goto("/");
  const script = await page.locator("script[src^='/_next/static/']").first().getAttribute("src");
  for (const target of ["/", "/product", notFoundPath, "/sitemap.xml", "/mockingbird-one-pager.pdf", script!]) {
    const headers = (await request.get(target, { maxRedirects: 0 })).headers();
    for (const { key, value } of baselineSecurityHeaders) expect(headers[key.toLowerCase()], `${key} on ${target}`).toBe(value);
  }
});

test("every page but /embed/call refuses to be framed; /embed/call allows only itself and the listed origin", async ({ request }) => {
  test.setTimeout(walkBudgetMs);
  for (const route of [...exportRoutes().filter((route) => route !== EMBED_PATH), notFoundPath]) {
    const headers = (await request.get(route, { maxRedirects: 0 })).headers();
    expect(headers["x-frame-options"], route).toBe("DENY");
    expect(headers["content-security-policy"], route).toBe("frame-ancestors 'none'");
  }
  const embed = (await request.get(EMBED_PATH)).headers();
  expect(embed["x-frame-options"]).toBeUndefined();
  expect(embed["content-security-policy"]).toBe(`frame-ancestors 'self' ${framerOrigin}`);
});

test.describe("framed by the allow-listed partner site", () => {
  let site: { close(): Promise<void> } | undefined;
  test.beforeAll(async () => {
    site = await startPartnerSite(framerOrigin, cdnOrigin, EMBED_PATH);
  });
  test.afterAll(async () => {
    await site?.close();
  });

  test("the widget shows inside the partner's frame and the home page refuses to", async ({ page }) => {
    await page.goto(`${framerOrigin}/`);
    await expect(page.frameLocator('iframe[title="Call widget"]').getByRole("button", { name: "Start Call" })).toBeVisible();
    const homeFrame = await (await page.locator('iframe[title="Home page"]').elementHandle())?.contentFrame();
    await expect.poll(() => (homeFrame as Frame | null | undefined)?.url()).toMatch(/^chrome-error:/);
  });
});

test("a page asked for in capitals is permanently redirected to its lowercase path", async ({ request }) => {
  test.setTimeout(walkBudgetMs);
  expect(caseVariants("/product")).toContain("/PRODUCT");
  for (const route of exportRoutes().filter((route) => route !== "/")) {
    for (const variant of caseVariants(route)) {
      const response = await request.get(variant, { maxRedirects: 0 });
      expect(response.status(), variant).toBe(301);
      expect(new URL(response.headers().location!, cdnOrigin).pathname, variant).toBe(route);
    }
  }
});

test("any other spelling with capitals reaches the lowercase page through the 404 page, query and fragment kept", async ({ page }) => {
  await page.goto("/pRoDuCt?utm_source=test#faq");
  await expect(page).toHaveURL(`${cdnOrigin}/product?utm_source=test#faq`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(routes.find((route) => route.path === "/product")!.heading);
  // An unknown path with capitals stays the 404 page.
  await page.goto("/No-Such-Page");
  await expect(page).toHaveURL(`${cdnOrigin}/No-Such-Page`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Oops! Page not found");
});

test("sitemap.xml, robots.txt and the RSS feed are served as XML and text", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toMatch(/^application\/xml|^text\/xml/);
  expect(await sitemap.text()).toContain("<urlset");
  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain("Sitemap: https://www.mockingbird.example/sitemap.xml");
  const rss = await request.get("/blog/rss.xml");
  expect(rss.headers()["content-type"]).toMatch(/^application\/(rss\+)?xml|^text\/xml/);
  expect(await rss.text()).toContain('<rss version="2.0"');
});

for (const route of routes) {
  test(`${route.path}'s share image is a 1200x630 PNG`, async ({ page, request }) => {
    await page.goto(route.path);
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    const response = await request.get(new URL(image!).pathname);
    expect(response.status(), image!).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    const png = await response.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
}

test("the self-hosted font and the voice worklets are served with their types and the cache policy's lifetimes", async ({ page, request }) => {
  // What the shipped rules give a path, or the CDN's own revalidation where none matches.
  const cacheControlOf = (path: string) =>
    shippedHeaderRules()
      .filter((rule) => ruleMatches(rule.path, path))
      .flatMap((rule) => rule.headers)
      .find((header) => header.key === "Cache-Control")?.value ?? "public, max-age=0, must-revalidate";
  await page.goto("/");
  const font = await page.locator('link[rel="preload"][as="font"]').first().getAttribute("href");
  const fontResponse = await request.get(font!);
  expect(fontResponse.headers()["content-type"]).toBe("font/woff2");
  // Named by its content: a year, never revalidated.
  expect(fontResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const worklets = exportFiles().filter((file) => file.startsWith("/vendor/voice/") && file.endsWith(".js"));
  expect(worklets.length).toBeGreaterThanOrEqual(3);
  for (const worklet of worklets) {
    const response = await request.get(worklet);
    expect(response.status(), worklet).toBe(200);
    expect(response.headers()["content-type"], worklet).toMatch(/^(application|text)\/javascript/);
    expect(response.headers()["cache-control"], worklet).toBe(cacheControlOf(worklet));
  }
});
