import { blogIndex } from "@/content/blog-index";
import { pageEntry } from "@/content/pages";
import { PostCard } from "@/components/blog/post-card";
import { TopicLinks } from "@/components/blog/topic-links";
import { JsonLd } from "@/components/seo/json-ld";
import { allPosts } from "@/lib/blog/posts";
import { topicOf, topicPages } from "@/lib/blog/topics";
import { staticPageMetadata } from "@/lib/seo/metadata";
import { breadcrumbsTo, graph } from "@/lib/seo/structured-data";

export const metadata = staticPageMetadata("/blog", { feed: blogIndex.feed });

export default function BlogIndexPage() {
  const entry = pageEntry("/blog");
  const posts = allPosts();
  const topics = topicPages(posts);
  return (
    <div className="mx-auto max-w-6xl px-5 pb-24 pt-10 md:px-8 md:pt-16">
      <JsonLd data={graph(breadcrumbsTo({ name: entry.breadcrumb, path: entry.path }))} />
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{blogIndex.heading}</h1>
        <p className="mt-5 text-lg leading-8 text-neutral-700">{blogIndex.intro}</p>
        <TopicLinks className="mt-6" label={blogIndex.topicsLabel} topics={blogIndex.topics.map((name) => ({ name, path: topicOf(topics, name)?.path }))} />
      </header>
      <section aria-label="Articles" className="mt-12 grid gap-8 md:grid-cols-2">
        {posts.map((post, index) => (
          <PostCard key={post.slug} post={post} priority={index < 2} />
        ))}
      </section>
    </div>
  );
}
