import { expect, test } from "@playwright/test";
import { DOMParser } from "@xmldom/xmldom";
import { siteOrigin } from "../../lib/config/site-links";
import { routes, sitemapPriorities } from "./routes";
import { articles } from "./articles";
import { injectInlineScript } from "./support/injected-script";

test("/sitemap.xml is sitemaps.org XML listing every route and article with its priority", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.headers()["content-type"]).toContain("xml");
  const xml = await response.text();
  const listed = await test.step("parse", async () => {
    const doc = new DOMParser().parseFromString(xml, "text/xml");
    expect(doc.documentElement?.namespaceURI).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    return Array.from(doc.getElementsByTagName("url")).map((url) => ({
      loc: url.getElementsByTagName("loc")[0]?.textContent ?? "",
      priority: Number(url.getElementsByTagName("priority")[0]?.textContent),
    }));
  });
  const expected = [
    ...Object.entries(sitemapPriorities).map(([path, priority]) => ({ loc: path === "/" ? siteOrigin : `${siteOrigin}${path}`, priority })),
    ...articles().map((article) => ({ loc: `${siteOrigin}/blog/${article.slug}`, priority: 0.7 })),
  ];
  expect(listed.sort((a, b) => a.loc.localeCompare(b.loc))).toEqual(expected.sort((a, b) => a.loc.localeCompare(b.loc)));
});

test("/sitemap.xml dates each article by its own last change, its update or else its publication", async ({ request }) => {
  const doc = new DOMParser().parseFromString(await (await request.get("/sitemap.xml")).text(), "text/xml");
  const lastmod = new Map(
    Array.from(doc.getElementsByTagName("url")).map((url) => [url.getElementsByTagName("loc")[0]?.textContent ?? "", url.getElementsByTagName("lastmod")[0]?.textContent ?? ""]),
  );
  for (const article of articles()) {
    expect(lastmod.get(`${siteOrigin}/blog/${article.slug}`), article.slug).toBe(new Date(`${article.updated ?? article.date} UTC`).toISOString());
  }
});

test("a browser opening /sitemap.xml sees a readable page titled Sitemap", async ({ page }) => {
  await page.goto("/sitemap.xml");
  await expect(page).toHaveTitle("Sitemap");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sitemap");
  await expect(page.getByRole("row")).toHaveCount(routes.length + articles().length + 1);
});

test("robots.txt allows crawling and names the sitemap", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("User-agent: *");
  expect(robots).toContain(`Sitemap: ${siteOrigin}/sitemap.xml`);
});

test("the page's policy blocks a script injected inline", async ({ page }) => {
  await page.goto("/");
  const { ran, violations } = await injectInlineScript(page);
  expect(ran).toBe(false);
  expect(violations.length).toBeGreaterThan(0);
});
