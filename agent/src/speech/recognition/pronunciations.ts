/**
 * Words and their pronunciations: text -> dictionary words, the CMU dictionary held compactly,
 * and a dictionary trimmed to the words a decoder needs (a decoder with fewer words starts faster
 * and uses less memory, docs/speech.md §0). Pure functions.
 */

/** Words pocketsphinx's dictionary spells this way: lowercase letters and apostrophes (don't, o'clock). */
const WORD = /^[a-z]+(?:'[a-z]+)*'?$/;
const MAX_WORDS_PER_PHRASE = 30;

/**
 * Lowercases, turns hyphens and sentence punctuation into word breaks, and checks every word.
 * Returns null with a reason when the phrase cannot be spoken as dictionary words (digits,
 * symbols, empty).
 */
export function normalizePhrase(phrase: string): { ok: true; phrase: string } | { ok: false; reason: string } {
  const text = phrase
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[-\u2010-\u2015,.;:!?"()]/g, " ")
    .trim();
  const words = text.split(/\s+/).filter((word) => word.length > 0);
  if (words.length === 0) return { ok: false, reason: "no words" };
  if (words.length > MAX_WORDS_PER_PHRASE) return { ok: false, reason: `more than ${MAX_WORDS_PER_PHRASE} words` };
  const bad = words.find((word) => !WORD.test(word));
  if (bad !== undefined) return { ok: false, reason: `'${bad}' is not a dictionary word (use letters, spell numbers out)` };
  return { ok: true, phrase: words.join(" ") };
}

/** word -> its pronunciations (phone strings), in dictionary order. A ReadonlyMap fits. */
export type Pronunciations = {
  has(word: string): boolean;
  get(word: string): readonly string[] | undefined;
};

/**
 * The CMU dictionary held as one string per word (alternates joined), which keeps its 126,000
 * words at ~12 MB of heap instead of ~35 MB as arrays.
 */
class CompactPronunciations implements Pronunciations {
  constructor(private readonly entries: ReadonlyMap<string, string>) {}

  get size(): number {
    return this.entries.size;
  }

  has(word: string): boolean {
    return this.entries.has(word);
  }

  get(word: string): readonly string[] | undefined {
    return this.entries.get(word)?.split("|");
  }
}

/**
 * Parses a CMU-style dictionary ("word PH ONES", alternates as "word(2) PH ONES"), grouping
 * alternates under their base word; further texts (words the first lacks) are read as part of it.
 */
export function parseCmuDict(...texts: string[]): Pronunciations & { readonly size: number } {
  const text = texts.join("\n");
  const entries = new Map<string, string>();
  let position = 0;
  while (position < text.length) {
    let end = text.indexOf("\n", position);
    if (end < 0) end = text.length;
    const space = text.indexOf(" ", position);
    if (space > position && space < end) {
      let word = text.slice(position, space);
      if (word.endsWith(")")) {
        const open = word.lastIndexOf("(");
        if (open > 0) word = word.slice(0, open);
      }
      const phones = text.slice(space + 1, end).trim().split(/\s+/).join(" ");
      if (phones.length > 0) {
        const earlier = entries.get(word);
        entries.set(word, earlier === undefined ? phones : `${earlier}|${phones}`);
      }
    }
    position = end + 1;
  }
  return new CompactPronunciations(entries);
}

export type DictionaryEntry = { word: string; phones: string };
export type TrimmedDictionary = { entries: DictionaryEntry[]; missing: string[] };

/**
 * Only the given words, each with all its pronunciations (alternates named word(2), word(3)...,
 * as pocketsphinx expects), plus the words that have no pronunciation.
 */
export function trimDictionary(words: Iterable<string>, pronunciations: Pronunciations): TrimmedDictionary {
  const entries: DictionaryEntry[] = [];
  const missing: string[] = [];
  for (const word of new Set(words)) {
    const phones = pronunciations.get(word);
    if (!phones || phones.length === 0) {
      missing.push(word);
      continue;
    }
    phones.forEach((pronunciation, index) => entries.push({ word: index === 0 ? word : `${word}(${index + 1})`, phones: pronunciation }));
  }
  return { entries, missing };
}

export function dictionaryText(dictionary: readonly DictionaryEntry[]): string {
  return dictionary.map(({ word, phones }) => `${word} ${phones}\n`).join("");
}
