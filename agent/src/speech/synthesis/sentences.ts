/**
 * Where a caller's line may be cut for synthesis: at the end of each sentence. Each sentence
 * is synthesized on its own, so the first one plays while the next is being made, and a
 * sentence that recurs across lines and calls is synthesized once (voice.ts caches it).
 * flite speaks each sentence as its own utterance anyway, so the cut changes nothing audible.
 */

/** Words whose period does not end a sentence (nor a phrase: flite reads "Mr. Smith" in one breath). */
const abbreviations = new Set(["mr", "mrs", "ms", "dr", "st", "jr", "sr", "prof", "vs", "etc", "eg", "ie", "inc", "ltd", "approx", "dept", "ext"]);

/** True when the period at `index` of `text` closes an abbreviation or an initial, not a sentence. */
export function isAbbreviationPeriod(text: string, index: number): boolean {
  if (text[index] !== ".") return false;
  const before = /([A-Za-z.]+)$/.exec(text.slice(Math.max(0, index - 12), index))?.[1] ?? "";
  const word = before.replace(/\./g, "").toLowerCase();
  if (word === "") return false;
  // A single capital (an initial: "J. Smith") or a dotted form ("e.g.", "U.S.").
  if (/^[A-Z]$/.test(before) || before.includes(".")) return true;
  return abbreviations.has(word);
}

/**
 * The line cut after each sentence's closing punctuation (and any closing quote or bracket),
 * the whitespace that follows staying with the sentence it follows, so the parts joined
 * give back the line exactly. A part with nothing to say (no letter or digit) joins its
 * neighbour, so every part but a wholly unspeakable line has audio.
 */
export function splitSentences(line: string): string[] {
  const parts: string[] = [];
  const ending = /[.!?]+["'\u2019\u201d)\]]*(\s+)(?=["'\u2018\u201c(\[]?[A-Z0-9])/g;
  let start = 0;
  for (let match = ending.exec(line); match !== null; match = ending.exec(line)) {
    const punctuationEnd = match.index + match[0].length - (match[1]?.length ?? 0);
    const lastPeriod = line.lastIndexOf(".", punctuationEnd - 1);
    if (/^\.[^.!?]*$/.test(line.slice(match.index, punctuationEnd)) && isAbbreviationPeriod(line, lastPeriod)) continue;
    const end = match.index + match[0].length;
    parts.push(line.slice(start, end));
    start = end;
  }
  if (start < line.length || parts.length === 0) parts.push(line.slice(start));
  return mergeUnspeakable(parts);
}

const speakable = /[\p{L}\p{N}]/u;

function mergeUnspeakable(parts: readonly string[]): string[] {
  const merged: string[] = [];
  for (const part of parts) {
    const previous = merged.length - 1;
    if (previous >= 0 && !speakable.test(part)) merged[previous] += part;
    else if (previous >= 0 && !speakable.test(merged[previous] ?? "")) merged[previous] += part;
    else merged.push(part);
  }
  return merged;
}
