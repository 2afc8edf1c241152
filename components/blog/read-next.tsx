import Link from "next/link";
import type { Post } from "@/lib/blog/posts";
import { blogIndex } from "@/content/blog-index";

/** The articles to read after this one (lib/blog/read-next.ts chooses them), as compact cards without images. */
export function ReadNext({ posts }: { posts: readonly Post[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="read-next" className="mt-16">
      <h2 id="read-next" className="text-2xl font-bold tracking-tight">
        {blogIndex.readNext}
      </h2>
      <ul className="mt-6 grid gap-4">
        {posts.map((post) => (
          <li key={post.slug} className="relative rounded-2xl border border-neutral-200 p-5 transition-shadow duration-300 hover:shadow-md">
            <p className="text-sm text-neutral-600">
              <time dateTime={post.publishedTime.slice(0, 10)}>{post.date}</time>
            </p>
            <h3 className="mt-1 text-lg font-bold leading-snug tracking-tight">
              <Link href={`/blog/${post.slug}`} className="after:absolute after:inset-0 after:rounded-2xl">
                {post.title}
              </Link>
            </h3>
            <p className="mt-2 leading-7 text-neutral-700">{post.excerpt}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
