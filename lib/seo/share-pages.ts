import { blogIndex } from "@/content/blog-index";
import { staticPages } from "@/content/pages";
import { sitemapPage } from "@/content/sitemap";
import { allPosts } from "@/lib/blog/posts";
import { topicPages } from "@/lib/blog/topics";

export type SharePage = { path: string; title: string; description: string; eyebrow: string };

/** Every page that gets a generated share image; the blog adds its articles and topic pages here. */
export function sharePages(): SharePage[] {
  const pages = staticPages.map((page) => ({
    path: page.path,
    title: page.shareTitle,
    description: page.description,
    eyebrow: page.path === "/" ? "AI vishing simulation" : page.breadcrumb,
  }));
  const posts = allPosts();
  const articles = posts.map((post) => ({
    path: `/blog/${post.slug}`,
    title: post.title,
    description: post.description,
    eyebrow: `Blog · ${post.date}`,
  }));
  const topics = topicPages(posts).map((topic) => ({
    path: topic.path,
    title: topic.name,
    description: blogIndex.topicPage.description(topic.name),
    eyebrow: `Blog · ${blogIndex.topicPage.eyebrow}`,
  }));
  const sitemap = { path: sitemapPage.path, title: sitemapPage.title, description: sitemapPage.description, eyebrow: sitemapPage.breadcrumb };
  return [...pages, ...articles, ...topics, sitemap];
}
