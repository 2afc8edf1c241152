/** @jest-environment node */
/**
 * A clone from a forge has only the tracked files: none may send a reader to a document that is
 * not among them. The project's reference documents were written outside the repository
 * (the specification, the protocol reference, the speech report); their content lives in docs/,
 * and these tests keep every tracked file pointing there.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");
/** What a commit of the working tree would hold: tracked files and new ones git does not ignore. */
const tracked = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((file) => file !== "" && existsSync(path.join(root, file)));
const trackedSet = new Set(tracked);

/** Text worth reading: not the lockfile (generated) and not binary files. */
const textFiles = tracked
  .filter((file) => file !== "package-lock.json" && !/\.(png|jpe?g|gif|webp|ico|pdf|woff2?|ttf|wasm|wav|mp3)$/i.test(file))
  .map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }))
  .filter(({ text }) => !text.includes("\0"));

/** The outside documents, by the names the code used to cite them ("<NAME>.md", "<NAME> §2.3"); none is a tracked file. */
const outsideNames = ["SEED", "DECISIONS", "PROTOCOL", "REPORT"];
const outsideDocuments = outsideNames.map((name) => `${name}.md`);
const outsideCitation = new RegExp(`\\b(?:${outsideNames.join("|")})(?:\\.md\\b|\\s*§)`, "g");

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

/** Relative paths (`../x`, `../../x/y.md`) that, read from the file's folder, leave the repository. */
function pathsLeavingTheRepository(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?<![\w.\/-])((?:\.\.\/)+[\w.@\/-]*)/g)) {
    const target = path.resolve(root, path.dirname(file), match[1]!);
    if (target !== root && !target.startsWith(`${root}${path.sep}`)) found.push(`${file}:${lineOf(text, match.index)}: ${match[1]}`);
  }
  return found;
}

describe("the repository stands alone", () => {
  it("has none of the outside documents, so none may be cited", () => {
    expect(tracked.filter((file) => outsideDocuments.includes(path.basename(file)))).toEqual([]);
  });

  it("cites no outside document (the specification, the protocol reference, the speech report) in any tracked file", () => {
    const citations = textFiles.flatMap(({ file, text }) => [...text.matchAll(outsideCitation)].map((match) => `${file}:${lineOf(text, match.index)}: ${match[0]}`));
    expect(citations).toEqual([]);
  });

  it("has no relative path that leaves the repository", () => {
    // A patch's paths are relative to the patched package's files in node_modules, not to the patch.
    const readFromTheirFolder = textFiles.filter(({ file }) => !file.startsWith("patches/"));
    expect(readFromTheirFolder.flatMap(({ file, text }) => pathsLeavingTheRepository(file, text))).toEqual([]);
  });

  it("names no folder of the machine it was written on", () => {
    const machinePaths = textFiles.flatMap(({ file, text }) => [...text.matchAll(/\/work\/[\w./-]*/g)].map((match) => `${file}:${lineOf(text, match.index)}: ${match[0]}`));
    expect(machinePaths).toEqual([]);
  });

  it("links every Markdown document only to tracked files", () => {
    const broken: string[] = [];
    for (const { file, text } of textFiles.filter(({ file }) => file.endsWith(".md"))) {
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1]!.split("#")[0]!;
        // An anchor, a URL (https:, mailto:) or a path on the site (an article's link to /product).
        if (target === "" || target.startsWith("/") || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const resolved = path.relative(root, path.resolve(root, path.dirname(file), target)).split(path.sep).join("/");
        const isFolder = tracked.some((candidate) => candidate.startsWith(`${resolved}/`));
        if (!trackedSet.has(resolved) && !isFolder) broken.push(`${file}:${lineOf(text, match.index)}: ${match[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
