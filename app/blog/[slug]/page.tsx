import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { blogIndex } from "@/content/blog-index";
import { JsonLd } from "@/components/seo/json-ld";
import { allPosts, postBySlug, type Post } from "@/lib/blog/posts";
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

  return (
    <article className="mx-auto max-w-3xl px-5 pb-24 pt-8 md:pt-12">
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
      <nav aria-label="Breadcrumb" className="text-sm text-neutral-600">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link href="/" className="rounded underline-offset-4 hover:underline">Home</Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>
            <Link href="/blog" className="rounded underline-offset-4 hover:underline">Blog</Link>
          </li>
          <li aria-hidden="true">›</li>
          <li aria-current="page" className="line-clamp-1 text-neutral-800">{post.title}</li>
        </ol>
      </nav>
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
      {/* eslint-disable-next-line @next/next/no-img-element -- an SVG illustration; width and height reserve its space */}
      <img src={post.image} alt={post.imageAlt} width={1200} height={630} fetchPriority="high" className="mt-8 aspect-[1200/630] w-full rounded-3xl bg-ink object-cover" />
      <div
        className="prose prose-lg prose-neutral mt-10 max-w-none prose-headings:tracking-tight prose-a:text-alarm-strong prose-a:underline-offset-4 prose-blockquote:border-alarm prose-blockquote:font-normal prose-blockquote:not-italic"
        dangerouslySetInnerHTML={{ __html: post.html }}
      />
      <footer className="mt-12 border-t border-neutral-200 pt-6">
        <h2 className="inline text-sm font-semibold">{blogIndex.tagsLabel}</h2>{" "}
        <ul className="inline-flex flex-wrap gap-2 align-middle">
          {post.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-neutral-100 px-3 py-1 text-sm text-neutral-800">
              {tag}
            </li>
          ))}
        </ul>
      </footer>
    </article>
  );
}
