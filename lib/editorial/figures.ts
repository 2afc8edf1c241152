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

const units: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, dozen: 12 };
const tens: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const scales: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000, billion: 1_000_000_000 };
const unitWords = ["one", ...Object.keys(units)].join("|");
const wordedNumber = new RegExp(
  `\\b(?:(?:${Object.keys(tens).join("|")})(?:[- ](?:${unitWords}))?|${Object.keys(units).join("|")})\\b(?:\\s+(?:${Object.keys(scales).join("|")})\\b)?|\\b(?:a|one)\\s+(?:${Object.keys(scales).join("|")})\\b`,
  "gi",
);

function wordedValue(words: string): number {
  let value = 0;
  for (const word of words.toLowerCase().split(/[- \s]+/)) {
    if (word === "a" || word === "one") value += 1;
    else if (word in units) value += units[word] as number;
    else if (word in tens) value += tens[word] as number;
    else if (word in scales) value = Math.max(value, 1) * (scales[word] as number);
  }
  return value;
}

/**
 * Figures written in words ("twenty-seven customers", "two weeks", "a thousand emails"), with
 * their numeric values. "one" alone is left out: it is nearly always an article ("one call").
 */
export function wordedFiguresIn(text: string): Figure[] {
  return Array.from(plainText(text).matchAll(wordedNumber), (match) => ({ text: match[0], value: wordedValue(match[0]), approximate: false }));
}

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

/** A measurement written in words ("within two weeks", "three seconds"): a figure as much as "2 weeks" is, and it needs its source beside it. */
export function measuresInWords(text: string): boolean {
  return wordedFiguresIn(text).some((figure) => new RegExp(`\\b${figure.text}\\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|percent)\\b`, "i").test(plainText(text)));
}
