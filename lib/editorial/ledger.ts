import { wordedFiguresIn } from "./figures";
import { withoutQuotations } from "./text";

/**
 * The claims ledger's reading of a sentence. A sentence states a fact about the world when it
 * holds a figure, names an organization, person or incident that is not ours, or states a trend,
 * a superlative (an absolute such as "nobody" or "usually" claims as much), a comparison or a
 * cause; such a sentence rests on a source (an id of
 * content/sources.ts) or says it is our view. The rules (our own names, the capitalized words that
 * name nobody, the opinion phrases) are data in content/house-style.ts; these functions only read
 * sentences with them. Quotations are a source's words and are read with the sentence around them.
 */

export const factKinds = ["figure", "name", "trend", "superlative", "comparison", "cause"] as const;
export type FactKind = (typeof factKinds)[number];

export type LedgerRules = {
  /** Our own names: the company, the product's features, our vendors where the copy is about our product. */
  ownNames: readonly string[];
  /** Capitalized words that name no one ("AI", "CEO", "Monday"): roles, acronyms of trades, days. */
  commonTerms: readonly string[];
  /** Phrases that mark a sentence as our view ("we think", "in our view"). */
  opinion: readonly RegExp[];
  /** Proper nouns of the whole copy (properNounsOf): a sentence's first word is a name when it is one. */
  knownNames?: ReadonlySet<string>;
};

export type FactSignal = { kind: FactKind; phrase: string };

const trend =
  /\b(?:grow(?:s|ing|n)?|grew|growth|ris(?:e|es|ing)|rose|risen|increas(?:e|es|ed|ing|ingly)|surg(?:e|es|ed|ing)|soar\w*|climb(?:s|ed|ing)?|(?:fell|falls?|falling)(?! (?:for|back|short)\b)|declin(?:e|es|ed|ing)|drop(?:s|ped|ping)?|fad(?:e|es|ed|ing)|decay(?:s|ed|ing)?|on the rise|more and more|no longer|these days|nowadays|keeps? getting|getting (?:easier|cheaper|better|worse|harder))\b/i;
/** A superlative, or an absolute that claims as much: everyone, nobody, rarely, usually. */
const superlative =
  /\b(?:most|least|best|worst|largest|biggest|highest|lowest|fastest|slowest|strongest|weakest|costliest|greatest|cheapest|easiest|hardest|earliest|commonest|top)\b|\b\w+-most\b|\b(?:nobody|no one|everyone|everybody|hardly anyone|hardly any|almost all|nearly all|virtually all|(?:the|a) (?:vast )?majority of|rarely|seldom|invariably|universally|usually|typically|commonly|generally)\b/i;
const comparison = /\b(?:\w+er|more|less|fewer|no better|no worse)\b(?:\s+[\w'’-]+){0,5}?\s+than\b|\b(?:twice|half) as\b|\bas (?:\w+ ){1,2}as\b/i;
const notComparison = /\b(?:rather|other)\s+than\b|\bas (?:well|soon|long) as\b/gi;
const cause = /\b(?:because|led to|leads? to|leading to|so that|due to|caus(?:e|es|ed|ing)|as a result|results? in|resulted in|thanks to|which is why|that is why)\b/i;

const measure = /^\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|percent|times|a (?:day|week|month|year)|in (?:\w+))\b/i;

/**
 * The figures of a sentence: numerals (a date, an amount, a share), and numbers in words that
 * measure ("three seconds", "seven a day", "one in ten") or count past ten ("twenty-seven
 * customers"). "Two ways to find out" counts nothing in the world.
 */
function figureIn(sentence: string): string | undefined {
  const numeral = /\d[\d,.:/]*%?/.exec(sentence);
  if (numeral) return numeral[0];
  const words = Array.from(sentence.matchAll(/\b(?:one|a|an)\s+(?:in|of)\s+(?:two|three|four|five|six|seven|eight|nine|ten|twelve|\w+teen|\w+ty)\b/gi), (match) => match[0]);
  if (words[0]) return words[0];
  for (const figure of wordedFiguresIn(sentence)) {
    const at = sentence.toLowerCase().indexOf(figure.text.toLowerCase());
    if (figure.value > 10 || measure.test(sentence.slice(at + figure.text.length))) return figure.text;
  }
  return undefined;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The sentence with our own names blanked, longest first, so "Mockingbird AI" goes before "Mockingbird". */
function withoutOwnNames(sentence: string, ownNames: readonly string[]): string {
  return [...ownNames].sort((a, b) => b.length - a.length).reduce((rest, name) => rest.replace(new RegExp(`(?<![\\w-])${escaped(name)}(?![\\w-])`, "g"), " "), sentence);
}

/**
 * The first name in a sentence that is not ours: a capitalized word or acronym that is not a
 * common term. The sentence's first word counts only when it could not be an ordinary word
 * written at a sentence's start: a capital inside it (CrowdStrike), all capitals (MGM), or a
 * proper noun of the copy (Google).
 */
function nameIn(sentence: string, rules: LedgerRules): string | undefined {
  const common = new Set(rules.commonTerms);
  const words = Array.from(withoutOwnNames(sentence, rules.ownNames).matchAll(/[\p{L}\p{N}][\p{L}\p{N}&’'.-]*/gu), (match) => ({ word: match[0].replace(/['’]s$|[.’'-]+$/u, "").split("-")[0] as string, at: match.index ?? 0 }));
  // A heading in title case ("Join Our Private Beta!") capitalizes every word: its capitals name no one.
  const long = words.filter(({ word }) => word.length > 3);
  if (long.length >= 3 && long.every(({ word }) => /^\p{Lu}/u.test(word))) return undefined;
  const first = words[0]?.at;
  for (const { word, at } of words) {
    if (!/^\p{Lu}/u.test(word) || common.has(word)) continue;
    const atStart = at === first || /[.!?:;]\s*["“(]?$/.test(sentence.slice(0, at));
    if (atStart && !/^\p{Lu}.*\p{Lu}/u.test(word) && !rules.knownNames?.has(word)) continue;
    return word;
  }
  return undefined;
}

/**
 * The proper nouns of a body of copy: words written with a capital inside a sentence and never in
 * lower case ("Google", "Caesars"), so that the same word opening a sentence is read as a name too.
 */
export function properNounsOf(sentences: readonly string[]): Set<string> {
  const capitalized = new Set<string>();
  const lower = new Set<string>();
  for (const sentence of sentences) {
    const words = Array.from(withoutQuotations(sentence).matchAll(/[\p{L}][\p{L}’']*/gu), (match) => ({ word: match[0].replace(/['’]s$/u, ""), at: match.index ?? 0 }));
    for (const { word, at } of words) {
      if (/^\p{Ll}/u.test(word)) lower.add(word);
      else if (at > 0 && !/[.!?:;]\s*["“(]?$/.test(sentence.slice(0, at))) capitalized.add(word);
    }
  }
  return new Set([...capitalized].filter((word) => !lower.has(word.toLowerCase())));
}

/** What makes a sentence factual, one signal for each kind it shows (of `kinds`, every kind by default); an empty list for a sentence that states no fact about the world. */
export function factSignals(sentence: string, rules: LedgerRules, kinds: readonly FactKind[] = factKinds): FactSignal[] {
  // A question asserts nothing ("did the finance team do better than sales?").
  if (/\?["”’]?$/.test(sentence.trim())) return [];
  const prose = withoutOwnNames(withoutQuotations(sentence), [...rules.ownNames, ...rules.commonTerms]);
  const found: FactSignal[] = [];
  const figure = figureIn(prose);
  if (figure) found.push({ kind: "figure", phrase: figure });
  const name = nameIn(withoutQuotations(sentence), rules);
  if (name) found.push({ kind: "name", phrase: name });
  for (const [kind, pattern] of [["trend", trend], ["superlative", superlative], ["comparison", comparison], ["cause", cause]] as const) {
    const match = pattern.exec(kind === "comparison" ? prose.replace(notComparison, " ") : prose);
    if (match) found.push({ kind, phrase: match[0] });
  }
  return found.filter((signal) => kinds.includes(signal.kind));
}

/** Whether the sentence says, where the reader sees it, that it is our view. */
export function isOurView(sentence: string, opinion: readonly RegExp[]): boolean {
  return opinion.some((pattern) => pattern.test(sentence));
}

/** One sentence of the site's copy as the ledger reads it: where it stands and the ids of the sources it rests on. */
export type LedgerSentence = { page: string; where: string; sentence: string; facts: readonly string[] };

export type UnsourcedSentence = LedgerSentence & { signals: FactSignal[] };

/** How a sentence is read: with which rules, for which kinds of fact. */
export type Reading = { rules: LedgerRules; kinds?: readonly FactKind[] };

/** Factual sentences that carry no source id and do not say they are our view. */
export function unsourcedSentences<T extends LedgerSentence>(sentences: readonly T[], readingOf: (entry: T) => Reading): (T & { signals: FactSignal[] })[] {
  return sentences.flatMap((entry) => {
    const { rules, kinds } = readingOf(entry);
    if (entry.facts.length > 0 || isOurView(entry.sentence, rules.opinion)) return [];
    const signals = factSignals(entry.sentence, rules, kinds);
    return signals.length > 0 ? [{ ...entry, signals }] : [];
  });
}

/** Sentences that carry an id that is not one of the sources. */
export function unknownFacts<T extends LedgerSentence>(sentences: readonly T[], sourceIds: readonly string[]): T[] {
  const known = new Set(sourceIds);
  return sentences.filter((entry) => entry.facts.some((fact) => !known.has(fact)));
}

/** What the ledger shows of a source: who it is and its words on the fact sheet. */
export type LedgerSource = { id: string; name: string; entry: string; words: readonly string[] };

const quoted = (text: string) => text.replace(/\|/g, "\\|");

/**
 * The ledger as one Markdown page a reviewer reads top to bottom: its counts, then page by page
 * each claim with the ids it rests on and those sources' words, then the sentences marked as our
 * view, then the sources no sentence cites.
 */
export function renderLedger({ claims, views, sources, command }: { claims: readonly LedgerSentence[]; views: readonly LedgerSentence[]; sources: readonly LedgerSource[]; command: string }): string {
  const byId = new Map(sources.map((source) => [source.id, source]));
  const cited = new Set(claims.flatMap((claim) => claim.facts));
  const pages = [...new Set(claims.map((claim) => claim.page))];
  const lines = [
    "# Claims ledger",
    "",
    `Generated by \`${command}\` from content/; do not edit by hand. Every sentence of the site that states a fact about the world (a figure, a name that is not ours, a trend, a superlative, a comparison or a cause) rests on a source of content/sources.ts or says it is our view; tests/unit/claims-ledger.test.ts fails on one that does neither, and on this page when it differs from what the command writes. Each claim is followed by its source's words on the fact sheet (content/FACTS.md): read the two side by side.`,
    "",
    `- Claims: ${claims.length}, on ${pages.length} pages`,
    `- Sources cited: ${cited.size} of ${sources.length}`,
    `- Views marked as ours: ${views.length}`,
    "",
  ];
  for (const page of pages) {
    lines.push(`## ${page}`, "");
    for (const claim of claims.filter((entry) => entry.page === page)) {
      lines.push(`- ${quoted(claim.sentence)}`);
      for (const id of claim.facts) {
        const source = byId.get(id);
        lines.push(`  - \`${id}\`${source ? `, ${source.name} (${source.entry})` : ""}`);
        for (const words of source?.words ?? []) lines.push(`    > ${quoted(words)}`);
      }
    }
    lines.push("");
  }
  lines.push("## Views marked as ours", "");
  for (const view of views) lines.push(`- ${view.page}: ${quoted(view.sentence)}`);
  const unused = sources.filter((source) => !cited.has(source.id));
  lines.push("", "## Sources no sentence cites", "", ...(unused.length > 0 ? unused.map((source) => `- \`${source.id}\`, ${source.name}`) : ["None."]), "");
  return lines.join("\n");
}
