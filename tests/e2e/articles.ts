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
