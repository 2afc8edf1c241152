/**
 * How a doc states a measured figure, as opposed to a setting or a bar. Outside generated blocks
 * (doc-blocks.ts) a doc may say "400 ms of silence", "5 a minute", "<= 20 KB gzip" or "the
 * 3,000 req/s target", but not "p50 593 ms", "448 req/s", "90.8%" or "performance 96-97": those
 * come from a bench run and belong in its block, where the run's record backs them. Pure.
 */

export type MeasuredPhrase = {
  /** Which rule recognised it. */
  readonly rule: string;
  readonly text: string;
  /** 1-based. */
  readonly line: number;
};

/** A number, or a run of them ("593 / 568", "97-100", "1.9 and 2.7"), as figures are written. */
const numbers = String.raw`~?\d[\d,.]*(?:\s*(?:\/|-|–|to|and|vs)\s*~?\d[\d,.]*)*`;
const statistic = String.raw`\b(?:p\d{2}|median|mean|average|max|min)\b`;

const rules: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  // "p50 593 ms", "median 12 ms", "p99 0.31×", "max 35 ms"
  { name: "statistic with a value", pattern: new RegExp(String.raw`${statistic}\s*(?:=|:)?\s*${numbers}\s*(?:ms|s|µs|KB|MB|%|×)(?![\w/])`, "gi") },
  // "448 req/s", "8.9 turns/s", "2,100 calls/s", "3.0× req/s"
  { name: "throughput", pattern: new RegExp(String.raw`${numbers}\s*×?\s*(?:req|requests|calls|turns|frames)\s*(?:/s\b|per second|a second)`, "gi") },
  // "performance 96-97", "scored 93-98", "scores of 70-82"
  { name: "score", pattern: new RegExp(String.raw`\b(?:performance|scored|scores? of)\s+(?:of\s+)?\d{2,3}\b(?:\s*(?:-|–|to)\s*\d{2,3}\b)?`, "gi") },
  // "90.8%", "3.5% of a core": settings and bars are whole percentages
  { name: "measured percentage", pattern: /\b\d+\.\d+\s?%/g },
  // "understood 96%", "word error rate 11%"
  { name: "rate of a run", pattern: /\b(?:understood|accuracy|error rate|WER|hit rate)\b[^\n|]{0,12}?\d+(?:\.\d+)?\s?%/gi },
  // "LCP between 1.9 and 2.7 s", "TBT 140 ms"
  { name: "page timing", pattern: new RegExp(String.raw`\b(?:LCP|FCP|TBT|TTFB|INP)\b[^\n|]{0,20}?${numbers}\s*(?:ms|s)\b`, "g") },
  // "18.7 KB gzip", "about 131 KB gzip": what a build weighed
  { name: "weighed size", pattern: new RegExp(String.raw`${numbers}\s*KB\s+gzip`, "gi") },
  // "178 µs per request", "about 5.3 ms per request"
  { name: "cost per operation", pattern: new RegExp(String.raw`${numbers}\s*(?:ms|µs)\s+per\s+(?:request|call|turn)\b`, "gi") },
  // "load average 1.2-1.7", "an earlier run", "measured on 2026-11-22", "(n=20"
  { name: "note of a run", pattern: /\bload average\b[^\n|]{0,12}?\d|\b(?:earlier|latest|previous)\s+(?:pair of\s+)?runs?\b|\bmeasured (?:on|in)\s+\d{4}|\(n\s*=\s*\d/gi },
];

/** Words just before a figure that make it a bar, a budget or a setting, not a measurement. */
const barBefore = /(?:<=|>=|≤|≥|<(?!!)|(?<!-)>|\bat most|\bat least|\bunder|\bwithin|\bbelow|\babove|\bup to|\bbudget|\btarget|\bbar|\blimit|\bmaximum|\bbudgets?:)[ \t]*(?:of[ \t]+|is[ \t]+|:[ \t]*)?$/i;
/** Words just after it that do the same ("the 3,000 req/s target", "20 KB gzip budget"). */
const barAfter = /^\s*(?:\(?target|budget|bar\b|limit|or (?:more|less|fewer))/i;

function isBar(text: string, start: number, end: number): boolean {
  return barBefore.test(text.slice(Math.max(0, start - 24), start)) || barAfter.test(text.slice(end, end + 24));
}

/** A table column that holds measurements, by its heading. */
const measuredColumn = /\b(?:p\d{2}|median|mean|req\/s|LCP|FCP|TBT|CLS|perf|performance|latency|throughput)\b/i;

const cellsOf = (line: string) => line.trim().replace(/^\|/, "").replace(/\|$/, "").split(/(?<!\\)\|/).map((cell) => cell.trim());

/** Figures in the measurement columns of Markdown tables ("| route | perf | LCP |", "| run | req/s | p50 |"). */
function measuredCells(lines: readonly string[]): MeasuredPhrase[] {
  const found: MeasuredPhrase[] = [];
  for (let index = 0; index + 1 < lines.length; index += 1) {
    const isTableStart = lines[index]!.trimStart().startsWith("|") && /^\s*\|?\s*:?-{3,}/.test(lines[index + 1]!) && (index === 0 || !lines[index - 1]!.trimStart().startsWith("|"));
    if (!isTableStart) continue;
    const headings = cellsOf(lines[index]!);
    const columns = headings.flatMap((heading, column) => (measuredColumn.test(heading) ? [column] : []));
    for (let row = index + 2; row < lines.length && lines[row]!.trimStart().startsWith("|"); row += 1) {
      const cells = cellsOf(lines[row]!);
      for (const column of columns) {
        const value = cells[column] ?? "";
        if (/\d/.test(value) && !barBefore.test(value.replace(/\d[\s\S]*$/, ""))) found.push({ rule: `table column "${headings[column]}"`, text: value, line: row + 1 });
      }
    }
  }
  return found;
}

export function measuredPhrases(text: string): MeasuredPhrase[] {
  const matches: { rule: string; start: number; end: number }[] = [];
  for (const { name, pattern } of rules) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (!isBar(text, start, end)) matches.push({ rule: name, start, end });
    }
  }
  // Where two rules see the same figure, it is reported once, with the longer phrase.
  matches.sort((a, b) => a.start - b.start || b.end - a.end);
  const found: MeasuredPhrase[] = measuredCells(text.split("\n"));
  let reachedUpTo = -1;
  for (const match of matches) {
    if (match.start < reachedUpTo) continue;
    reachedUpTo = match.end;
    found.push({ rule: match.rule, text: text.slice(match.start, match.end).trim(), line: text.slice(0, match.start).split("\n").length });
  }
  return found.sort((a, b) => a.line - b.line);
}
