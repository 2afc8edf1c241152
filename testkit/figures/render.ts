/** The Markdown of a bench's record, as docs/figures/<bench>.md holds it and the docs include it. Pure. */
import type { BenchRecord, Cell, FigureTable } from "./figures";

const cell = (value: Cell) => String(value).replace(/\|/g, "\\|").replace(/\n/g, " ");

export function renderTable(table: FigureTable): string {
  return [
    `**${table.title}**`,
    "",
    `| ${table.columns.map(cell).join(" | ")} |`,
    `|${table.columns.map(() => " --- |").join("")}`,
    ...table.rows.map((row) => `| ${row.map(cell).join(" | ")} |`),
  ].join("\n");
}

const day = (iso: string) => iso.slice(0, 10);
const loads = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(", ");

/** Where, when and how the figures were measured, and the command that measures them again. */
export function renderProvenance(record: BenchRecord): string {
  const { machine } = record;
  return (
    `Measured ${day(record.date)} on ${machine.cores} × ${machine.cpu} (${machine.system}), Node ${machine.node}; ` +
    `load average ${loads(machine.loadAverage)} (1, 5, 15 min) at the start, ${loads(record.loadAverageAfter.slice(0, 1))} at the end. ` +
    `Command: \`${record.command}\`.`
  );
}

function renderFailures(record: BenchRecord): string[] {
  if (record.failures.length === 0) return [];
  return ["**Checks that failed in this run:**", "", ...record.failures.map((failure) => `- ${failure}`)];
}

/** The whole record: tables, notes, failures, printed output, provenance. */
export function renderRecord(record: BenchRecord): string {
  const parts: string[] = [...record.tables.map(renderTable)];
  if (record.notes.length > 0) parts.push(record.notes.join("\n"));
  const failures = renderFailures(record);
  if (failures.length > 0) parts.push(failures.join("\n"));
  if (record.output !== undefined) parts.push(["```text", record.output.trimEnd(), "```"].join("\n"));
  parts.push(renderProvenance(record));
  return parts.join("\n\n");
}

/** One table of a record, with the record's provenance. */
export function renderRecordTable(record: BenchRecord, tableId: string): string {
  const table = record.tables.find((candidate) => candidate.id === tableId);
  if (!table) throw new Error(`${record.bench} has no table "${tableId}" (it has: ${record.tables.map((candidate) => candidate.id).join(", ") || "none"})`);
  return [renderTable(table), ...(record.failures.length > 0 ? [renderFailures(record).join("\n")] : []), renderProvenance(record)].join("\n\n");
}

/** The README's table: every record's headlines, in the order given, each with its command and date. */
export function renderHeadlines(records: readonly BenchRecord[]): string {
  const rows = records.flatMap((record) =>
    record.headlines.map((headline) => `| ${cell(headline.figure)} | ${cell(headline.value)} | \`${record.command}\`, ${day(record.date)}, load ${loads(record.machine.loadAverage.slice(0, 1))} |`),
  );
  const machines = [...new Set(records.filter((record) => record.headlines.length > 0).map((record) => `${record.machine.cores} × ${record.machine.cpu}, Node ${record.machine.node}`))];
  return [
    "| figure | value | measured by (date, 1-minute load average at the start) |",
    "| --- | --- | --- |",
    ...rows,
    "",
    `Machine: ${machines.join("; ") || "none recorded yet"}.`,
  ].join("\n");
}
