/**
 * How a bench records its figures. `npm run bench -- <name>` sets FIGURES_COMMAND (the command
 * that reproduced them); under it a run writes docs/figures/<record>.json and its Markdown, and
 * the runner then refreshes every doc that includes them. Run directly (`npx tsx <script>`), a
 * bench prints its figures and records nothing, so trying a bench out never rewrites the docs,
 * and neither does a gate that `npm test` runs.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describeMachine, loadAverage, type BenchRecord, type FigureTable, type Headline } from "./figures";
import { renderRecord } from "./render";

// __dirname rather than import.meta: jest loads these helpers as CommonJS.
export const projectRoot = path.resolve(__dirname, "../..");
export const figuresDir = path.join(projectRoot, "docs", "figures");

export const figuresCommandVariable = "FIGURES_COMMAND";

export type Results = {
  readonly tables?: readonly FigureTable[];
  readonly notes?: readonly string[];
  readonly headlines?: readonly Headline[];
  readonly failures?: readonly string[];
  readonly output?: string;
};

export type FiguresRun = {
  /** Writes the record when the run was started by the bench runner; says where either way. */
  record(results: Results): BenchRecord;
};

/** Call when the run starts: the date and the load average are the start's. */
export function startFigures(name: string): FiguresRun {
  const date = new Date().toISOString();
  const machine = describeMachine();
  const command = process.env[figuresCommandVariable];
  return {
    record(results) {
      const record: BenchRecord = {
        bench: name,
        command: command ?? `npx tsx ${path.relative(projectRoot, process.argv[1] ?? "")} ${process.argv.slice(2).join(" ")}`.trim(),
        date,
        machine,
        loadAverageAfter: loadAverage(),
        tables: results.tables ?? [],
        notes: results.notes ?? [],
        headlines: results.headlines ?? [],
        failures: results.failures ?? [],
        ...(results.output === undefined ? {} : { output: results.output }),
      };
      if (command === undefined) {
        console.log(`\n(figures not recorded: \`npm run bench -- ...\` records them in docs/figures/${name}.json)`);
      } else {
        writeRecord(record);
        console.log(`\nfigures recorded: docs/figures/${name}.json and .md`);
      }
      return record;
    },
  };
}

export function writeRecord(record: BenchRecord): void {
  mkdirSync(figuresDir, { recursive: true });
  writeFileSync(path.join(figuresDir, `${record.bench}.json`), `${JSON.stringify(record, null, 2)}\n`);
  writeFileSync(path.join(figuresDir, `${record.bench}.md`), `${renderRecord(record)}\n`);
}

/** Every record in docs/figures, by name. */
export function readRecords(dir = figuresDir): Map<string, BenchRecord> {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith(".json"));
  } catch {
    return new Map();
  }
  return new Map(files.sort().map((file) => [file.slice(0, -".json".length), JSON.parse(readFileSync(path.join(dir, file), "utf8")) as BenchRecord]));
}
