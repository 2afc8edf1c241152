import { Feed } from "feed";
import { blogIndex } from "@/content/blog-index";
import { site } from "@/content/site";
import { absoluteUrl, siteOrigin } from "@/lib/config/site-links";
import { allPosts } from "@/lib/blog/posts";

// Written once at build time, for `next start` and the static export alike.
export const dynamic = "force-static";

export function GET() {
  const posts = allPosts();
  const feed = new Feed({
    title: blogIndex.feed.title,
    description: blogIndex.intro,
    id: absoluteUrl("/blog"),
    link: absoluteUrl("/blog"),
    language: "en",
    image: absoluteUrl("/og/blog.png"),
    favicon: absoluteUrl("/icon.svg"),
    copyright: `© ${new Date().getFullYear()} ${site.legalName}`,
    // The newest change to any article, an update included.
    updated: posts.length > 0 ? new Date(Math.max(...posts.map((post) => Date.parse(post.modifiedTime ?? post.publishedTime)))) : undefined,
    feedLinks: { rss: absoluteUrl(blogIndex.feed.path) },
    author: { name: blogIndex.feed.title, email: site.email, link: siteOrigin },
  });
  for (const post of posts) {
    feed.addItem({
      title: post.title,
      id: absoluteUrl(`/blog/${post.slug}`),
      link: absoluteUrl(`/blog/${post.slug}`),
      description: post.description,
      content: post.html,
      date: new Date(post.publishedTime),
      author: [{ name: post.author }],
      category: post.tags.map((name) => ({ name })),
      image: absoluteUrl(post.image),
    });
  }
  return new Response(feed.rss2(), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  });
}
