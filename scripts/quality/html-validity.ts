/**
 * HTML validity gate: the W3C Nu HTML Checker (vnu-jar) over every built HTML page, the
 * server build's pre-rendered pages (.next/server/app/**\/*.html) and the static export
 * (out/**\/*.html), whichever exist. One JVM run checks all files. Errors fail the gate
 * (exit 1); warnings are printed and allowed; the checker's plain notes (such as "trailing
 * slash on void elements", which React writes) are counted only.
 *
 *   npx tsx scripts/quality/html-validity.ts [dir ...]   (default: .next/server/app out)
 */
import { execFile } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { htmlFiles } from "../lib/html-files";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const vnuJar = path.join(root, "node_modules/vnu-jar/build/dist/vnu.jar");
const defaultDirs = [".next/server/app", "out"];

/** One message of vnu's JSON output (https://github.com/validator/validator/wiki/Output-»-JSON). */
type VnuMessage = {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
};
type Kind = "error" | "warning" | "note";

function kindOf(message: VnuMessage): Kind {
  if (message.type === "info") return message.subType === "warning" ? "warning" : "note";
  // "error" (subType "fatal" included) and "non-document-error" (a file it could not read).
  return "error";
}

function oneLine(text: string | undefined, max = 160): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

async function main(): Promise<number> {
  const requested = process.argv.slice(2);
  const candidates = (requested.length ? requested : defaultDirs).map((dir) => path.resolve(root, dir));
  const dirs = candidates.filter((dir) => existsSync(dir) && statSync(dir).isDirectory());
  for (const missing of candidates.filter((dir) => !dirs.includes(dir))) console.log(`(skipped ${path.relative(root, missing)}: not built)`);
  if (dirs.length === 0) {
    console.error(
      `No built HTML to check: none of ${candidates.map((dir) => path.relative(root, dir)).join(", ")} exists. ` +
        "Run `npm run build` (server build, .next/) and/or `npm run build:export` (static export, out/) first.",
    );
    return 1;
  }
  const files = dirs.flatMap(htmlFiles);
  if (files.length === 0) {
    console.error(`No .html files under ${dirs.map((dir) => path.relative(root, dir)).join(", ")}: is the build complete?`);
    return 1;
  }
  if (!existsSync(vnuJar)) {
    console.error(`The Nu HTML Checker is missing (${path.relative(root, vnuJar)}): install the vnu-jar dev dependency.`);
    return 1;
  }

  const started = Date.now();
  let output: string;
  try {
    // vnu writes its report to stderr and exits 1 when it found errors: both are expected here.
    const result = await run("java", ["-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files], { maxBuffer: 256 * 1024 * 1024 });
    output = result.stderr;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") console.error("`java` was not found: the Nu HTML Checker needs a Java runtime (>= 11) on PATH.");
    else console.error(`The Nu HTML Checker failed to run: ${failure.message}\n${failure.stderr ?? ""}`);
    return 1;
  }
  let messages: VnuMessage[];
  try {
    messages = (JSON.parse(output) as { messages: VnuMessage[] }).messages;
  } catch {
    console.error(`Could not read the Nu HTML Checker's report:\n${output.slice(0, 2000)}`);
    return 1;
  }

  const byFile = new Map<string, VnuMessage[]>(files.map((file) => [file, []]));
  const unattributed: VnuMessage[] = [];
  for (const message of messages) {
    const file = message.url?.startsWith("file:") ? fileURLToPath(message.url) : undefined;
    const list = file ? byFile.get(file) : undefined;
    if (list) list.push(message);
    else unattributed.push(message);
  }

  const totals: Record<Kind, number> = { error: 0, warning: 0, note: 0 };
  const width = Math.max(...files.map((file) => path.relative(root, file).length));
  console.log(`Nu HTML Checker: ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  console.log(`${"file".padEnd(width)}  errors  warnings  notes`);
  const details: string[] = [];
  for (const [file, list] of byFile) {
    const count: Record<Kind, number> = { error: 0, warning: 0, note: 0 };
    for (const message of list) count[kindOf(message)] += 1;
    for (const kind of Object.keys(totals) as Kind[]) totals[kind] += count[kind];
    const name = path.relative(root, file);
    console.log(`${name.padEnd(width)}  ${String(count.error).padStart(6)}  ${String(count.warning).padStart(8)}  ${String(count.note).padStart(5)}`);
    for (const message of list) {
      const kind = kindOf(message);
      if (kind === "note") continue;
      const where = message.lastLine ? `${message.lastLine}:${message.firstColumn ?? message.lastColumn ?? 0}` : "-";
      details.push(`${kind.toUpperCase()} ${name}:${where}\n  ${message.message}${message.extract ? `\n  at: ${oneLine(message.extract)}` : ""}`);
    }
  }
  for (const message of unattributed) {
    const kind = kindOf(message);
    totals[kind] += 1;
    if (kind !== "note") details.push(`${kind.toUpperCase()} ${message.url ?? "(checker)"}\n  ${message.message}`);
  }

  if (details.length) console.log(`\n${details.join("\n\n")}`);
  console.log(`\n${totals.error} errors, ${totals.warning} warnings, ${totals.note} notes in ${files.length} files.`);
  if (totals.error > 0) {
    console.error("HTML validity: FAILED (0 errors required).");
    return 1;
  }
  console.log("HTML validity: passed.");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
