import { expect, test } from "@playwright/test";
import { siteOrigin } from "../../lib/config/site-links";
import { sitemapPriorities } from "./routes";
import { articles, topics } from "./articles";

// Where /sitemap was found wanting: a phone's width.
test.use({ viewport: { width: 390, height: 844 } });

test("/sitemap fits a 390 px phone without scrolling sideways", async ({ page }) => {
  await page.goto("/sitemap");
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const overflowing = await page.getByRole("main").evaluate((main) =>
    [...main.querySelectorAll("*")].filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).map((element) => element.outerHTML.slice(0, 120)),
  );
  expect(overflowing).toEqual([]);
});

test("/sitemap links every page, topic page and article of the XML sitemap by its title", async ({ page }) => {
  await page.goto("/sitemap");
  const links = await page
    .getByRole("main")
    .getByRole("link")
    .evaluateAll((anchors) => anchors.map((anchor) => ({ href: anchor.getAttribute("href") ?? "", text: anchor.textContent?.trim() ?? "" })));
  const expected = [...Object.keys(sitemapPriorities), ...articles().map((article) => `/blog/${article.slug}`), ...topics().map((topic) => topic.path)];
  expect(links.map((link) => link.href).sort()).toEqual(expected.sort());
  for (const link of links) expect(link.text, link.href).not.toMatch(/^(https?:|\/|$)/);
  for (const article of articles()) expect(links).toContainEqual({ href: `/blog/${article.slug}`, text: article.title });
  for (const topic of topics()) expect(links).toContainEqual({ href: topic.path, text: topic.name });
  // A page by the short name its breadcrumb uses ("Home", not the search result's title).
  expect(links).toContainEqual({ href: "/", text: "Home" });
});

test("/sitemap lists pages under the product, the company, the blog and legal", async ({ page }) => {
  await page.goto("/sitemap");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(["Product", "Company", "Blog", "Legal"]);
  await expect(page.getByRole("region", { name: "Legal" }).getByRole("link")).toHaveText(["Privacy Policy", "Terms of Service"]);
});

test("/sitemap has a branded title, its own canonical URL and breadcrumbs", async ({ page }) => {
  await page.goto("/sitemap");
  await expect(page).toHaveTitle("Sitemap | Mockingbird");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${siteOrigin}/sitemap`);
  const nodes = (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((block) => JSON.parse(block)["@graph"] as Array<Record<string, unknown>>);
  const breadcrumb = nodes.find((node) => node["@type"] === "BreadcrumbList") as { itemListElement: Array<{ name: string }> };
  expect(breadcrumb.itemListElement.map((item) => item.name)).toEqual(["Home", "Sitemap"]);
});

test("every link of /sitemap resolves", async ({ page, request }) => {
  await page.goto("/sitemap");
  const hrefs = await page.getByRole("main").getByRole("link").evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
  for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
});
