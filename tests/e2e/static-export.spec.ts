import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { routes } from "./routes";
import { articles } from "./articles";

const out = path.join(process.cwd(), "out");
const read = (file: string) => readFileSync(path.join(out, file), "utf8");
const htmlFileOf = (route: string) => (route === "/" ? "index.html" : `${route.slice(1)}.html`);

test.describe("static export (npm run build:export)", () => {
  test.beforeAll(() => {
    if (!existsSync(out)) throw new Error("out/ is missing: run `npm run build:export` first (npm test does)");
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

  test("ships the security headers for the CDN, with a policy that allows no eval", () => {
    const headers = read("_headers");
    for (const name of ["Content-Security-Policy", "Strict-Transport-Security", "X-Content-Type-Options", "Referrer-Policy", "Permissions-Policy"]) {
      expect(headers).toContain(`${name}: `);
    }
    expect(headers).not.toContain("unsafe-eval");
    expect(headers).toContain("frame-ancestors 'none'");
  });
});
