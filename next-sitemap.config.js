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

function articlePaths() {
  return readdirSync(blogDir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => `/blog/${matter(readFileSync(path.join(blogDir, name), "utf8")).data.slug}`);
}

const policy = new Map(pages.map((page) => [page.path, page.sitemap]));
for (const articlePath of articlePaths()) policy.set(articlePath, articleSitemap);

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
    return { loc, changefreq: entry.changefreq, priority: entry.priority, lastmod: config.autoLastmod ? new Date().toISOString() : undefined };
  },
  robotsTxtOptions: {
    policies: [{ userAgent: "*", allow: "/", disallow: ["/functions/"] }],
  },
};
