import { plainText } from "./text";

/**
 * Figures in copy: what is left of a passage's numbers once dates, years, names with digits
 * (UNC6040, Storm-1811, 8-K, I-120324-PSA) and list markers are set aside, and whether each one
 * is in the fact-sheet entries of the sources the passage cites.
 */

const month = "(?:January|February|March|April|May|June|July|August|September|October|November|December)";

/** A passage with dates, years and numbered names removed: any digit left is a figure. */
export function figureText(text: string): string {
  return plainText(text)
    .replace(new RegExp(`\\b${month}( \\d{1,2},)? \\d{4}\\b`, "g"), "")
    .replace(new RegExp(`\\b${month} \\d{1,2}\\b`, "g"), "")
    .replace(/\b(19|20)\d{2}\b/g, "")
    .replace(/\b[A-Za-z]+[-‑]?\d[\w-]*|\b\d+[-‑][A-Z]\w*/g, "")
    .replace(/\b1:1\b/g, "");
}

export type Figure = {
  /** As written, e.g. "46.15", "196,000". */
  text: string;
  value: number;
  /** Written as an approximation ("about 196,000", "more than 3,000"): may round the source's figure. */
  approximate: boolean;
};

const approximation = /(?:about|around|roughly|some|nearly|almost|approximately|more than|over|just under|under|at least|~)\s*[$€£]?$/i;

/** The figures of a passage, in order. */
export function figuresIn(text: string): Figure[] {
  const figures: Figure[] = [];
  const source = figureText(text);
  for (const match of source.matchAll(/\d[\d,]*(?:\.\d+)?/g)) {
    const written = match[0].replace(/[,.]$/, "");
    const before = source.slice(Math.max(0, (match.index ?? 0) - 14), match.index ?? 0).replace(/(?:US|HK)?[$€£]$/, "");
    figures.push({ text: written, value: Number(written.replace(/,/g, "")), approximate: approximation.test(before) });
  }
  return figures;
}

const numberWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"];
const numberWord = new RegExp(`\\b(${numberWords.join("|")})\\b`, "gi");

/** The numbers an entry states, numerals and the words zero to twenty ("three seconds") alike. */
function numbersStated(entry: string): number[] {
  const numerals = entry.replace(numberWord, (word) => String(numberWords.indexOf(word.toLowerCase())));
  return Array.from(numerals.matchAll(/\d[\d,]*(?:\.\d+)?/g), (match) => Number(match[0].replace(/,/g, "").replace(/\.$/, "")));
}

/** Whether the figure appears in one of the entries: exactly, or within 1% when it is written as an approximation. */
export function figureInEntries(figure: Figure, entries: readonly string[]): boolean {
  const stated = entries.flatMap(numbersStated);
  return stated.some((value) => value === figure.value || (figure.approximate && value > 0 && Math.abs(value - figure.value) / value <= 0.01));
}
