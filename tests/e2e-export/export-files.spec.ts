import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { routes } from "../e2e/routes";
import { articles } from "../e2e/articles";
import { baselineSecurityHeaders } from "../../lib/security/csp";
import { metaPolicyOf } from "../../scripts/build/export-cdn-config";

const out = path.join(process.cwd(), "out");
const read = (file: string) => readFileSync(path.join(out, file), "utf8");
const htmlFileOf = (route: string) => (route === "/" ? "index.html" : `${route.slice(1)}.html`);

test.describe("static export (npm run build:export)", () => {
  test.beforeAll(() => {
    if (!existsSync(out)) throw new Error("out/ is missing: run `npm test -- export` first (a whole `npm test` does)");
  });

  test("writes every route's HTML with its heading", () => {
    for (const route of routes) expect(read(htmlFileOf(route.path)), route.path).toContain(route.heading.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
    for (const article of articles()) expect(existsSync(path.join(out, "blog", `${article.slug}.html`)), article.slug).toBe(true);
  });

  test("writes the 404 page", () => {
    expect(read("404.html")).toContain("Oops! Page not found");
  });

  test("writes the sitemap, robots.txt and RSS feed", () => {
    expect(read("sitemap.xml")).toContain("<urlset");
    expect(read("robots.txt")).toContain("Sitemap:");
    expect(read("blog/rss.xml")).toContain('<rss version="2.0"');
  });

  test("carries no server code: the signed-URL endpoint lives elsewhere in this mode", () => {
    expect(existsSync(path.join(out, "functions"))).toBe(false);
  });

  test("ships the site-wide headers of lib/security for the CDN, and framing per path", () => {
    const headers = read("_headers");
    for (const { key, value } of baselineSecurityHeaders) expect(headers).toContain(`  ${key}: ${value}`);
    expect(headers).toContain("frame-ancestors 'none'");
    // Script hashes live in each page, not in a header a CDN may drop for its length.
    expect(headers).not.toContain("script-src");
  });

  test("puts each page's policy in the page, first in <head>, with no eval", () => {
    for (const route of routes) {
      const html = read(htmlFileOf(route.path));
      const policy = metaPolicyOf(html);
      expect(policy, route.path).toContain("script-src 'self' 'sha256-");
      expect(policy).not.toContain("unsafe-eval");
      expect(policy).not.toContain("frame-ancestors");
      expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf("<script"));
    }
  });

  test("writes _redirects and vercel.json for the hosts that read them", () => {
    expect(read("_redirects")).toContain("/PRODUCT /product 301");
    const vercel = JSON.parse(read("vercel.json")) as { cleanUrls: boolean; redirects: { destination: string; permanent: boolean }[] };
    expect(vercel.cleanUrls).toBe(true);
    expect(vercel.redirects.find((redirect) => redirect.destination === "/product")?.permanent).toBe(true);
  });
});
