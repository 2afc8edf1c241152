/** @jest-environment node */
/**
 * The figures in the docs are the benches' own: a measured figure (a latency, a throughput, a
 * measured percentage, a score) stands only inside a generated block, whose content must be the
 * latest record a bench wrote (docs/figures/<bench>.json, rendered). Settings and bars ("400 ms of
 * silence", "5 a minute", "<= 20 KB gzip") may stand anywhere. `npm run bench -- <name>` records
 * and refreshes; `npm run bench -- docs` refreshes from the records.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { benchNames } from "@/scripts/bench/registry";
import { blockContent, blocksOf, docFiles, outsideBlocks, refreshText } from "@mockingbird/testkit/figures/doc-blocks";
import { measuredPhrases } from "@mockingbird/testkit/figures/measured-phrasing";
import { figuresDir, projectRoot, readRecords } from "@mockingbird/testkit/figures/record";
import { renderRecord } from "@mockingbird/testkit/figures/render";
import type { BenchRecord } from "@mockingbird/testkit/figures/figures";

const records = readRecords();
const docs = docFiles().map((file) => ({ file, text: readFileSync(path.join(projectRoot, file), "utf8") }));
const where = (file: string, line: number) => `${file}:${line}`;

describe("the figures in the docs", () => {
  it("stand in generated blocks that hold the latest record of their bench, exactly", () => {
    const stale = docs.flatMap(({ file, text }) =>
      blocksOf(text, file).flatMap((block) => {
        try {
          return block.content === blockContent(block, records, benchNames) ? [] : [`${where(file, block.line)}: figures:${block.name} differs from its record (run \`npm run bench -- docs\`)`];
        } catch (error) {
          return [`${where(file, block.line)}: ${(error as Error).message}`];
        }
      }),
    );
    expect(stale).toEqual([]);
  });

  it("are never typed by hand outside a generated block", () => {
    const typed = docs.flatMap(({ file, text }) => measuredPhrases(outsideBlocks(text, file)).map((phrase) => `${where(file, phrase.line)} (${phrase.rule}): ${phrase.text}`));
    expect(typed).toEqual([]);
  });
});

describe("the records in docs/figures", () => {
  it("each come from a registered bench", () => {
    const registered = (name: string) => benchNames.includes(name) || benchNames.some((bench) => name.startsWith(`${bench}-`));
    expect([...records.keys()].filter((name) => !registered(name))).toEqual([]);
  });

  it("each have their Markdown rendered from them, and nothing else is in the folder", () => {
    const files = readdirSync(figuresDir).sort();
    const expected = [...records.keys()].flatMap((name) => [`${name}.json`, `${name}.md`]).sort();
    expect(files).toEqual(expected);
    for (const [name, record] of records) expect(readFileSync(path.join(figuresDir, `${name}.md`), "utf8")).toBe(`${renderRecord(record)}\n`);
  });

  it("each say where, when and by which command they were measured", () => {
    const incomplete = [...records.values()].filter((record) => !(record.command.startsWith("npm run bench -- ") && record.machine.cpu && record.machine.cores > 0 && record.machine.loadAverage.length === 3 && !Number.isNaN(Date.parse(record.date))));
    expect(incomplete.map((record) => record.bench)).toEqual([]);
  });
});

describe("recognising a measured figure", () => {
  const flagged = (text: string) => measuredPhrases(text).map((phrase) => phrase.text);

  it.each([
    ["a percentile with its value", "end of speech to first audio: p50 593 / 568 ms, p95 720 ms", ["p50 593 / 568 ms", "p95 720 ms"]],
    ["a throughput", "Home `/`, next start: 448 req/s", ["448 req/s"]],
    ["a measured percentage", "the held-out split: 90.8% (327/360)", ["90.8%"]],
    ["a rate a run reached", "10 calls understood 96%", ["understood 96%"]],
    ["a Lighthouse score", "the same pages scored 93-98", ["scored 93-98"]],
    ["a page timing", "with LCP between 1.9 and 2.7 s", ["LCP between 1.9 and 2.7 s"]],
    ["a weighed size", "the call chunk is 25.6 KB gzip", ["25.6 KB gzip"]],
    ["a cost per request", "about 5.3 ms per request over the upstream", ["5.3 ms per request"]],
    ["a note of a run", "An earlier run under load (load average 8-10)", ["load average 8", "earlier run"]],
    ["a measured table column", "| run | req/s | p50 |\n| --- | --- | --- |\n| full path | 298 | 158 ms |", ["298", "158 ms"]],
  ])("flags %s", (_, text, phrases) => {
    expect(flagged(text).sort()).toEqual([...phrases].sort());
  });

  it.each([
    ["a setting", "a turn ends after 400 ms of silence"],
    ["a limit", "the limit is 5 a minute and 10 a day"],
    ["a budget", "own JS over the floor: <= 20 KB gzip per route"],
    ["a target", "The 3,000 req/s target is out of reach of next start"],
    ["a bar", "accessibility, best practices and SEO 100; performance >= 95"],
    ["a count of runs", "mobile preset, median of 3"],
    ["a settings table", "| variable | default |\n| --- | --- |\n| `SIGNED_URL_TIMEOUT_MS` | `5000` |"],
  ])("passes %s", (_, text) => {
    expect(flagged(text)).toEqual([]);
  });
});

describe("a generated block", () => {
  const record: BenchRecord = {
    bench: "serving",
    command: "npm run bench -- serving",
    date: "2026-11-25T17:00:00.000Z",
    machine: { cpu: "AMD EPYC", cores: 2, system: "Linux x64", node: "v20.20.2", loadAverage: [1, 2, 3] },
    loadAverageAfter: [1.5, 2, 3],
    tables: [{ id: "load", title: "Load", columns: ["server", "req/s"], rows: [["next start", 448]] }],
    notes: [],
    headlines: [{ figure: "Home, next start", value: "448 req/s" }],
    failures: [],
  };
  const one = new Map([["serving", record]]);

  it("is rewritten from its record, whatever stood there", () => {
    const doc = "# Serving\n\n<!-- figures:serving -->\n| hand | typed |\n<!-- /figures -->\n\nAfter.\n";
    const refreshed = refreshText(doc, one, ["serving"]);
    expect(refreshed).toContain("| next start | 448 |");
    expect(refreshed).not.toContain("hand");
    expect(refreshed.endsWith("<!-- /figures -->\n\nAfter.\n")).toBe(true);
    expect(blocksOf(refreshed)[0]!.content).toBe(blockContent({ name: "serving", table: undefined }, one, ["serving"]));
  });

  it("hides its content from the check of typed figures, keeping line numbers", () => {
    const doc = "<!-- figures:serving -->\np50 12 ms\n<!-- /figures -->\np95 14 ms\n";
    expect(measuredPhrases(outsideBlocks(doc))).toEqual([{ rule: "statistic with a value", text: "p95 14 ms", line: 4 }]);
  });

  it("names a bench that recorded figures, and a table it has", () => {
    expect(() => blockContent({ name: "pages", table: undefined }, one, ["serving"])).toThrow('no figures recorded for "pages"');
    expect(() => blockContent({ name: "serving", table: "other" }, one, ["serving"])).toThrow('serving has no table "other"');
  });

  it("must be closed before the next one opens", () => {
    expect(() => blocksOf("<!-- figures:serving -->\n<!-- figures:pages -->\n<!-- /figures -->\n", "doc.md")).toThrow("doc.md:1");
  });
});
