/** Words per minute of attentive reading of technical prose. */
export const wordsPerMinute = 225;
export const fallbackReadingTime = "8 min read";

export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/[#>*_`[\]-]/g, " ");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** An explicit reading time wins; otherwise it is computed from the words; the seed's default is the last resort. */
export function readingTime(markdown: string, explicit?: string): string {
  if (explicit) return explicit;
  const words = countWords(markdown);
  if (words === 0) return fallbackReadingTime;
  return `${Math.max(1, Math.round(words / wordsPerMinute))} min read`;
}
