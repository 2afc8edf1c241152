import { expect, test } from "@playwright/test";
import { DOMParser } from "@xmldom/xmldom";
import { siteOrigin } from "../../lib/config/site-links";
import { sitemapPriorities } from "./routes";
import { articles, topics } from "./articles";
import { injectInlineScript } from "./support/injected-script";

test("/sitemap.xml is sitemaps.org XML listing every route, article and topic page with its priority", async ({ request }) => {
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
    ...topics().map((topic) => ({ loc: `${siteOrigin}${topic.path}`, priority: 0.5 })),
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

test("/sitemap.xml dates each topic page by the last change to any of its articles", async ({ request }) => {
  const doc = new DOMParser().parseFromString(await (await request.get("/sitemap.xml")).text(), "text/xml");
  const lastmod = new Map(
    Array.from(doc.getElementsByTagName("url")).map((url) => [url.getElementsByTagName("loc")[0]?.textContent ?? "", url.getElementsByTagName("lastmod")[0]?.textContent ?? ""]),
  );
  const lastChange = new Map(articles().map((article) => [article.slug, Date.parse(`${article.updated ?? article.date} UTC`)]));
  for (const topic of topics()) {
    expect(lastmod.get(`${siteOrigin}${topic.path}`), topic.path).toBe(new Date(Math.max(...topic.slugs.map((slug) => lastChange.get(slug)!))).toISOString());
  }
});

test("a browser opening /sitemap.xml sees the sitemap for people", async ({ page }) => {
  await page.goto("/sitemap.xml");
  await expect(page).toHaveTitle("Sitemap | Mockingbird");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sitemap");
  await expect(page.getByRole("main").getByRole("link", { name: articles()[0]!.title })).toHaveAttribute("href", `/blog/${articles()[0]!.slug}`);
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
