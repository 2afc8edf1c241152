import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** The weights the design uses, normal to bold; the subset keeps only this stretch of the wght axis. */
export const fontWeightRange = { min: 400, max: 700 } as const;

/** Printable ASCII: every page, every caption and every typed reply needs it. */
export const printableAscii = Array.from({ length: 0x7e - 0x20 + 1 }, (_, index) => String.fromCharCode(0x20 + index)).join("");

/**
 * Typographic characters kept whether or not today's copy uses them, so an editor who types
 * a curly quote or a dash does not fall back to the system font.
 */
export const typographicExtras = "‘’“”–—…•·€£©®™←→§";

/** Where the site's own text lives: copy, pages, components and the messages of lib/. */
export const siteTextDirs = ["content", "app", "components", "lib"] as const;

const sourceExtensions = new Set([".ts", ".tsx", ".md", ".mdx", ".json"]);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) yield* sourceFiles(file);
    else if (sourceExtensions.has(path.extname(entry))) yield file;
  }
}

/**
 * The characters outside printable ASCII in the given texts, sorted, each once. Characters
 * beyond the Basic Multilingual Plane (emoji) are left out: the system's colour font draws them.
 */
export function nonAsciiCharacters(texts: Iterable<string>): string {
  const found = new Set<string>();
  for (const text of texts) {
    for (const character of text) {
      const code = character.codePointAt(0)!;
      if (code > 0x7e && code <= 0xffff && !/\p{Cc}|\uFE0F/u.test(character)) found.add(character);
    }
  }
  return [...found].sort().join("");
}

/** Everything the web font must draw: ASCII, the typographic extras and every other character the site's own text uses. */
export function subsetText(sourceDirs: string[]): string {
  const texts = sourceDirs.flatMap((dir) => [...sourceFiles(dir)].map((file) => readFileSync(file, "utf8")));
  return printableAscii + nonAsciiCharacters([typographicExtras, ...texts]);
}
