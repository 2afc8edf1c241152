/**
 * When each character of a spoken line is heard: the timing behind ElevenLabs'
 * `audio_event.alignment`, which lets captions follow the voice: this estimates a line's
 * character timeline, and ../chunk-alignment.ts cuts it into each chunk's alignment.
 *
 * flite reports when each phone ends (`-psdur`); its pauses mark where it breaks phrases, at
 * the line's punctuation. When the line's phrases and flite's pauses agree, each phrase gets
 * its voiced span; otherwise the whole line gets the span from the first to the last voiced
 * phone. Inside a span, words get time in proportion to their letters (digits count more: a
 * digit is a whole spoken word), the characters of a word share its time evenly, and the
 * spaces and punctuation between words take the pause between them. An estimate, good to a
 * word or so, which is what a caption needs.
 */
import type { CharTimeline } from "../types";
import { isAbbreviationPeriod } from "./sentences";

/** One phone of flite's `-psdur` output: its name (`pau` is silence) and when it ends, in seconds from the start of the audio. */
export type Phone = { readonly name: string; readonly endS: number };

type Span = { start: number; end: number };
type Word = { from: number; to: number; weight: number };

const wordPattern = /[\p{L}\p{N}]+(?:['\u2019][\p{L}\p{N}]+)*/gu;
const phraseBreak = /[,.;:?!\u2013\u2014]/;

export function estimateTimeline(text: string, audioMs: number, phones: readonly Phone[] | null): CharTimeline {
  const chars = Array.from(text);
  if (chars.length === 0) return { chars, startsMs: [], durationsMs: [] };
  const total = Math.max(0, audioMs);
  const words = findWords(chars);
  const starts = new Array<number>(chars.length).fill(0);
  const ends = new Array<number>(chars.length).fill(0);

  if (words.length === 0 || total === 0) {
    spread(starts, ends, 0, chars.length, { start: 0, end: total });
  } else {
    const phrases = groupPhrases(chars, words);
    const runs = voicedRuns(phones, total);
    const whole = runs.length > 0 ? { start: runs[0]!.start, end: runs.at(-1)!.end } : { start: 0, end: total };
    const spans = runs.length === phrases.length ? runs : null;
    phrases.forEach((phrase, p) => {
      // Without a span per phrase, the phrases share the whole voiced span by weight.
      const span = spans ? spans[p]! : share(whole, phrases, p);
      placeWords(phrase, span, starts, ends);
    });
    // Spaces and punctuation take the time between the words around them.
    let cursor = 0;
    let previousEnd = 0;
    for (const word of words) {
      spread(starts, ends, cursor, word.from, { start: previousEnd, end: starts[word.from]! });
      cursor = word.to;
      previousEnd = ends[word.to - 1]!;
    }
    spread(starts, ends, cursor, chars.length, { start: previousEnd, end: total });
  }

  // Every character starts inside the audio (punctuation after the last word would otherwise start at its very end).
  const lastMs = Math.max(0, Math.round(total) - 1);
  const startsMs = starts.map((value) => Math.min(Math.round(value), lastMs));
  const endsMs = ends.map((value) => Math.min(Math.round(value), Math.round(total)));
  return { chars, startsMs, durationsMs: endsMs.map((end, i) => Math.max(0, end - startsMs[i]!)) };
}

// ---------------------------------------------------------------- helpers

function findWords(chars: readonly string[]): Word[] {
  const text = chars.join("");
  const words: Word[] = [];
  // Code-unit offsets from the pattern, converted to character (code point) indexes.
  const indexOf = codePointIndex(chars);
  for (const match of text.matchAll(wordPattern)) {
    const from = indexOf(match.index);
    const to = indexOf(match.index + match[0].length);
    const digits = (match[0].match(/\p{N}/gu) ?? []).length;
    words.push({ from, to, weight: to - from - digits + digits * 3 + 0.5 });
  }
  return words;
}

function codePointIndex(chars: readonly string[]): (codeUnit: number) => number {
  const table: number[] = [];
  chars.forEach((char, i) => {
    for (let k = 0; k < char.length; k += 1) table.push(i);
  });
  return (codeUnit) => (codeUnit >= table.length ? chars.length : table[codeUnit]!);
}

/** Words grouped into the phrases flite pauses between: a break is phrase punctuation between two words, except an abbreviation's period. */
function groupPhrases(chars: readonly string[], words: readonly Word[]): Word[][] {
  const text = chars.join("");
  const phrases: Word[][] = [[]];
  words.forEach((word, w) => {
    phrases.at(-1)!.push(word);
    const next = words[w + 1];
    if (!next) return;
    const between = chars.slice(word.to, next.from).join("");
    const breakAt = between.search(phraseBreak);
    if (breakAt === -1) return;
    const offset = chars.slice(0, word.to).join("").length + breakAt;
    if (between[breakAt] === "." && isAbbreviationPeriod(text, offset)) return;
    phrases.push([]);
  });
  return phrases;
}

/** The stretches of speech between flite's pauses, scaled to the audio's real length. */
function voicedRuns(phones: readonly Phone[] | null, totalMs: number): Span[] {
  if (!phones || phones.length === 0) return [];
  const lastEnd = phones.at(-1)!.endS * 1000;
  if (!(lastEnd > 0)) return [];
  const scale = totalMs / lastEnd;
  const runs: Span[] = [];
  let previousEnd = 0;
  let open: Span | null = null;
  for (const phone of phones) {
    const start = previousEnd * scale;
    const end = phone.endS * 1000 * scale;
    previousEnd = phone.endS * 1000;
    if (phone.name === "pau") {
      if (open) runs.push(open);
      open = null;
    } else if (open) open.end = end;
    else open = { start, end };
  }
  if (open) runs.push(open);
  return runs;
}

function share(whole: Span, phrases: readonly Word[][], index: number): Span {
  const weights = phrases.map((phrase) => phrase.reduce((sum, word) => sum + word.weight, 0));
  const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  const before = weights.slice(0, index).reduce((sum, weight) => sum + weight, 0);
  const length = whole.end - whole.start;
  return { start: whole.start + (length * before) / total, end: whole.start + (length * (before + weights[index]!)) / total };
}

function placeWords(phrase: readonly Word[], span: Span, starts: number[], ends: number[]): void {
  const total = phrase.reduce((sum, word) => sum + word.weight, 0) || 1;
  const length = Math.max(0, span.end - span.start);
  let at = span.start;
  for (const word of phrase) {
    const duration = (length * word.weight) / total;
    spread(starts, ends, word.from, word.to, { start: at, end: at + duration });
    at += duration;
  }
}

/** Characters [from, to) share the span evenly. */
function spread(starts: number[], ends: number[], from: number, to: number, span: Span): void {
  const count = to - from;
  if (count <= 0) return;
  const step = Math.max(0, span.end - span.start) / count;
  for (let i = 0; i < count; i += 1) {
    starts[from + i] = span.start + step * i;
    ends[from + i] = span.start + step * (i + 1);
  }
}
