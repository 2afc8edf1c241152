import { z } from "zod";
import registry from "./pages.json";

const changefreq = z.enum(["always", "hourly", "daily", "weekly", "monthly", "yearly", "never"]);

/** The parts of the site /sitemap lists pages under, in its order. */
export const siteSections = ["product", "company", "blog", "legal"] as const;
export type SiteSection = (typeof siteSections)[number];

export const pageEntrySchema = z.object({
  path: z.string().startsWith("/"),
  title: z.string().min(1),
  shareTitle: z.string().min(1),
  description: z.string().min(50).max(200),
  keywords: z.array(z.string()).min(1),
  breadcrumb: z.string().min(1),
  section: z.enum(siteSections),
  sitemap: z.object({ priority: z.number().min(0).max(1), changefreq }),
});

export type PageEntry = z.infer<typeof pageEntrySchema>;

const pages = z.array(pageEntrySchema).parse(registry.pages);

export type StaticPath = "/" | "/manifesto" | "/product" | "/blog" | "/team" | "/join-beta" | "/privacy" | "/terms";

export function pageEntry(path: StaticPath): PageEntry {
  const entry = pages.find((page) => page.path === path);
  if (!entry) throw new Error(`content/pages.json has no entry for ${path}`);
  return entry;
}

export const staticPages: readonly PageEntry[] = pages;

const sitemapPolicy = z.object({ priority: z.number().min(0).max(1), changefreq });

/** Sitemap policy of every blog article. */
export const articleSitemapPolicy = sitemapPolicy.parse(registry.articleSitemap);

/** Sitemap policy of every topic page of the blog (/blog/topics/<topic>). */
export const topicSitemapPolicy = sitemapPolicy.parse(registry.topicSitemap);
