import { newestFirst } from "./order";
import type { Tagged } from "./topics";

export const readNextCount = 3;

/**
 * What to read after an article: the others that share the most of its tags, newest first among
 * equals (then the higher id, as on the blog index), at most `count`. An article that shares no
 * tag is never suggested: the list is about the same subject or it is shorter.
 */
export function readNext<T extends Tagged>(post: T, posts: readonly T[], count = readNextCount): T[] {
  const tags = new Set(post.tags);
  const shared = (other: T) => new Set(other.tags.filter((tag) => tags.has(tag))).size;
  const candidates = newestFirst(posts.filter((other) => other.slug !== post.slug && shared(other) > 0));
  // Array.prototype.sort is stable: equal overlaps keep the newest-first order.
  return candidates.sort((a, b) => shared(b) - shared(a)).slice(0, count);
}
