import { articleSitemapPolicy, staticPages, topicSitemapPolicy } from "@/content/pages";
import { allPosts, type Post } from "@/lib/blog/posts";
import { topicPages } from "@/lib/blog/topics";

export type SitemapEntry = { path: string; priority: number; changefreq: string; lastmod?: string };

/** When an article's content last changed: its update's date, or its publication. */
const lastChange = (post: Post) => post.modifiedTime ?? post.publishedTime;

/**
 * What /sitemap.xml lists (next-sitemap.config.js reads this): the registered pages, every
 * article and every topic page of the blog. Articles and topic pages carry their own last change
 * (a topic's is its newest article's), so crawlers can trust it; the rest change with each build.
 */
export function sitemapEntries(): SitemapEntry[] {
  const posts = allPosts();
  const pages = staticPages.map((page) => ({ path: page.path, ...page.sitemap }));
  const articles = posts.map((post) => ({ path: `/blog/${post.slug}`, ...articleSitemapPolicy, lastmod: lastChange(post) }));
  const topics = topicPages(posts).map((topic) => ({ path: topic.path, ...topicSitemapPolicy, lastmod: topic.posts.map(lastChange).sort().at(-1) }));
  return [...pages, ...articles, ...topics];
}
