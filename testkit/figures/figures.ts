/**
 * What a bench run leaves behind: its figures as data (docs/figures/<bench>.json), from which
 * the Markdown the docs include is rendered (render.ts). The machine and its load are part of
 * every record: a figure means nothing without them.
 */
import os from "node:os";

export type Cell = string | number;

export type FigureTable = {
  /** Names the table in a doc block: `<!-- figures:<bench>#<id> -->`. */
  readonly id: string;
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
};

/** A headline for the README's table of figures: one line, one value. */
export type Headline = { readonly figure: string; readonly value: string };

export type Machine = {
  readonly cpu: string;
  readonly cores: number;
  readonly system: string;
  readonly node: string;
  /** 1, 5 and 15 minutes. */
  readonly loadAverage: readonly number[];
};

export type BenchRecord = {
  readonly bench: string;
  /** The command that reproduces the figures, options included. */
  readonly command: string;
  /** When the run started (ISO 8601). */
  readonly date: string;
  readonly machine: Machine;
  readonly loadAverageAfter: readonly number[];
  readonly tables: readonly FigureTable[];
  /** Sentences printed under the tables (derived figures, what a run proved). */
  readonly notes: readonly string[];
  readonly headlines: readonly Headline[];
  /** Correctness rules the run found broken; empty when every check held. */
  readonly failures: readonly string[];
  /** For a bench that prints rather than records: what it printed. */
  readonly output?: string;
};

const rounded = (values: readonly number[]) => values.map((value) => Math.round(value * 100) / 100);

export const loadAverage = (): number[] => rounded(os.loadavg());

export function describeMachine(): Machine {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? "unknown CPU",
    cores: os.availableParallelism(),
    system: `${os.type()} ${os.arch()}`,
    node: process.version,
    loadAverage: loadAverage(),
  };
}

/** A table of rows as a bench prints them (console.table): the columns are every key, in first-seen order. */
export function tableOfRows(id: string, title: string, rows: readonly Readonly<Record<string, Cell | undefined>>[]): FigureTable {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return { id, title, columns, rows: rows.map((row) => columns.map((column) => row[column] ?? "")) };
}
