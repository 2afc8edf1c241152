import { sentencesOf, withoutQuotations, wordsOf } from "./text";

/**
 * The repetition budget. A returning reader should not meet the same case, the same study or the
 * same sentence on page after page: each topic is told in the articles about it and in at most a
 * budgeted number of other places, and no run of words is shared between two pages.
 */

/** One piece of a page's copy, with the addresses it links to. */
export type Place = { page: string; text: string; links: readonly string[] };

/** A case, study or report, with every way a page can retell it. */
export type Topic = {
  id: string;
  /** Addresses of the sources that report it: linking one tells it. */
  urls: readonly string[];
  /** Names or paraphrases that tell it without a link ("Caesars", "awareness fades within weeks"). */
  mentions: readonly RegExp[];
  /** Pages (article slugs) that are about it: telling it there is the point, not a repeat. */
  about: readonly string[];
};

/** The pages that tell a topic, in first-seen order. */
export function pagesTelling(topic: Topic, places: readonly Place[]): string[] {
  const pages = new Set<string>();
  for (const place of places) {
    const prose = withoutQuotations(place.text);
    if (place.links.some((link) => topic.urls.includes(link)) || topic.mentions.some((pattern) => pattern.test(prose))) pages.add(place.page);
  }
  return [...pages];
}

export type OverBudget = { topic: string; pages: string[] };

/** Topics told on more than `budget` pages besides the pages about them. */
export function topicsOverBudget(topics: readonly Topic[], places: readonly Place[], budget: number): OverBudget[] {
  return topics
    .map((topic) => ({ topic: topic.id, pages: pagesTelling(topic, places).filter((page) => !topic.about.includes(page)) }))
    .filter((entry) => entry.pages.length > budget);
}

export type SharedPassage = { words: string; pages: string[] };

/**
 * Runs of `length` words that appear within sentences of more than one page, quotations aside.
 * Overlapping runs of one repeated sentence are reported once, as the first run.
 */
export function sharedPassages(places: readonly { page: string; text: string }[], length: number): SharedPassage[] {
  const pagesOf = new Map<string, Set<string>>();
  for (const place of places) {
    for (const sentence of sentencesOf(withoutQuotations(place.text))) {
      const words = wordsOf(sentence);
      for (let start = 0; start + length <= words.length; start += 1) {
        const run = words.slice(start, start + length).join(" ");
        pagesOf.set(run, (pagesOf.get(run) ?? new Set()).add(place.page));
      }
    }
  }
  const shared = [...pagesOf].filter(([, pages]) => pages.size > 1);
  const reported: SharedPassage[] = [];
  for (const [words, pages] of shared) {
    const head = words.split(" ").slice(0, -1).join(" ");
    const continues = shared.some(([other, otherPages]) => other !== words && other.split(" ").slice(1).join(" ") === head && sameSet(otherPages, pages));
    if (!continues) reported.push({ words, pages: [...pages] });
  }
  return reported;
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((item) => b.has(item));

/** Documents with a section whose heading matches the pattern ("Practical takeaways for this week"). */
export function documentsWithSection(documents: readonly { page: string; headings: readonly string[] }[], pattern: RegExp): string[] {
  return documents.filter((document) => document.headings.some((heading) => pattern.test(heading))).map((document) => document.page);
}
