import Link from "next/link";
import type { Post } from "@/lib/blog/posts";
import { blogIndex } from "@/content/blog-index";
import { ArticleImage } from "./article-image";

export function PostCard({ post, priority }: { post: Post; priority?: boolean }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-3xl border border-neutral-200 bg-white shadow-sm transition-shadow duration-300 hover:shadow-md">
      <div className="relative">
        <ArticleImage src={post.image} alt={post.imageAlt} className="aspect-[1200/630] w-full bg-ink object-cover" loading={priority ? "eager" : "lazy"} decoding="async" />
        <p className="absolute left-4 top-4 rounded-full bg-white px-3 py-1 text-xs font-semibold text-ink shadow">
          <time dateTime={post.publishedTime.slice(0, 10)}>{post.date}</time>
        </p>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h2 className="text-xl font-bold leading-snug tracking-tight">
          <Link href={`/blog/${post.slug}`} className="after:absolute after:inset-0">
            {post.title}
          </Link>
        </h2>
        <p className="mt-3 flex-1 leading-7 text-neutral-700">{post.excerpt}</p>
        <p aria-hidden="true" className="mt-5 text-sm font-semibold text-alarm-strong">
          {blogIndex.readArticle} <span className="inline-block transition-transform duration-300 group-hover:translate-x-1">→</span>
        </p>
      </div>
    </article>
  );
}
