import { Marked, type Tokens } from "marked";

/**
 * The first table under a heading of a Markdown document (a deploy guide's settings table), as
 * rows keyed by the header cells' text; undefined when the heading or its table is missing.
 * Lets a test hold a guide's instructions to the values the site publishes.
 */
export function tableUnder(markdown: string, heading: string): Record<string, string>[] | undefined {
  const tokens = new Marked().lexer(markdown);
  const start = tokens.findIndex((token) => token.type === "heading" && (token as Tokens.Heading).text.trim() === heading);
  if (start < 0) return undefined;
  const depth = (tokens[start] as Tokens.Heading).depth;
  for (const token of tokens.slice(start + 1)) {
    if (token.type === "heading" && (token as Tokens.Heading).depth <= depth) return undefined;
    if (token.type === "table") {
      const table = token as Tokens.Table;
      const header = table.header.map((cell) => cell.text.trim());
      return table.rows.map((row) => Object.fromEntries(row.map((cell, index) => [header[index] ?? String(index), cell.text.trim()])));
    }
  }
  return undefined;
}
