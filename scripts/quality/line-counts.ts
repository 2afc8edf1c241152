/**
 * `npm run -s counts`: the sizes the house is held to, printed, never asserted (issue #50's
 * counts): hand-written doc lines (the docs the figures check reads, without table rows and
 * generated blocks: what a reader must read), product lines against test-side lines (the benches
 * count with the tests), and the largest product files.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { docFiles } from "@mockingbird/testkit/figures/doc-blocks";
import { projectRoot } from "@mockingbird/testkit/figures/record";

const code = /\.(ts|tsx|mjs|cjs|js|sh)$/;
const testSide = ["tests/", "agent/tests/", "agent/bench/", "agent/testkit/", "testkit/", "scripts/bench/"];
const product = ["app/", "components/", "lib/", "content/", "contract/", "agent/src/", "server/", "scripts/"];

const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
const read = (file: string) => readFileSync(path.join(projectRoot, file), "utf8");

/** A doc's lines a reader reads: no table row, nothing between (or on) a generated block's markers. */
function handWrittenLines(text: string): number {
  let inBlock = false;
  let count = 0;
  for (const line of text.trimEnd().split("\n")) {
    if (line.startsWith("<!-- figures:")) inBlock = true;
    else if (line.startsWith("<!-- /figures")) inBlock = false;
    else if (!inBlock && !line.trimStart().startsWith("|")) count += 1;
  }
  return count;
}

const docLines = docFiles().map((file) => ({ file, lines: handWrittenLines(read(file)) }));

const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: projectRoot, encoding: "utf8" })
  .split("\n")
  .filter((file) => code.test(file) && !file.includes(".generated.") && !file.includes("node_modules/"));
const sized = files.map((file) => ({ file, lines: lineCount(read(file)) }));
const sum = (list: { lines: number }[]) => list.reduce((total, { lines }) => total + lines, 0);
const tests = sized.filter(({ file }) => testSide.some((prefix) => file.startsWith(prefix)));
const products = sized.filter(({ file }) => !tests.some((test) => test.file === file) && product.some((prefix) => file.startsWith(prefix)));

console.log(`hand-written docs: ${sum(docLines)} lines (no table rows, no generated blocks)`);
for (const { file, lines } of docLines.sort((a, b) => b.lines - a.lines)) console.log(`  ${String(lines).padStart(5)}  ${file}`);
console.log(`product: ${sum(products)} lines; test side: ${sum(tests)} lines; ratio ${(sum(tests) / sum(products)).toFixed(2)}x`);
console.log("largest product files:");
for (const { file, lines } of products.sort((a, b) => b.lines - a.lines).slice(0, 5)) console.log(`  ${String(lines).padStart(5)}  ${file}`);
