import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { ArticleError, parseFrontmatter, type Frontmatter } from "./frontmatter";
import { isoFromDateText } from "./dates";
import { readingTime } from "./reading-time";
import { renderArticle, withoutFactMarkers, withoutMarkersIn } from "./markdown";
import { newestFirst } from "./order";
import { updateHeadingPrefix, updateMismatch } from "./updates";

export type Post = Omit<Frontmatter, "readingTime"> & {
  readingTime: string;
  publishedTime: string;
  /** When the article's update section was added, and that section's anchor; absent for an article never updated. */
  modifiedTime?: string;
  updateAnchor?: string;
  html: string;
  headings: { id: string; text: string }[];
};

export const blogDirectory = path.join(/* turbopackIgnore: true */ process.cwd(), "content", "blog");
const publicDirectory = path.join(/* turbopackIgnore: true */ process.cwd(), "public");

/** Reads, validates and renders one article file; every problem names the file. */
export function loadPost(file: string, raw: string, publicDir = publicDirectory): Post {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // A fresh options object keeps gray-matter from serving a cached parse of identical text.
    parsed = matter(raw, {});
  } catch (error) {
    throw new ArticleError(`${file}: frontmatter is not valid YAML (${(error as Error).message.split("\n")[0]})`);
  }
  const data = parseFrontmatter(file, withoutMarkersIn(parsed.data));
  const expectedFile = `${data.slug}.md`;
  if (path.basename(file) !== expectedFile) throw new ArticleError(`${file}: slug "${data.slug}" must match the file name ${expectedFile}`);
  if (!existsSync(path.join(publicDir, data.image))) throw new ArticleError(`${file}: image ${data.image} is not in public/`);
  const mismatch = updateMismatch(parsed.content, data.updated);
  if (mismatch) throw new ArticleError(`${file}: ${mismatch}`);
  const { html, headings } = renderArticle(parsed.content, file);
  return {
    ...data,
    readingTime: readingTime(withoutFactMarkers(parsed.content), data.readingTime),
    publishedTime: isoFromDateText(data.date) as string,
    modifiedTime: data.updated ? (isoFromDateText(data.updated) as string) : undefined,
    updateAnchor: headings.find((heading) => heading.text.startsWith(updateHeadingPrefix))?.id,
    html,
    headings,
  };
}

let cache: Post[] | undefined;

/** Every article, newest first. Fails the build on the first invalid file. */
export function allPosts(): Post[] {
  if (cache) return cache;
  const files = readdirSync(blogDirectory).filter((name) => name.endsWith(".md"));
  const posts = files.map((name) => loadPost(`content/blog/${name}`, readFileSync(path.join(blogDirectory, name), "utf8")));
  const ids = new Set<number>();
  for (const post of posts) {
    if (ids.has(post.id)) throw new ArticleError(`content/blog/${post.slug}.md: id ${post.id} is used by another article`);
    ids.add(post.id);
  }
  cache = newestFirst(posts);
  return cache;
}

export function postBySlug(slug: string): Post | undefined {
  return allPosts().find((post) => post.slug === slug);
}
