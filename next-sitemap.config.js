// @ts-check
/**
 * Sitemap and robots.txt. What the sitemap lists, with priorities, change frequencies and the
 * articles' own dates, is lib/seo/sitemap-entries.ts: the registry of content/pages.json, every
 * article in content/blog and the blog's topic pages, read through the same code the pages use
 * (loaded with tsx, a dependency, since next-sitemap requires this file as CommonJS).
 */
const tsx = require("tsx/cjs/api");

/** @type {{ sitemapEntries: () => { path: string; priority: number; changefreq: string; lastmod?: string }[] }} */
const { sitemapEntries } = tsx.require("./lib/seo/sitemap-entries.ts", __filename);

const siteUrl = (process.env.NEXT_PUBLIC_SITE_URL || "https://www.mockingbird.example").replace(/\/+$/, "");
const policy = new Map(sitemapEntries().map((entry) => [entry.path, entry]));

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
    return { loc, changefreq: entry.changefreq, priority: entry.priority, lastmod: entry.lastmod ?? (config.autoLastmod ? new Date().toISOString() : undefined) };
  },
  robotsTxtOptions: {
    policies: [{ userAgent: "*", allow: "/", disallow: ["/functions/"] }],
  },
};
