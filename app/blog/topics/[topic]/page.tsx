import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { blogIndex } from "@/content/blog-index";
import { BlogBreadcrumb } from "@/components/blog/breadcrumb";
import { PostCard } from "@/components/blog/post-card";
import { TopicLinks } from "@/components/blog/topic-links";
import { JsonLd } from "@/components/seo/json-ld";
import { allPosts } from "@/lib/blog/posts";
import { topicPages } from "@/lib/blog/topics";
import { buildPageMetadata } from "@/lib/seo/metadata";
import { breadcrumbsTo, collectionPage, graph } from "@/lib/seo/structured-data";

type Params = { params: Promise<{ topic: string }> };

// Only the topics two or more articles share have a page (lib/blog/topics.ts); any other is the 404 page.
export const dynamicParams = false;

export function generateStaticParams() {
  return topicPages(allPosts()).map((topic) => ({ topic: topic.slug }));
}

const topicBySlug = (slug: string) => topicPages(allPosts()).find((topic) => topic.slug === slug);

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const topic = topicBySlug((await params).topic);
  if (!topic) return {};
  return buildPageMetadata({
    path: topic.path,
    title: blogIndex.topicPage.title(topic.name),
    shareTitle: topic.name,
    description: blogIndex.topicPage.description(topic.name),
    keywords: [topic.name],
    feed: blogIndex.feed,
  });
}

export default async function TopicPage({ params }: Params) {
  const topic = topicBySlug((await params).topic);
  if (!topic) notFound();
  const others = topicPages(allPosts()).filter((other) => other.slug !== topic.slug);

  return (
    <div className="mx-auto max-w-6xl px-5 pb-24 pt-8 md:px-8 md:pt-12">
      <JsonLd
        data={graph(
          collectionPage({
            path: topic.path,
            name: blogIndex.topicPage.title(topic.name),
            description: blogIndex.topicPage.description(topic.name),
            items: topic.posts.map((post) => ({ path: `/blog/${post.slug}`, name: post.title })),
          }),
          breadcrumbsTo({ name: "Blog", path: "/blog" }, { name: topic.name, path: topic.path }),
        )}
      />
      <BlogBreadcrumb current={topic.name} />
      <header className="mt-8 max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-alarm-strong">{blogIndex.topicPage.eyebrow}</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{topic.name}</h1>
        <p className="mt-5 text-lg leading-8 text-neutral-700">{blogIndex.topicPage.intro(topic.posts.length)}</p>
      </header>
      <section aria-label="Articles" className="mt-12 grid gap-8 md:grid-cols-2">
        {topic.posts.map((post, index) => (
          <PostCard key={post.slug} post={post} priority={index < 2} />
        ))}
      </section>
      <section aria-labelledby="other-topics" className="mt-16">
        <h2 id="other-topics" className="text-xl font-bold tracking-tight">
          {blogIndex.topicPage.otherTopics}
        </h2>
        <TopicLinks className="mt-4" topics={others.map((other) => ({ name: other.name, path: other.path }))} />
      </section>
    </div>
  );
}
