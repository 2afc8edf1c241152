/**
 * An article keeps the date it was written. When it later gains facts that were not public on
 * that date, they go in one final section headed "## Update, <Month D, YYYY>: ..." and the
 * frontmatter's `updated` names the same date, so a reader (and the citation-date test) can tell
 * what was known when the article was written from what was added later.
 */
export const updateHeadingPrefix = "Update, ";
const updateHeading = new RegExp(`^## ${updateHeadingPrefix}([A-Z][a-z]+ \\d{1,2}, \\d{4})\\b.*$`, "m");

export type ArticleParts = {
  /** The article as written on its date. */
  original: string;
  /** The dated update section, if any. */
  update?: { date: string; markdown: string };
};

export function splitAtUpdate(markdown: string): ArticleParts {
  const match = updateHeading.exec(markdown);
  if (!match) return { original: markdown };
  return { original: markdown.slice(0, match.index), update: { date: match[1] as string, markdown: markdown.slice(match.index) } };
}

/** Why the body and the frontmatter's `updated` disagree, or undefined when they match. */
export function updateMismatch(markdown: string, updated: string | undefined): string | undefined {
  const { update } = splitAtUpdate(markdown);
  if (update && updateHeading.test(update.markdown.slice(1))) return 'has more than one "## Update, <date>" section; keep one, at the end';
  if (updated && !update) return `sets updated: "${updated}" but has no "## Update, ${updated}: ..." section`;
  if (update && !updated) return `has an "## Update, ${update.date}" section but no updated date in its frontmatter`;
  if (update && update.date !== updated) return `update section is dated ${update.date} but the frontmatter says updated: "${updated}"`;
  return undefined;
}
