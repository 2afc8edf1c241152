import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";

export type ArticleFacts = { id: number; slug: string; title: string; date: string; updated?: string; tags: string[] };

/** The articles as their files declare them: what the pages must show. */
export function articles(): ArticleFacts[] {
  const dir = path.join(process.cwd(), "content", "blog");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => {
      const { data } = matter(readFileSync(path.join(dir, name), "utf8"), {});
      return { id: data.id, slug: data.slug, title: data.title, date: data.date, updated: data.updated, tags: data.tags };
    });
}

export type TopicFacts = { name: string; path: string; slugs: string[] };

/** The topics the articles' tags make, each tag two articles or more share getting a page at /blog/topics/<tag in lowercase words>. */
export function topics(): TopicFacts[] {
  const byTag = new Map<string, string[]>();
  for (const article of articles()) for (const tag of article.tags) byTag.set(tag, [...(byTag.get(tag) ?? []), article.slug]);
  return [...byTag]
    .filter(([, slugs]) => slugs.length >= 2)
    .map(([name, slugs]) => ({ name, path: `/blog/topics/${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`, slugs }));
}
