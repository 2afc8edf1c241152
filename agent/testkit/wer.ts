/**
 * Word error rate: (substitutions + deletions + insertions) / reference words, from the edit
 * distance between word lists. Both sides are normalised the way the caller reads text (contractions spelled
 * out, "ok" -> "okay"), so "i'll" against "i will" is no error.
 */
import { normalise } from "../src/caller/words";

export function editDistance(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const substitution = (previous[j - 1] as number) + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[hypothesis.length] as number;
}

/** Spellings the dictionary and a transcript may differ in without either being wrong. */
const sameWord: Readonly<Record<string, string>> = { mr: "mister", mrs: "missus", dr: "doctor", st: "saint" };

export function comparableWords(text: string): string[] {
  const normalised = normalise(text);
  return normalised === "" ? [] : normalised.split(" ").map((word) => sameWord[word] ?? word);
}

/** Accumulates errors and reference words over many utterances. */
export class WordErrorRate {
  errors = 0;
  words = 0;

  add(reference: string, hypothesis: string): void {
    const expected = comparableWords(reference);
    this.errors += editDistance(expected, comparableWords(hypothesis));
    this.words += expected.length;
  }

  get rate(): number {
    return this.words === 0 ? Number.NaN : this.errors / this.words;
  }

  toString(): string {
    return Number.isFinite(this.rate) ? `${(this.rate * 100).toFixed(1)}%` : "n/a";
  }
}
