import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { blogIndex } from "@/content/blog-index";
import { ArticleImage } from "@/components/blog/article-image";
import { BlogBreadcrumb } from "@/components/blog/breadcrumb";
import { ReadNext } from "@/components/blog/read-next";
import { TopicLinks } from "@/components/blog/topic-links";
import { JsonLd } from "@/components/seo/json-ld";
import { allPosts, postBySlug, type Post } from "@/lib/blog/posts";
import { readNext } from "@/lib/blog/read-next";
import { topicOf, topicPages } from "@/lib/blog/topics";
import { buildPageMetadata } from "@/lib/seo/metadata";
import { blogPosting, breadcrumbsTo, graph } from "@/lib/seo/structured-data";

type Params = { params: Promise<{ slug: string }> };

// Only the ten articles exist; any other slug is the 404 page with status 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return allPosts().map((post) => ({ slug: post.slug }));
}

const articlePath = (post: Post) => `/blog/${post.slug}`;

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const post = postBySlug((await params).slug);
  if (!post) return {};
  return buildPageMetadata({
    path: articlePath(post),
    title: post.title,
    description: post.description,
    keywords: post.keywords,
    feed: blogIndex.feed,
    article: { author: post.author, publishedTime: post.publishedTime, modifiedTime: post.modifiedTime, section: blogIndex.section, tags: post.tags },
  });
}

export default async function ArticlePage({ params }: Params) {
  const post = postBySlug((await params).slug);
  if (!post) notFound();
  const path = articlePath(post);
  const posts = allPosts();
  const topics = topicPages(posts);

  return (
    <div className="mx-auto max-w-3xl px-5 pb-24 pt-8 md:pt-12">
      <article>
        <JsonLd
          data={graph(
            blogPosting({
              path,
              headline: post.title,
              description: post.description,
              image: post.image,
              author: post.author,
              datePublished: post.publishedTime,
              dateModified: post.modifiedTime,
              keywords: post.keywords,
              section: blogIndex.section,
            }),
            breadcrumbsTo({ name: "Blog", path: "/blog" }, { name: post.title, path }),
          )}
        />
        <BlogBreadcrumb current={post.title} />
        <Link href="/blog" className="mt-6 inline-flex min-h-11 items-center gap-2 rounded font-semibold text-alarm-strong underline-offset-4 hover:underline">
          <span aria-hidden="true">←</span> {blogIndex.backToBlog}
        </Link>
        <p className="mt-4 text-sm text-neutral-600">
          <time dateTime={post.publishedTime.slice(0, 10)}>{post.date}</time>
          <span aria-hidden="true"> · </span>
          {post.author}
          <span aria-hidden="true"> · </span>
          {post.readingTime}
          {post.updated && post.modifiedTime && post.updateAnchor ? (
            <>
              <span aria-hidden="true"> · </span>
              {blogIndex.updated}{" "}
              <a href={`#${post.updateAnchor}`} className="underline underline-offset-4">
                <time dateTime={post.modifiedTime.slice(0, 10)}>{post.updated}</time>
              </a>
            </>
          ) : null}
        </p>
        <h1 className="mt-3 text-4xl font-bold leading-tight tracking-tight text-balance sm:text-5xl">{post.title}</h1>
        <ArticleImage src={post.image} alt={post.imageAlt} fetchPriority="high" className="mt-8 aspect-[1200/630] w-full rounded-3xl bg-ink object-cover" />
        <div
          className="prose prose-lg prose-neutral mt-10 max-w-none prose-headings:tracking-tight prose-a:text-alarm-strong prose-a:underline-offset-4 prose-blockquote:border-alarm prose-blockquote:font-normal prose-blockquote:not-italic [&_blockquote_p]:before:content-none [&_blockquote_p]:after:content-none"
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
        <footer className="mt-12 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-neutral-200 pt-6">
          <h2 className="text-sm font-semibold">{blogIndex.tagsLabel}</h2>
          <TopicLinks topics={post.tags.map((name) => ({ name, path: topicOf(topics, name)?.path }))} />
        </footer>
      </article>
      <ReadNext posts={readNext(post, posts)} />
    </div>
  );
}
