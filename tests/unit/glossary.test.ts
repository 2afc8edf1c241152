/** @jest-environment node */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * docs/architecture.md's glossary names, for each word, the type that carries it and the file it
 * lives in. A rename or a move that forgets the glossary fails here, so the glossary cannot go stale.
 */
const root = path.resolve(__dirname, "../..");
const architecture = readFileSync(path.join(root, "docs/architecture.md"), "utf8");

function glossaryRows(): { word: string; where: string }[] {
  const start = architecture.indexOf("\n## Glossary\n");
  if (start < 0) throw new Error('docs/architecture.md has no "## Glossary" section');
  const end = architecture.indexOf("\n## ", start + 1);
  const rows = architecture
    .slice(start, end < 0 ? undefined : end)
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| word ") && !line.startsWith("|---"));
  return rows.map((row) => {
    const cells = row.split(" | ");
    return { word: cells[0]!.replace(/^\| /, ""), where: cells.at(-1)!.replace(/ \|$/, "") };
  });
}

/** Each "`Name` in `path`" of a row's last cell. */
const namedTypes = (where: string) => [...where.matchAll(/`([A-Za-z_][\w]*)` in `([^`]+)`/g)].map(([, name, file]) => ({ name: name!, file: file! }));

const exportPattern = (name: string) => new RegExp(`^export\\s+(?:declare\\s+)?(?:abstract\\s+)?(?:type|interface|class|const|function|enum)\\s+${name}\\b`, "m");

const rows = glossaryRows();

describe("the glossary in docs/architecture.md", () => {
  it("names where the type lives for every word", () => {
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter(({ where }) => namedTypes(where).length === 0).map(({ word }) => word)).toEqual([]);
  });

  it.each(rows.flatMap(({ word, where }) => namedTypes(where).map(({ name, file }) => [word, name, file] as const)))(
    "finds %s's %s exported from %s",
    (_word, name, file) => {
      const source = path.join(root, file);
      expect(existsSync(source)).toBe(true);
      expect(readFileSync(source, "utf8")).toMatch(exportPattern(name));
    },
  );
});
