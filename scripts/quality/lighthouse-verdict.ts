/**
 * The Lighthouse gate's decision for one route, from its medians and those of the framework's
 * floor measured beside it (lighthouse-interleave.ts). Pure, so that the rule is unit-tested
 * apart from Lighthouse and the machine.
 *
 * What the code alone decides is held to an absolute bar: accessibility, best practices and SEO
 * 100, no failed audit, no layout shift. Timing is held only relative to the floor: the
 * performance score and Total Blocking Time move with the machine's load by more than any site
 * change would (docs/quality.md, "Lighthouse beside its floor"), but they move the floor too.
 */

export type SiteMedians = {
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly seo: number;
  /** Total Blocking Time, ms. */
  readonly tbt: number;
  readonly cls: number;
  /** Binary audits that failed in any run. */
  readonly failedAudits: readonly string[];
};

export type FloorMedians = { readonly performance: number; readonly tbt: number };

export type Margins = {
  /** How many points a route's performance score may sit below the floor's. */
  readonly performancePoints: number;
  /** How many ms a route's Total Blocking Time may sit above the floor's. */
  readonly tbtMs: number;
};

/**
 * 5 points: measured on the 2-core machine (2026-11-29), the floor held against its own
 * neighbours as a route is (the record's A/A note) was at worst 1 point off at a load average
 * near 2; at 5-7, about one group in ten of three audits was more than 5 points off (11 at
 * worst), which the second pass of a failing route absorbs. A regression costing more than 5
 * points is there in both passes.
 * 200 ms of TBT: what costs a page over a quiet floor (~50 ms) about those 5 points: TBT weighs
 * 30% of the mobile score, whose TBT curve (p10 200 ms, median 600 ms) gives 0.85 at 250 ms. The
 * A/A gap stayed near 50 ms at a load near 2.
 */
export const lighthouseMargins: Margins = { performancePoints: 5, tbtMs: 200 };

/** `timing`: reasons from the comparison with the floor; `bars`: reasons the code alone decides, which no re-audit changes. */
export type Verdict = { readonly pass: boolean; readonly timing: readonly string[]; readonly bars: readonly string[] };

export function judgeRoute(site: SiteMedians, floor: FloorMedians, margins: Margins = lighthouseMargins): Verdict {
  const timing: string[] = [];
  const pointsBelow = floor.performance - site.performance;
  if (pointsBelow > margins.performancePoints) {
    timing.push(`performance ${site.performance} is ${pointsBelow} points below the floor's ${floor.performance} (allowed: ${margins.performancePoints})`);
  }
  const tbtAbove = site.tbt - floor.tbt;
  if (tbtAbove > margins.tbtMs) {
    timing.push(`Total Blocking Time ${Math.round(site.tbt)} ms is ${Math.round(tbtAbove)} ms above the floor's ${Math.round(floor.tbt)} ms (allowed: ${margins.tbtMs} ms)`);
  }
  const bars: string[] = [];
  for (const [name, score] of [
    ["accessibility", site.accessibility],
    ["best practices", site.bestPractices],
    ["SEO", site.seo],
  ] as const) {
    if (score < 100) bars.push(`${name} ${score} (the bar: 100)`);
  }
  if (site.cls > 0) bars.push(`layout shift ${site.cls.toFixed(3)} (the bar: 0)`);
  if (site.failedAudits.length > 0) bars.push(`failed audits: ${site.failedAudits.join("; ")}`);
  return { pass: timing.length === 0 && bars.length === 0, timing, bars };
}

/**
 * Whether more audits could change the verdict: a route that fails on timing alone. A burst of
 * load lasting one audit can sink a median of three, which a real cost cannot escape in six.
 */
export const worthConfirming = (verdict: Verdict): boolean => !verdict.pass && verdict.bars.length === 0;
