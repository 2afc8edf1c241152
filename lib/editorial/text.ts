/**
 * Text helpers the editorial checks share: what a reader sees of a piece of Markdown or copy,
 * its sentences and words, and its prose without the verbatim quotations of sources.
 */

/** Absolute https links of a piece of Markdown, in order. */
export function externalLinks(markdown: string): string[] {
  return Array.from(markdown.matchAll(/\]\((https:\/\/[^)\s]+)\)/g), (match) => match[1] as string);
}

/** Site paths a piece of Markdown links to. */
export function internalLinks(markdown: string): string[] {
  return Array.from(markdown.matchAll(/\]\((\/[^)\s]*)\)/g), (match) => match[1] as string);
}

/** Markdown reduced to the words a reader sees: link text kept, targets and markup dropped. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/[*_`#>[\]]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Text with quotations ("…" or “…”) blanked: a source's words are verbatim by design, not ours to restyle. */
export function withoutQuotations(text: string): string {
  return text.replace(/["“][^"”]*["”]/g, " … ");
}

/** Text with web addresses and site paths blanked: a slug or an address is not prose. */
export function withoutAddresses(text: string): string {
  return text.replace(/\bhttps?:\/\/\S+/g, " ").replace(/\]\([^)]*\)/g, "]").replace(/(^|[\s(])\/[a-z0-9][\w./#?=&-]*/gi, "$1 ");
}

/** Sentences of a plain-text passage; a list item or heading without a full stop is one sentence. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.;!?:])\s+(?=["“(]?[A-Z0-9])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Lower-case words of a passage, punctuation dropped ("help-desk" is two words, "don't" one). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
}
