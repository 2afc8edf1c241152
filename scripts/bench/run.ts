/**
 * `npm run bench`: the list of benches; `npm run bench -- <name> [options]`: runs one and
 * records its figures (docs/figures/<name>.json and .md), then refreshes the docs' blocks;
 * `npm run bench -- docs`: refreshes the docs' blocks from the recorded figures alone;
 * `npm run bench -- <name> --help`: what the bench measures and its options, without running it.
 * The benches are in scripts/bench/registry.ts.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { figuresCommandVariable, readRecords } from "@mockingbird/testkit/figures/record";
import { refreshDocs } from "@mockingbird/testkit/figures/doc-blocks";
import { runStep, tsxStep, type Step } from "../lib/run-step";
import { benches, benchNames, type Bench } from "./registry";
import { scriptHeader } from "./usage";

function list(): void {
  const width = Math.max(...benchNames.map((name) => name.length));
  console.log("npm run bench -- <name> [options]   runs one bench and records its figures in docs/figures/\n");
  for (const bench of benches) console.log(`  ${bench.name.padEnd(width)}  ${bench.about}`);
  console.log(`  ${"docs".padEnd(width)}  rewrites the figures blocks of the docs from docs/figures/ (every run does it too)`);
}

function refresh(): void {
  const { changed, missing } = refreshDocs(readRecords(), benchNames);
  console.log(changed.length === 0 ? "docs: every figures block is up to date" : `docs: refreshed ${changed.join(", ")}`);
  for (const block of missing) console.error(`docs: left as it stands, ${block}`);
  if (missing.length > 0) process.exitCode = 1;
}

function runScript(bench: Bench, options: readonly string[]): Promise<number> {
  const [command, ...args]: Step = tsxStep(bench.script, ...options);
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.once("close", (code, signal) => resolve(code ?? (signal ? 130 : 1))));
}

/** Whether the bench wrote a record (its own, or one named after it: lighthouse-wrangler) since `since`. */
function recordedSince(bench: Bench, since: number): boolean {
  return [...readRecords().values()].some((record) => (record.bench === bench.name || record.bench.startsWith(`${bench.name}-`)) && Date.parse(record.date) >= since);
}

async function run(bench: Bench, options: readonly string[]): Promise<number> {
  for (const step of bench.prepare ?? []) runStep(step);
  process.env[figuresCommandVariable] = ["npm run bench --", bench.name, ...options].join(" ");
  const startedAt = Date.now();
  const code = await runScript(bench, options);
  // A bench that stops early without an error (Node exiting on an empty event loop) must not pass for a run.
  if (code === 0 && !recordedSince(bench, startedAt - 1000)) {
    console.error(`npm run bench: ${bench.name} exited with code 0 but recorded no figures: it stopped before the end`);
    return 2;
  }
  // A bench that recorded itself did so even when a check failed: its record says which.
  if (code === 0 || code === 1) refresh();
  return code;
}

async function main(): Promise<void> {
  const [name, ...options] = process.argv.slice(2);
  if (name === undefined || name === "list") return list();
  if (name === "docs") return refresh();
  const bench = benches.find((candidate) => candidate.name === name);
  if (!bench) {
    console.error(`npm run bench: no bench named "${name}"\n`);
    list();
    process.exit(2);
  }
  if (options.includes("--help") || options.includes("-h")) {
    console.log(`${bench.name}: ${bench.about}\n\n${scriptHeader(readFileSync(bench.script, "utf8"))}`);
    return;
  }
  process.exitCode = await run(bench, options);
}

void main();
