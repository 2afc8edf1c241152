import { articleSitemapPolicy, staticPages } from "@/content/pages";
import { absoluteUrl } from "@/lib/config/site-links";
import { allPosts } from "@/lib/blog/posts";


export type SitemapEntry = { url: string; priority: number; changefreq: string };

/** What /sitemap.xml lists, for the human-readable view of it (next-sitemap reads the same registry). */
export function sitemapEntries(): SitemapEntry[] {
  const pages = staticPages.map((page) => ({ url: absoluteUrl(page.path), ...page.sitemap }));
  const articles = allPosts().map((post) => ({ url: absoluteUrl(`/blog/${post.slug}`), ...articleSitemapPolicy }));
  return [...pages, ...articles];
}
