export type Orderable = { id: number; publishedTime: string };

/** Newest first; posts of the same day by higher id first. */
export function newestFirst<T extends Orderable>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => b.publishedTime.localeCompare(a.publishedTime) || b.id - a.id);
}
