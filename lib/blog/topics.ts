import { newestFirst, type Orderable } from "./order";

/** What the topic functions need of an article. */
export type Tagged = Orderable & { slug: string; tags: readonly string[] };

export type TopicPage<T extends Tagged> = {
  /** The tag as the articles write it, "Help Desk Security". */
  name: string;
  slug: string;
  path: string;
  /** Its articles, newest first. */
  posts: T[];
};

/**
 * A topic earns a page when at least this many articles share its tag: a page listing only the
 * article the reader came from leads nowhere, so such a tag is shown as plain text.
 */
export const minArticlesPerTopic = 2;

/** "Help Desk Security" -> "help-desk-security", "BYOD" -> "byod". */
export function topicSlug(tag: string): string {
  return tag
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const topicPath = (slug: string) => `/blog/topics/${slug}`;

/**
 * The topics that get a page, the most-written first (then by name), each with its articles newest
 * first. Two tags that would share an address fail loudly rather than merge.
 */
export function topicPages<T extends Tagged>(posts: readonly T[], minArticles = minArticlesPerTopic): TopicPage<T>[] {
  const byTag = new Map<string, T[]>();
  for (const post of posts) for (const tag of new Set(post.tags)) byTag.set(tag, [...(byTag.get(tag) ?? []), post]);
  const nameBySlug = new Map<string, string>();
  for (const tag of byTag.keys()) {
    const slug = topicSlug(tag);
    const other = nameBySlug.get(slug);
    if (!slug) throw new Error(`tag "${tag}" has no letters or digits for an address`);
    if (other !== undefined) throw new Error(`tags "${other}" and "${tag}" would share the address ${topicPath(slug)}`);
    nameBySlug.set(slug, tag);
  }
  return [...byTag]
    .filter(([, tagged]) => tagged.length >= minArticles)
    .map(([name, tagged]) => ({ name, slug: topicSlug(name), path: topicPath(topicSlug(name)), posts: newestFirst(tagged) }))
    .sort((a, b) => b.posts.length - a.posts.length || a.name.localeCompare(b.name));
}

/** The page of a tag, if it has one. */
export function topicOf<T extends Tagged>(pages: readonly TopicPage<T>[], tag: string): TopicPage<T> | undefined {
  return pages.find((page) => page.name === tag);
}

export type TopicGroup<T extends Tagged> = { topic: TopicPage<T> | undefined; posts: T[] };

/**
 * Every article once, under the first of its tags that has a page (the tag its author put first
 * among those), in the order of the topic pages; articles with no such tag come last, under none.
 */
export function articlesByTopic<T extends Tagged>(posts: readonly T[], pages: readonly TopicPage<T>[]): TopicGroup<T>[] {
  const groups = new Map<TopicPage<T> | undefined, T[]>();
  for (const post of newestFirst(posts)) {
    const topic = post.tags.map((tag) => topicOf(pages, tag)).find((page) => page !== undefined);
    groups.set(topic, [...(groups.get(topic) ?? []), post]);
  }
  const rank = (topic: TopicPage<T> | undefined) => (topic ? pages.indexOf(topic) : pages.length);
  return [...groups].map(([topic, grouped]) => ({ topic, posts: grouped })).sort((a, b) => rank(a.topic) - rank(b.topic));
}
