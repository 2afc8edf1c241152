/**
 * A bench's usage for `npm run bench -- <name> --help`: the block comment its script opens with,
 * which says what it measures and which options it takes.
 */
export function scriptHeader(source: string): string {
  const block = /^\s*(?:#![^\n]*\n\s*)?\/\*\*?([\s\S]*?)\*\//.exec(source);
  if (!block) return "";
  return block[1]!
    .split("\n")
    .map((line) => line.replace(/^\s*\* ?/, ""))
    .join("\n")
    .trim();
}
