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

/** English function words: a phrase made only of content words is a phrase a reader remembers. */
const functionWords = new Set(
  "a an the and or but nor of to in on at for by with from as is are was were be been being it its this that these those their they them we our you your who whom whose what which when where why how not no can could will would should may might must has have had do does did than then so if into about over under only also just more most one any all each every some such other there here his her he she i us me my".split(" "),
);

export type RepeatedPhrase = { phrase: string; pages: string[] };

/**
 * Pairs of content words ("familiar voice", "out loud") on more than `maxPages` pages: a tic a
 * returning reader notices. `vocabulary` lists the names of the things the site is about ("help
 * desk", "voice cloning"), which every page may use.
 */
export function repeatedPhrases(places: readonly { page: string; text: string }[], { maxPages, vocabulary }: { maxPages: number; vocabulary: readonly string[] }): RepeatedPhrase[] {
  const pagesOf = new Map<string, Set<string>>();
  for (const place of places) {
    for (const sentence of sentencesOf(withoutQuotations(place.text))) {
      const words = wordsOf(sentence);
      for (let index = 0; index + 1 < words.length; index += 1) {
        const [first, second] = [words[index] as string, words[index + 1] as string];
        if (functionWords.has(first) || functionWords.has(second) || /\d/.test(first + second)) continue;
        const phrase = `${first} ${second}`;
        pagesOf.set(phrase, (pagesOf.get(phrase) ?? new Set()).add(place.page));
      }
    }
  }
  // A vocabulary phrase covers every pair of words in it ("help-desk agents": "help desk", "desk agents").
  const known = new Set(vocabulary.flatMap((phrase) => wordsOf(phrase).slice(1).map((word, index) => `${wordsOf(phrase)[index]} ${word}`)));
  return [...pagesOf].filter(([phrase, pages]) => pages.size > maxPages && !known.has(phrase)).map(([phrase, pages]) => ({ phrase, pages: [...pages] }));
}

/** Whole sentences of at least `minWords` words that stand on more than one page ("That is what Mockingbird is for."). */
export function sharedSentences(places: readonly { page: string; text: string }[], minWords: number): SharedPassage[] {
  const pagesOf = new Map<string, Set<string>>();
  for (const place of places) {
    for (const sentence of sentencesOf(withoutQuotations(place.text))) {
      const words = wordsOf(sentence);
      if (words.length < minWords) continue;
      const key = words.join(" ");
      pagesOf.set(key, (pagesOf.get(key) ?? new Set()).add(place.page));
    }
  }
  return [...pagesOf].filter(([, pages]) => pages.size > 1).map(([words, pages]) => ({ words, pages: [...pages] }));
}

/** Documents whose last paragraph links one of `pitchPaths` (the product or the beta page): they end on the pitch, not on their own point. */
export function documentsEndingOnPitch(documents: readonly { page: string; paragraphs: readonly string[] }[], pitchPaths: readonly string[]): string[] {
  const pitches = (markdown: string) => Array.from(markdown.matchAll(/\]\((\/[^)#\s]*)/g), (match) => match[1] as string).some((path) => pitchPaths.includes(path));
  return documents.filter((document) => pitches(document.paragraphs[document.paragraphs.length - 1] ?? "")).map((document) => document.page);
}

/** Topics whose sources are cited (linked) by more than `budget` pages besides the pages about them: a case retold in full, not referred to. */
export function topicsCitedTooOften(topics: readonly Topic[], places: readonly Place[], budget: number): OverBudget[] {
  return topics
    .map((topic) => ({
      topic: topic.id,
      pages: [...new Set(places.filter((place) => place.links.some((link) => topic.urls.includes(link))).map((place) => place.page))].filter((page) => !topic.about.includes(page)),
    }))
    .filter((entry) => entry.pages.length > budget);
}
