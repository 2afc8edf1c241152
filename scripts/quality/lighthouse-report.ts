/**
 * The Lighthouse gate's figures: each route's medians beside those of the floor audits taken next
 * to its own, printed as a table and recorded (docs/figures/lighthouse.json under
 * `npm run bench -- lighthouse`) with the floor's spread over the run, which says how noisy the
 * machine was while it ran.
 */
import { loadAverage } from "@mockingbird/testkit/figures/figures";
import type { FiguresRun } from "@mockingbird/testkit/figures/record";
import { median } from "@mockingbird/testkit/stats";
import type { Audit, Category } from "./lighthouse-audit";
import { floorAsRoutes, floorAudits, floorsPerRound, pairWithFloor, type Paired, type Slot } from "./lighthouse-interleave";
import { failingReasons, floorTbtCeilingMs, judgeability, judgeRoute, lighthouseMargins, type FloorMedians, type Judgement, type SiteMedians, type Verdict } from "./lighthouse-verdict";

export type Row = {
  readonly route: string;
  /** The first audits' row, when they failed the route on timing and these medians come from audits taken again. */
  readonly firstPass?: Row;
  /** Whether the pass these medians come from could judge timing (lighthouse-verdict.ts, judgeability). */
  readonly timingJudged: boolean;
  readonly site: SiteMedians & { readonly lcp: number };
  readonly floor: FloorMedians & { readonly lcp: number; readonly cls: number };
  readonly verdict: Verdict;
};

const metric = (audits: readonly Audit[], id: string) => median(audits.map((one) => one.metrics[id] ?? 0));
// A category missing from a route audit scores 0: it fails the bar rather than passing unseen.
const score = (audits: readonly Audit[], category: Category) => median(audits.map((one) => one.scores[category] ?? 0));

/** A route's medians and the floor's from the audits next to its own, and the gate's verdict on them. */
export function summarise({ route, site, floor }: Paired<Audit>, { firstPass, timingJudged = true }: { firstPass?: Row; timingJudged?: boolean } = {}): Row {
  const siteMedians = {
    performance: score(site, "performance"),
    accessibility: score(site, "accessibility"),
    bestPractices: score(site, "best-practices"),
    seo: score(site, "seo"),
    tbt: metric(site, "total-blocking-time"),
    lcp: metric(site, "largest-contentful-paint"),
    cls: metric(site, "cumulative-layout-shift"),
    failedAudits: [...new Set(site.flatMap((one) => one.failed))],
  };
  const floorMedians = {
    performance: score(floor, "performance"),
    tbt: metric(floor, "total-blocking-time"),
    lcp: metric(floor, "largest-contentful-paint"),
    cls: metric(floor, "cumulative-layout-shift"),
  };
  return { route, ...(firstPass ? { firstPass } : {}), timingJudged, site: siteMedians, floor: floorMedians, verdict: judgeRoute(siteMedians, floorMedians) };
}

const tbtOf = (audit: Audit) => audit.metrics["total-blocking-time"] ?? 0;

/** One pass of interleaved audits: each route beside its floor neighbours, the floor's own audits, and whether the pass can judge timing. */
export type Pass = {
  readonly name: string;
  readonly pairs: readonly Paired<Audit>[];
  readonly floorAudits: readonly Audit[];
  /** The floor held against itself as a route is (the A/A check). */
  readonly floorAgainstItself: readonly Row[];
  readonly judgement: Judgement;
};

export function gaugePass(name: string, schedule: readonly Slot[], audits: readonly Audit[], routeCount: number, runs: number): Pass {
  const floor = floorAudits(schedule, audits);
  const floorAgainstItself = floorAsRoutes(floor, floorsPerRound(routeCount), runs).map((group) => summarise(group));
  const judgement = judgeability({ floorAgainstItself: floorAgainstItself.map((group) => group.verdict), floorTbt: median(floor.map(tbtOf)) });
  return { name, pairs: pairWithFloor(schedule, audits), floorAudits: floor, floorAgainstItself, judgement };
}

const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `\u2212${-value}` : "0");
const range = (values: readonly number[], format: (value: number) => string = String) =>
  Math.min(...values) === Math.max(...values) ? format(values[0]!) : `${format(Math.min(...values))} to ${format(Math.max(...values))}`;

export type RunFacts = {
  readonly runs: number;
  /** How the exports were served, for the title. */
  readonly served: string;
  readonly versions: Record<"next" | "react" | "react-dom", string>;
  /** The first pass, and the second when routes were audited again. */
  readonly passes: readonly Pass[];
  /** Every audit, the warm-ups included, and how long they took together. */
  readonly auditCount: number;
  readonly seconds: number;
  /** Whether the README's headline comes from this record (the gate's own server, nginx). */
  readonly headline: boolean;
};

const gaps = (row: Row) => `${signed(row.site.performance - row.floor.performance)} / ${signed(Math.round(row.site.tbt - row.floor.tbt))} ms`;

/** What a pass's floor said about the machine: its spread, the floor against itself, and whether timing was judged. */
function passNote(pass: Pass, runs: number): string {
  const scores = pass.floorAudits.map((one) => one.scores.performance);
  const tbts = pass.floorAudits.map((one) => Math.round(tbtOf(one)));
  const groups = pass.floorAgainstItself;
  const against =
    groups.length === 0
      ? "too few floor audits to hold it against itself"
      : `against itself (A/A: ${groups.length} groups of ${runs} of its audits, each held against the floor audits on either side as a route is) at worst ` +
        `${signed(-Math.max(...groups.map((group) => group.floor.performance - group.site.performance)))} points and ${signed(Math.max(...groups.map((group) => Math.round(group.site.tbt - group.floor.tbt))))} ms of TBT`;
  return (
    `The floor in the ${pass.name} (${pass.floorAudits.length} audits): performance ${range(scores)} (median ${median(scores)}), TBT ${range(tbts)} ms (median ${median(tbts)} ms, ceiling ${floorTbtCeilingMs}); ${against}. ` +
    (pass.judgement.judged ? "Timing judged." : `Timing not judged: ${pass.judgement.why.join("; ")}; only accessibility, best practices, SEO, failed audits and layout shift counted.`)
  );
}

/** Prints the table and the notes, records them, and returns the failures (empty when every route passes). */
export function report(rows: readonly Row[], facts: RunFacts, figures: FiguresRun): string[] {
  const { performancePoints, tbtMs } = lighthouseMargins;
  const header = ["route", "perf", "floor", "diff", "TBT ms", "floor", "diff", "LCP ms", "floor", "CLS", "floor", "a11y", "bp", "SEO", "first pass", "gate"];
  const cells = rows.map((row) => [
    row.route,
    String(row.site.performance),
    String(row.floor.performance),
    signed(row.site.performance - row.floor.performance),
    String(Math.round(row.site.tbt)),
    String(Math.round(row.floor.tbt)),
    signed(Math.round(row.site.tbt - row.floor.tbt)),
    String(Math.round(row.site.lcp)),
    String(Math.round(row.floor.lcp)),
    row.site.cls.toFixed(3),
    row.floor.cls.toFixed(3),
    String(row.site.accessibility),
    String(row.site.bestPractices),
    String(row.site.seo),
    row.firstPass ? gaps(row.firstPass) : "",
    failingReasons(row.verdict, row.timingJudged).length > 0 ? "FAIL" : row.verdict.pass ? "pass" : "not judged",
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]!.length)));
  const line = (row: readonly string[]) => row.map((value, column) => (column === 0 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!))).join("  ");
  const title =
    `Lighthouse ${facts.runs}x per route, mobile preset (simulated slow 4G, 4x CPU), medians, each beside the medians of the framework floor's audits nearest before and after its own (one after every two route audits); ` +
    `a route failing on timing is audited ${facts.runs}x again and judged on those (its first pass: performance / TBT beside the floor); both exports served by ${facts.served}`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  for (const row of cells) console.log(line(row));

  const notes = [
    `The floor: a bare Next.js App Router page (tools/lighthouse/floor) built by the site's next ${facts.versions.next} (react ${facts.versions.react}, react-dom ${facts.versions["react-dom"]}), exported and served as the site is.`,
    ...facts.passes.map((pass) => passNote(pass, facts.runs)),
    `The gate: a route fails when its performance median is more than ${performancePoints} points below the floor's, or its TBT median more than ${tbtMs} ms above it, in the first pass and again in the second, each judging timing only while its floor blocks for at most ${floorTbtCeilingMs} ms and stays within the margins against itself; accessibility, best practices and SEO 100, no failed audit, CLS 0. The absolute performance score is not a bar.`,
    `${facts.auditCount} audits in ${facts.seconds} s; load average after them ${loadAverage().join(", ")}.`,
  ];
  console.log("");
  for (const note of notes) console.log(note);

  const failures = rows.flatMap((row) => failingReasons(row.verdict, row.timingJudged).map((reason) => `${row.route}: ${reason}`));
  const gap = (row: Row) => row.site.performance - row.floor.performance;
  const worst = rows.reduce((a, b) => (gap(b) < gap(a) ? b : a));
  const of = (pick: (row: Row) => number) => range(rows.map(pick));
  figures.record({
    tables: [
      {
        id: "routes",
        title,
        columns: ["route", "perf", "floor perf", "diff", "TBT ms", "floor TBT ms", "diff ms", "LCP ms", "floor LCP ms", "CLS", "floor CLS", "a11y", "best practices", "SEO", "first pass", "gate"],
        rows: cells.map((row) => row.map((value, column) => (column === 0 ? `\`${value}\`` : value))),
      },
    ],
    notes,
    headlines: facts.headline
      ? [
          {
            figure: `Lighthouse beside the Next.js floor (a bare page, same versions, audited in turn with the routes), medians of ${facts.runs} per route (mobile, the static export over HTTP/2)`,
            value:
              `performance ${of((row) => row.site.performance)} against the floor's ${of((row) => row.floor.performance)} (worst ${signed(gap(worst))} at \`${worst.route}\`; gate ${signed(-performancePoints)}); ` +
              `TBT ${range(
                rows.map((row) => Math.round(row.site.tbt - row.floor.tbt)),
                signed,
              )} ms beside the floor (gate +${tbtMs})${rows.some((row) => !row.timingJudged) ? `; timing not judged for ${rows.filter((row) => !row.timingJudged).length} of ${rows.length} routes: the machine was too slow or noisy` : ""}; accessibility ${of((row) => row.site.accessibility)}, best practices ${of((row) => row.site.bestPractices)}, SEO ${of((row) => row.site.seo)}`,
          },
        ]
      : [],
    failures,
  });
  return failures;
}
