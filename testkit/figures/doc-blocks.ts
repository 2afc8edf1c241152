/**
 * The generated blocks of the docs. A doc includes a bench's latest figures between markers:
 *
 *   <!-- figures:serving -->            the whole record of `npm run bench -- serving`
 *   <!-- figures:signed-url#route -->   one of its tables
 *   <!-- figures:headlines -->          every record's headlines (the README's table)
 *   ...generated, never edited by hand...
 *   <!-- /figures -->
 *
 * `npm run bench -- docs` (and every recorded bench run) rewrites what stands between them;
 * tests/unit/docs-figures.test.ts fails when a block differs from its record.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BenchRecord } from "./figures";
import { projectRoot } from "./record";
import { renderHeadlines, renderRecord, renderRecordTable } from "./render";

export type DocBlock = {
  /** A record's name, or "headlines". */
  readonly name: string;
  readonly table: string | undefined;
  /** What stands between the markers now. */
  readonly content: string;
  /** 1-based line of the opening marker. */
  readonly line: number;
};

const opening = /<!-- figures:([a-z0-9-]+)(?:#([a-z0-9-]+))? -->/g;
const closing = "<!-- /figures -->";

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

type Located = DocBlock & { readonly contentStart: number; readonly contentEnd: number };

function locate(text: string, file: string): Located[] {
  const blocks: Located[] = [];
  for (const match of text.matchAll(opening)) {
    const contentStart = match.index + match[0].length;
    const contentEnd = text.indexOf(closing, contentStart);
    const nextOpening = text.indexOf("<!-- figures:", contentStart);
    if (contentEnd === -1 || (nextOpening !== -1 && nextOpening < contentEnd)) {
      throw new Error(`${file}:${lineAt(text, match.index)}: <!-- figures:${match[1]} --> has no ${closing} before the next block`);
    }
    blocks.push({ name: match[1]!, table: match[2], content: text.slice(contentStart, contentEnd), line: lineAt(text, match.index), contentStart, contentEnd });
  }
  return blocks;
}

export const blocksOf = (text: string, file = "doc"): DocBlock[] => locate(text, file).map(({ name, table, content, line }) => ({ name, table, content, line }));

/** The text with every block's content blanked, line breaks kept: what a reader sees typed by hand. */
export function outsideBlocks(text: string, file = "doc"): string {
  let result = "";
  let at = 0;
  for (const block of locate(text, file)) {
    result += text.slice(at, block.contentStart) + block.content.replace(/[^\n]/g, "");
    at = block.contentEnd;
  }
  return result + text.slice(at);
}

/** What a block must hold, from the records; `order` is the registry's order of benches, for the headlines. */
export function blockContent(block: Pick<DocBlock, "name" | "table">, records: ReadonlyMap<string, BenchRecord>, order: readonly string[]): string {
  let body: string;
  if (block.name === "headlines") {
    const ranked = [...records.values()].sort((a, b) => rank(order, a.bench) - rank(order, b.bench));
    body = renderHeadlines(ranked);
  } else {
    const record = records.get(block.name);
    if (!record) throw new Error(`no figures recorded for "${block.name}" (docs/figures/${block.name}.json): run the bench that records them (\`npm run bench\` lists them)`);
    body = block.table === undefined ? renderRecord(record) : renderRecordTable(record, block.table);
  }
  return `\n\n${body}\n\n`;
}

/** Records are named after their bench, or after it with a suffix (lighthouse-wrangler): ranked by the longest registered prefix. */
function rank(order: readonly string[], name: string): number {
  const exact = order.indexOf(name);
  if (exact !== -1) return exact;
  const prefix = order.filter((bench) => name.startsWith(`${bench}-`)).sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? order.length : order.indexOf(prefix) + 0.5;
}

/** The text with every block rewritten from its record; a block whose record is missing is left as it stands and reported. */
export function refreshText(text: string, records: ReadonlyMap<string, BenchRecord>, order: readonly string[], file = "doc", missing: string[] = []): string {
  let result = "";
  let at = 0;
  for (const block of locate(text, file)) {
    let content = block.content;
    try {
      content = blockContent(block, records, order);
    } catch (error) {
      missing.push(`${file}:${block.line}: ${(error as Error).message}`);
    }
    result += text.slice(at, block.contentStart) + content;
    at = block.contentEnd;
  }
  return result + text.slice(at);
}

/** The project's documentation: the README and every Markdown file under docs/, agent/ and supabase/ (not the generated docs/figures). */
export function docFiles(root = projectRoot): string[] {
  const found = ["README.md"];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "node_modules" && relative !== "docs/figures") walk(relative);
      // The claims ledger's figures are its sources' (npm run ledger writes it; tests/unit/claims-ledger.test.ts holds it), not the benches'.
      else if (entry.isFile() && entry.name.endsWith(".md") && relative !== "docs/claims-ledger.md") found.push(relative);
    }
  };
  for (const dir of ["docs", "agent", "supabase"]) walk(dir);
  return found.sort();
}

/** Rewrites every block of every doc from the records: the docs that changed, and the blocks left as they were for want of a record. */
export function refreshDocs(records: ReadonlyMap<string, BenchRecord>, order: readonly string[], root = projectRoot): { changed: string[]; missing: string[] } {
  const changed: string[] = [];
  const missing: string[] = [];
  for (const file of docFiles(root)) {
    const full = path.join(root, file);
    const text = readFileSync(full, "utf8");
    const refreshed = refreshText(text, records, order, file, missing);
    if (refreshed !== text) {
      writeFileSync(full, refreshed);
      changed.push(file);
    }
  }
  return { changed, missing };
}
