// @ts-check
/**
 * Sitemap and robots.txt. Priorities and change frequencies come from content/pages.json
 * (the registry the pages' metadata reads too); every article in content/blog is listed.
 */
const { readdirSync, readFileSync } = require("node:fs");
const path = require("node:path");
const matter = require("gray-matter");
const { pages, articleSitemap } = require("./content/pages.json");

const siteUrl = (process.env.NEXT_PUBLIC_SITE_URL || "https://www.mockingbird.example").replace(/\/+$/, "");
const blogDir = path.join(__dirname, "content", "blog");

/** Each article's path and when its content last changed (its update's date, or its publication). */
function articles() {
  return readdirSync(blogDir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => matter(readFileSync(path.join(blogDir, name), "utf8")).data)
    .map((data) => ({ path: `/blog/${data.slug}`, lastmod: new Date(`${data.updated ?? data.date} UTC`).toISOString() }));
}

const policy = new Map(pages.map((page) => [page.path, page.sitemap]));
/** An article's lastmod is its own date, so crawlers can trust it; pages change with each build. */
const articleLastmod = new Map();
for (const article of articles()) {
  policy.set(article.path, articleSitemap);
  articleLastmod.set(article.path, article.lastmod);
}

/** @type {import('next-sitemap').IConfig} */
module.exports = {
  siteUrl,
  outDir: process.env.SITEMAP_OUT_DIR || "public",
  generateRobotsTxt: true,
  generateIndexSitemap: false,
  autoLastmod: true,
  // Only registered routes: framework files, icons, feeds and share images are not pages.
  exclude: ["/*"],
  additionalPaths: async (config) => Promise.all([...policy.keys()].map((loc) => config.transform(config, loc))),
  transform: async (config, loc) => {
    const entry = policy.get(loc);
    if (!entry) return null;
    return { loc, changefreq: entry.changefreq, priority: entry.priority, lastmod: articleLastmod.get(loc) ?? (config.autoLastmod ? new Date().toISOString() : undefined) };
  },
  robotsTxtOptions: {
    policies: [{ userAgent: "*", allow: "/", disallow: ["/functions/"] }],
  },
};
