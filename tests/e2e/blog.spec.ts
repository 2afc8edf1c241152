import { expect, test } from "@playwright/test";
import { DOMParser } from "@xmldom/xmldom";
import { siteOrigin } from "../../lib/config/site-links";
import { articles, topics } from "./articles";

// Newest first; June 5 has two articles, the higher id first (docs/specification.md §2).
const expectedOrder = [
  "mockingbird-ai-cyber-helmets-partnership",
  "byod-vishing-problem",
  "security-awareness-ai-voice-coach",
  "ai-vishing-simulation-vs-manual",
  "salesforce-vishing-campaign-analysis",
  "practical-guide-vishing-defense",
  "vishing-simulation-must-have",
  "helpdesk-vishing-breach-lessons",
  "leaked-blackbasta-chats-vishing",
  "introducing-mockingbird-ai-blog",
];

test("the blog index lists all ten articles, newest first", async ({ page }) => {
  await page.goto("/blog");
  const links = page.getByRole("region", { name: "Articles" }).getByRole("heading", { level: 2 }).getByRole("link");
  await expect(links).toHaveCount(10);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
  expect(hrefs).toEqual(expectedOrder.map((slug) => `/blog/${slug}`));
});

test("the blog index's five topic pills link to their topic pages", async ({ page }) => {
  await page.goto("/blog");
  const pills = page.getByRole("list", { name: "Topics" }).getByRole("link");
  await expect(pills).toHaveText(["Vishing Simulation", "Voice Security Training", "AI Security", "Social Engineering", "Cybersecurity Training"]);
  const byName = new Map(topics().map((topic) => [topic.name, topic.path]));
  for (const pill of await pills.all()) await expect(pill).toHaveAttribute("href", byName.get((await pill.textContent()) ?? "") ?? "no topic page");
});

for (const topic of topics()) {
  test(`the topic page ${topic.path} lists the articles tagged ${topic.name}, newest first`, async ({ page }) => {
    const response = await page.goto(topic.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(topic.name);
    const hrefs = await page.getByRole("region", { name: "Articles" }).getByRole("heading", { level: 2 }).getByRole("link").evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
    expect(hrefs).toEqual(expectedOrder.filter((slug) => topic.slugs.includes(slug)).map((slug) => `/blog/${slug}`));
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a topic pill leads to its pre-rendered topic page", async ({ page }) => {
    await page.goto("/blog");
    await page.getByRole("list", { name: "Topics" }).getByRole("link", { name: "AI Security" }).click();
    await expect(page).toHaveURL(/\/blog\/topics\/ai-security$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI Security");
    await expect(page.getByRole("region", { name: "Articles" }).getByRole("heading", { level: 2 })).toHaveCount(topics().find((topic) => topic.name === "AI Security")!.slugs.length);
  });
});

test("a topic page has its own canonical URL and CollectionPage and BreadcrumbList JSON-LD", async ({ page }) => {
  const topic = topics().find((candidate) => candidate.name === "Help Desk Security")!;
  await page.goto(topic.path);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${siteOrigin}${topic.path}`);
  const nodes = (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((block) => JSON.parse(block)["@graph"] as Array<Record<string, unknown>>);
  const collection = nodes.find((node) => node["@type"] === "CollectionPage") as { mainEntity: { itemListElement: Array<{ url: string }> } };
  expect(collection.mainEntity.itemListElement.map((item) => item.url).sort()).toEqual(topic.slugs.map((slug) => `${siteOrigin}/blog/${slug}`).sort());
  const breadcrumb = nodes.find((node) => node["@type"] === "BreadcrumbList") as { itemListElement: Array<{ name: string }> };
  expect(breadcrumb.itemListElement.map((item) => item.name)).toEqual(["Home", "Blog", topic.name]);
});

test("a topic no other article shares has no page", async ({ page }) => {
  const response = await page.goto("/blog/topics/byod");
  expect(response?.status()).toBe(404);
});

test("navigation text on the blog is black", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/blog");
  const color = await page.getByRole("banner").getByRole("link", { name: "Product" }).evaluate((link) => getComputedStyle(link).color);
  expect(color).toBe("rgb(10, 10, 10)");
});

for (const article of articles()) {
  test(`${article.slug} renders its title, date line, breadcrumb and tags`, async ({ page }) => {
    await page.goto(`/blog/${article.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(page.getByText(new RegExp(`${article.date} · The Mockingbird team · \\d+ min read`))).toBeVisible();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link")).toHaveText(["Home", "Blog"]);
    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    await expect(page.getByRole("contentinfo").first()).toBeVisible();
    const tags = page.locator("article footer li");
    await expect(tags).toHaveText(article.tags);
  });

  test(`${article.slug}'s tags link to their topic pages, and a tag no other article shares is plain text`, async ({ page, request }) => {
    await page.goto(`/blog/${article.slug}`);
    const withPage = new Map(topics().map((topic) => [topic.name, topic.path]));
    for (const tag of article.tags) {
      const item = page.locator("article footer li").filter({ hasText: tag });
      const path = withPage.get(tag);
      if (path) {
        await expect(item.getByRole("link", { name: tag })).toHaveAttribute("href", path);
        expect((await request.get(path)).status(), path).toBe(200);
      } else {
        await expect(item.getByRole("link")).toHaveCount(0);
      }
    }
  });

  test(`${article.slug} ends with two or three articles to read next that share a tag with it, each link resolving`, async ({ page, request }) => {
    await page.goto(`/blog/${article.slug}`);
    const readNext = page.getByRole("region", { name: "Read next" });
    const hrefs = await readNext.getByRole("link").evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThanOrEqual(2);
    expect(hrefs.length).toBeLessThanOrEqual(3);
    const bySlug = new Map(articles().map((other) => [other.slug, other]));
    for (const href of hrefs) {
      const other = bySlug.get(href.replace(/^\/blog\//, ""));
      expect(other, href).toBeDefined();
      expect(other!.slug).not.toBe(article.slug);
      expect(other!.tags.some((tag) => article.tags.includes(tag)), href).toBe(true);
      expect((await request.get(href)).status(), href).toBe(200);
    }
  });

  test(`${article.slug} has BlogPosting and BreadcrumbList JSON-LD with the expected fields`, async ({ page }) => {
    await page.goto(`/blog/${article.slug}`);
    const nodes = (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap(
      (block) => JSON.parse(block)["@graph"] as Array<Record<string, unknown>>,
    );
    const posting = nodes.find((node) => node["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: article.title,
      author: { name: "The Mockingbird team" },
      mainEntityOfPage: { "@id": `${siteOrigin}/blog/${article.slug}` },
    });
    for (const field of ["description", "image", "datePublished", "dateModified", "keywords"]) expect(posting?.[field], field).toBeTruthy();
    expect(posting?.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    const breadcrumb = nodes.find((node) => node["@type"] === "BreadcrumbList") as { itemListElement: Array<{ name: string }> };
    expect(breadcrumb.itemListElement.map((item) => item.name)).toEqual(["Home", "Blog", article.title]);
  });
}

test("an unknown article slug is the 404 page", async ({ page }) => {
  const response = await page.goto("/blog/no-such-article");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Oops! Page not found");
});

test("article metadata says article, with author, published time, section and tags", async ({ page }) => {
  await page.goto("/blog/byod-vishing-problem");
  const meta = (property: string) => page.locator(`meta[property="${property}"]`).first().getAttribute("content");
  expect(await meta("og:type")).toBe("article");
  expect(await meta("article:published_time")).toBe("2025-07-10T00:00:00.000Z");
  // Never updated: modified when it was published.
  expect(await meta("article:modified_time")).toBe("2025-07-10T00:00:00.000Z");
  expect(await meta("article:section")).toBe("Voice Security");
  expect(await meta("article:author")).toBe("The Mockingbird team");
  await expect(page.locator('meta[property="article:tag"]')).not.toHaveCount(0);
  await expect(page.getByText("July 10, 2025 · The Mockingbird team · 6 min read")).toBeVisible();
});

test("an article with a dated update shows when it was updated, links to the update and reports it as modified", async ({ page }) => {
  await page.goto("/blog/salesforce-vishing-campaign-analysis");
  const updated = page.getByRole("link", { name: "November 23, 2026" });
  await expect(updated).toHaveAttribute("href", /^#update-november-23-2026/);
  await expect(page.locator(`[id="${((await updated.getAttribute("href")) ?? "").slice(1)}"]`)).toHaveText(/^Update, November 23, 2026/);
  const meta = (property: string) => page.locator(`meta[property="${property}"]`).first().getAttribute("content");
  expect(await meta("article:published_time")).toBe("2025-06-05T00:00:00.000Z");
  expect(await meta("article:modified_time")).toBe("2026-11-23T00:00:00.000Z");
  const posting = (await page.locator('script[type="application/ld+json"]').allTextContents())
    .flatMap((block) => JSON.parse(block)["@graph"] as Array<Record<string, unknown>>)
    .find((node) => node["@type"] === "BlogPosting");
  expect(posting).toMatchObject({ datePublished: "2025-06-05T00:00:00.000Z", dateModified: "2026-11-23T00:00:00.000Z" });
});

test("the RSS feed's lastBuildDate is the newest change to any article, an update included", async ({ request }) => {
  const doc = new DOMParser().parseFromString(await (await request.get("/blog/rss.xml")).text(), "text/xml");
  const newest = Math.max(...articles().map((article) => Date.parse(`${article.updated ?? article.date} UTC`)));
  expect(doc.getElementsByTagName("lastBuildDate")[0]?.textContent).toBe(new Date(newest).toUTCString());
});

test("the RSS feed is RSS 2.0 XML with ten items and is linked from every blog page", async ({ page, request }) => {
  const response = await request.get("/blog/rss.xml");
  expect(response.headers()["content-type"]).toContain("application/rss+xml");
  const doc = new DOMParser().parseFromString(await response.text(), "text/xml");
  expect(doc.documentElement?.getAttribute("version")).toBe("2.0");
  const items = Array.from(doc.getElementsByTagName("item"));
  expect(items).toHaveLength(10);
  for (const item of items) expect(item.getElementsByTagName("description")[0]?.textContent?.length).toBeGreaterThan(50);
  for (const path of ["/blog", `/blog/${expectedOrder[0]}`]) {
    await page.goto(path);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", `${siteOrigin}/blog/rss.xml`);
  }
});

for (const slug of ["helpdesk-vishing-breach-lessons", "byod-vishing-problem", "leaked-blackbasta-chats-vishing", "practical-guide-vishing-defense"]) {
  test(`${slug}'s quotation shows one pair of quotation marks, the article's own`, async ({ page }) => {
    await page.goto(`/blog/${slug}`);
    const paragraph = page.locator("article blockquote p").first();
    await expect(paragraph).toHaveText(/^"[^"“”]+"$/);
    const generated = await paragraph.evaluate((element) => [getComputedStyle(element, "::before").content, getComputedStyle(element, "::after").content]);
    expect(generated).toEqual(["none", "none"]);
  });
}
