/**
 * Renders the product page's feature illustrations (components/product/illustrations) to
 * static SVG files in public/illustrations/, which the page shows as lazy images. Inline,
 * their ~600 shapes were a third of the page's HTML and of the React payload every visit
 * parses and hydrates, for pictures that never change. Runs before every build and dev
 * server with the other generated assets; the files are not committed.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { featureHighlights } from "@/content/product";
import { featureIllustrations, illustrationPath } from "@/components/product/illustrations";

const publicDir = path.join(process.cwd(), "public");

for (const feature of featureHighlights) {
  const Illustration = featureIllustrations[feature.id];
  const svg = `<?xml version="1.0" encoding="UTF-8"?>\n${renderToStaticMarkup(<Illustration label={feature.alt} />)}\n`;
  const file = path.join(publicDir, illustrationPath(feature.id));
  mkdirSync(path.dirname(file), { recursive: true });
  // Unchanged files keep their timestamps, so scripts/build/when-stale.ts does not see a new source.
  if (!existsSync(file) || readFileSync(file, "utf8") !== svg) writeFileSync(file, svg);
}
console.log(`illustrations rendered to public/illustrations (${featureHighlights.length})`);
