/**
 * @jest-environment node
 *
 * Nothing a visitor sees depends on an emoji font: a system without one (many Linux desktops,
 * this project's test machines) draws an emoji as a blank box, and the rating buttons once said
 * nothing at all there. Icons are drawn (components/layout/icons.tsx); words carry meaning.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = process.cwd();
const sourceDirs = ["app", "components", "content"];
const sourceFile = /\.(tsx?|md|mdx|json|css)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return filesUnder(file);
    return sourceFile.test(name) ? [file] : [];
  });
}

/**
 * Characters a browser draws from an emoji font: those shown as emoji by default, and any
 * character asked for as emoji (U+FE0F). Arrows such as → are text (Extended_Pictographic
 * includes them, but Emoji_Presentation does not), and the site's own font carries them.
 */
const emoji = /\p{Emoji_Presentation}|\uFE0F/u;

it("no page, component or content file writes an emoji", () => {
  const found = sourceDirs
    .flatMap((dir) => filesUnder(path.join(root, dir)))
    .flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) => (emoji.test(line) ? [`${path.relative(root, file)}:${index + 1}: ${line.trim().slice(0, 80)}`] : [])),
    );
  expect(found).toEqual([]);
});
