/**
 * Cuts Inter (the variable latin file of @fontsource-variable/inter, 48 KB) down to the
 * glyphs and weights the site draws: ~15 KB, on every page's first load. Runs before every
 * build and dev server, like the voice assets; the output is not committed, so new copy
 * with a new character gets its glyph at the next build.
 *
 * - Characters: printable ASCII, common typographic marks and every other character in the
 *   site's sources (scripts/lib/font-subset-text.ts).
 * - Weights: the wght axis is cut to 400-700, the design's normal to bold (app/layout.tsx
 *   declares the same range; a jest test keeps Tailwind weight classes inside it).
 * - OpenType features: kerning, marks, locale forms and tabular figures; contextual
 *   alternates and fractions are dropped.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";
import { fontWeightRange, siteTextDirs, subsetText } from "../lib/font-subset-text";

const require = createRequire(import.meta.url);
const source = require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
const target = path.join(process.cwd(), "app", "fonts", "inter-subset.woff2");

async function main() {
  const text = subsetText(siteTextDirs.map((dir) => path.join(process.cwd(), dir)));
  const font = await subsetFont(readFileSync(source), text, {
    targetFormat: "woff2",
    keepFeatures: ["kern", "mark", "mkmk", "ccmp", "locl", "tnum"],
    variationAxes: { wght: fontWeightRange },
  });
  mkdirSync(path.dirname(target), { recursive: true });
  // An unchanged font keeps its timestamp, so scripts/build/when-stale.ts does not see a new source.
  if (!existsSync(target) || !readFileSync(target).equals(font)) writeFileSync(target, font);
  console.log(`font subset: ${[...text].length} characters, weights ${fontWeightRange.min}-${fontWeightRange.max}, ${(font.length / 1024).toFixed(1)} KB -> ${path.relative(process.cwd(), target)}`);
}

main().catch((error: unknown) => {
  console.error(`font subset failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
