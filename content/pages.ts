import { z } from "zod";
import registry from "./pages.json";

const changefreq = z.enum(["always", "hourly", "daily", "weekly", "monthly", "yearly", "never"]);

export const pageEntrySchema = z.object({
  path: z.string().startsWith("/"),
  title: z.string().min(1),
  shareTitle: z.string().min(1),
  description: z.string().min(50).max(200),
  keywords: z.array(z.string()).min(1),
  breadcrumb: z.string().min(1),
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

/** Sitemap policy of every blog article. */
export const articleSitemapPolicy = z.object({ priority: z.number().min(0).max(1), changefreq }).parse(registry.articleSitemap);
