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
 * Measured on the 2-core machine (2026-11-29, docs/figures/lighthouse.json and the runs before
 * it): at a load average of 1-2.3, unchanged code's first pass reached 7 points and 203 ms of TBT
 * behind the floor, and the floor held against itself as a route is (the A/A note) 6 points and
 * 206 ms. The site's routes sit a few points behind a bare page there, since their larger tasks
 * grow with load faster than its small ones. A 5-point margin failed about one route a run in
 * the first pass and would fail one at -5 in both often enough to make the suite flaky; 7 points
 * fails only what unchanged code never reached, twice. 250 ms of TBT is about the same 7 points
 * on a quiet page: over a floor near 80 ms, the mobile TBT curve (p10 200 ms, median 600 ms) goes
 * from 0.99 to 0.76, and TBT weighs 30% of the score.
 */
export const lighthouseMargins: Margins = { performancePoints: 7, tbtMs: 250 };

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

/**
 * The most a pass's floor may block (its median Total Blocking Time) for that pass to judge
 * timing. The floor is the machine's gauge: a bare page blocks only as long as the machine is
 * slow. On the 2-core machine its median was 96-99 ms at a load average of 1-2.3, when unchanged
 * routes stayed within the margins, and 177-363 ms at 5-14, when the same routes fell 9-25 points
 * behind it: the site's larger tasks grow with the machine's slowness faster than the floor's
 * small ones (TBT counts only what a task spends beyond 50 ms, after a 4x CPU slowdown), so there
 * the gap is the machine's as much as the site's.
 */
export const floorTbtCeilingMs = 150;

/** What one pass of audits says about the machine: the floor held against itself as a route is (floorAsRoutes), and the floor's median TBT. */
export type PassGauge = { readonly floorAgainstItself: readonly Verdict[]; readonly floorTbt: number };

export type Judgement = { readonly judged: boolean; readonly why: readonly string[] };

/**
 * Whether a pass can judge timing at all. Not when the floor blocks for longer than the ceiling
 * (above), nor when the floor, held against itself as a route is, falls beyond the margins: the
 * machine's noise is then larger than any gap the gate could call the site's (at a load average
 * of 6-9 it was 17 points off itself). Failing then would fail the machine, which the gate must
 * not do; the bars still hold.
 */
export function judgeability({ floorAgainstItself, floorTbt }: PassGauge): Judgement {
  const why: string[] = [];
  if (floorTbt > floorTbtCeilingMs) why.push(`the floor blocked for ${Math.round(floorTbt)} ms (median), over the ${floorTbtCeilingMs} ms a quiet machine allows`);
  const beyond = floorAgainstItself.filter((verdict) => verdict.timing.length > 0).length;
  if (beyond > 0) why.push(`the floor against itself fell beyond the margins in ${beyond} of ${floorAgainstItself.length} groups`);
  return { judged: why.length === 0, why };
}

/** What fails the gate for a route: its bars always, its timing only from a pass that could judge timing. */
export const failingReasons = (verdict: Verdict, judgeTiming: boolean): string[] => [...(judgeTiming ? verdict.timing : []), ...verdict.bars];
