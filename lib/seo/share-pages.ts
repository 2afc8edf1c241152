import { staticPages } from "@/content/pages";
import { allPosts } from "@/lib/blog/posts";

export type SharePage = { path: string; title: string; description: string; eyebrow: string };

/** Every page that gets a generated share image; the blog adds its articles here. */
export function sharePages(): SharePage[] {
  const pages = staticPages.map((page) => ({
    path: page.path,
    title: page.shareTitle,
    description: page.description,
    eyebrow: page.path === "/" ? "AI vishing simulation" : page.breadcrumb,
  }));
  const articles = allPosts().map((post) => ({
    path: `/blog/${post.slug}`,
    title: post.title,
    description: post.description,
    eyebrow: `Blog · ${post.date}`,
  }));
  return [...pages, ...articles];
}
