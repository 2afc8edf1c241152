/**
 * Lighthouse gate: every route (one blog article and the embed page included), mobile
 * preset, three runs each; the median of each category must reach the bar: accessibility,
 * best practices and SEO 100, performance >= 95. Prints a table; exits 1 below the bar.
 *
 * Lighthouse needs Node >= 22 and the site supports 20, so it runs from tools/lighthouse
 * (its own node binary, installed by scripts/ensure-deps.sh) against `next start`.
 * Performance is timing: run it on a quiet machine (the test command runs it last, alone).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { chromiumPath, startProductionServer } from "../lib/serve";
import { qualityRoutes } from "./routes";

const run = promisify(execFile);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof categories)[number];
const bar: Record<Category, number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

const tools = path.resolve("tools/lighthouse/node_modules");
const node = path.join(tools, ".bin", "node");
const cli = path.join(tools, "lighthouse", "cli", "index.js");

type Report = { categories: Record<Category, { score: number | null }>; audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }> };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function lighthouse(url: string, output: string): Promise<Report> {
  await run(
    node,
    [
      cli,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      `--only-categories=${categories.join(",")}`,
      `--chrome-path=${chromiumPath}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-dev-shm-usage",
    ],
    { maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
  );
  return JSON.parse(readFileSync(output, "utf8")) as Report;
}

/** Audits that cost points in a run, so a failure says what to fix. */
function lostPoints(report: Report): string[] {
  return Object.entries(report.audits)
    .filter(([, audit]) => audit.scoreDisplayMode === "binary" && audit.score === 0)
    .map(([id, audit]) => `${id}: ${audit.title}`);
}

async function main() {
  if (!existsSync(node) || !existsSync(cli)) {
    throw new Error("Lighthouse is not installed: run `npm ci --prefix tools/lighthouse` (scripts/ensure-deps.sh does).");
  }
  const dir = mkdtempSync(path.join(tmpdir(), "lighthouse-"));
  const site = await startProductionServer();
  const rows: { route: string; scores: Record<Category, number>; failing: string[] }[] = [];
  try {
    for (const route of qualityRoutes) {
      const reports: Report[] = [];
      for (let attempt = 0; attempt < runs; attempt++) reports.push(await lighthouse(`${site.origin}${route}`, path.join(dir, `run-${attempt}.json`)));
      const scores = Object.fromEntries(
        categories.map((category) => [category, Math.round(median(reports.map((report) => (report.categories[category].score ?? 0) * 100)))]),
      ) as Record<Category, number>;
      const failing = categories.filter((category) => scores[category] < bar[category]);
      rows.push({ route, scores, failing: failing.length ? [...new Set(reports.flatMap(lostPoints))] : [] });
      console.log(`${route.padEnd(40)} ${categories.map((category) => String(scores[category]).padStart(4)).join(" ")}${failing.length ? "   BELOW THE BAR" : ""}`);
    }
  } finally {
    site.stop();
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(`\nLighthouse, mobile preset, median of ${runs} (bar: performance >= 95, others 100)`);
  console.log(`${"route".padEnd(40)} perf a11y   bp  seo`);
  for (const row of rows) console.log(`${row.route.padEnd(40)} ${categories.map((category) => String(row.scores[category]).padStart(4)).join(" ")}`);
  const below = rows.filter((row) => categories.some((category) => row.scores[category] < bar[category]));
  if (below.length > 0) {
    for (const row of below) console.error(`\n${row.route} is below the bar; audits that failed:\n  ${row.failing.join("\n  ") || "(timing only)"}`);
    process.exit(1);
  }
  console.log("\nevery route meets the bar");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
