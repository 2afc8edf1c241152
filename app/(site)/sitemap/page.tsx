import Link from "next/link";
import { siteSections, staticPages } from "@/content/pages";
import { sitemapPage as text } from "@/content/sitemap";
import { JsonLd } from "@/components/seo/json-ld";
import { allPosts } from "@/lib/blog/posts";
import { articlesByTopic, topicPages } from "@/lib/blog/topics";
import { buildPageMetadata } from "@/lib/seo/metadata";
import { breadcrumbsTo, graph } from "@/lib/seo/structured-data";

export const metadata = buildPageMetadata({ path: text.path, title: text.title, description: text.description });

const link = "font-medium text-white underline decoration-neutral-500 underline-offset-4 hover:decoration-white";

/**
 * The site's pages for people, by section, with the blog's topics and its articles by topic:
 * the same registry (content/pages.json) and articles the XML sitemap lists. Browsers that open
 * /sitemap.xml on the server are shown this page. Its links do not prefetch: in view all at once,
 * they would fetch every page's payload for the one a visitor opens.
 */
export default function SitemapPage() {
  const posts = allPosts();
  const topics = topicPages(posts);
  return (
    <div className="mx-auto max-w-3xl px-5 py-16 md:px-8">
      <JsonLd data={graph(breadcrumbsTo({ name: text.breadcrumb, path: text.path }))} />
      <h1 className="text-4xl font-bold tracking-tight">{text.heading}</h1>
      <p className="mt-4 text-lg leading-8 text-neutral-300">{text.intro}</p>
      {siteSections.map((section) => (
        <section key={section} aria-labelledby={`sitemap-${section}`} className="mt-12 border-t border-line pt-8">
          <h2 id={`sitemap-${section}`} className="text-2xl font-semibold tracking-tight">
            {text.sections[section]}
          </h2>
          <ul className="mt-4 space-y-1">
            {staticPages
              .filter((page) => page.section === section)
              .map((page) => (
                <li key={page.path} className="py-1.5 leading-7">
                  <Link href={page.path} prefetch={false} className={link}>
                    {page.breadcrumb}
                  </Link>
                  <p className="text-sm leading-6 text-neutral-400">{page.description}</p>
                </li>
              ))}
          </ul>
          {section === "blog" ? (
            <>
              <h3 className="mt-8 text-lg font-semibold">{text.topics}</h3>
              <ul className="mt-3 space-y-1">
                {topics.map((topic) => (
                  <li key={topic.slug} className="py-1.5 leading-7">
                    <Link href={topic.path} prefetch={false} className={link}>
                      {topic.name}
                    </Link>{" "}
                    <span className="text-sm text-neutral-400">· {text.articleCount(topic.posts.length)}</span>
                  </li>
                ))}
              </ul>
              <h3 className="mt-8 text-lg font-semibold">{text.articlesByTopic}</h3>
              {articlesByTopic(posts, topics).map((group) => (
                <div key={group.topic?.slug ?? ""} className="mt-5">
                  <h4 className="text-sm font-semibold uppercase tracking-wide text-neutral-400">{group.topic?.name ?? text.otherArticles}</h4>
                  <ul className="mt-2 space-y-3">
                    {group.posts.map((post) => (
                      <li key={post.slug} className="leading-7">
                        <Link href={`/blog/${post.slug}`} prefetch={false} className={link}>
                          {post.title}
                        </Link>
                        <p className="text-sm text-neutral-400">
                          <time dateTime={post.publishedTime.slice(0, 10)}>{post.date}</time>
                        </p>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </>
          ) : null}
        </section>
      ))}
    </div>
  );
}
