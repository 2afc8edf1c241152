/** @jest-environment node */
import { failingReasons, floorTbtCeilingMs, judgeability, judgeRoute, lighthouseMargins, worthConfirming, type SiteMedians } from "@/scripts/quality/lighthouse-verdict";

const atTheBar: SiteMedians = { performance: 97, accessibility: 100, bestPractices: 100, seo: 100, tbt: 120, cls: 0, failedAudits: [] };
const floor = { performance: 99, tbt: 60 };

describe("the Lighthouse gate's verdict on a route beside the floor", () => {
  it("passes a route within both margins, whatever its absolute score", () => {
    expect(judgeRoute(atTheBar, floor)).toEqual({ pass: true, timing: [], bars: [] });
    // A loaded machine: the floor itself scores 72, the route 68; no absolute bar applies.
    expect(judgeRoute({ ...atTheBar, performance: 68, tbt: 900 }, { performance: 72, tbt: 760 }).pass).toBe(true);
  });

  it("passes a route exactly at the margins and fails it one point or one millisecond beyond", () => {
    const { performancePoints, tbtMs } = lighthouseMargins;
    expect(judgeRoute({ ...atTheBar, performance: floor.performance - performancePoints }, floor).pass).toBe(true);
    expect(judgeRoute({ ...atTheBar, performance: floor.performance - performancePoints - 1 }, floor).timing).toEqual([
      `performance ${floor.performance - performancePoints - 1} is ${performancePoints + 1} points below the floor's ${floor.performance} (allowed: ${performancePoints})`,
    ]);
    expect(judgeRoute({ ...atTheBar, tbt: floor.tbt + tbtMs }, floor).pass).toBe(true);
    expect(judgeRoute({ ...atTheBar, tbt: floor.tbt + tbtMs + 1 }, floor).timing).toEqual([
      `Total Blocking Time ${floor.tbt + tbtMs + 1} ms is ${tbtMs + 1} ms above the floor's ${floor.tbt} ms (allowed: ${tbtMs} ms)`,
    ]);
  });

  it("never fails a route for beating the floor", () => {
    expect(judgeRoute({ ...atTheBar, performance: 100, tbt: 0 }, { performance: 80, tbt: 500 }).pass).toBe(true);
  });

  it("names both timing reasons when both margins are exceeded, under the margins it is given", () => {
    const verdict = judgeRoute({ ...atTheBar, performance: 90, tbt: 300 }, floor, { performancePoints: 2, tbtMs: 100 });
    expect(verdict.pass).toBe(false);
    expect(verdict.timing).toHaveLength(2);
    expect(verdict.bars).toEqual([]);
  });

  it("holds accessibility, best practices, SEO, layout shift and binary audits to their absolute bars", () => {
    const verdict = judgeRoute({ ...atTheBar, accessibility: 96, bestPractices: 92, seo: 99, cls: 0.012, failedAudits: ["image-alt: Image elements have [alt] attributes"] }, floor);
    expect(verdict.pass).toBe(false);
    expect(verdict.timing).toEqual([]);
    expect(verdict.bars).toEqual([
      "accessibility 96 (the bar: 100)",
      "best practices 92 (the bar: 100)",
      "SEO 99 (the bar: 100)",
      "layout shift 0.012 (the bar: 0)",
      "failed audits: image-alt: Image elements have [alt] attributes",
    ]);
  });

  it("asks for more audits only when timing alone failed the route", () => {
    expect(worthConfirming(judgeRoute(atTheBar, floor))).toBe(false);
    expect(worthConfirming(judgeRoute({ ...atTheBar, performance: 80 }, floor))).toBe(true);
    // More audits cannot mend a missing alt text, so a route failing a bar is not audited again.
    expect(worthConfirming(judgeRoute({ ...atTheBar, performance: 80, seo: 92 }, floor))).toBe(false);
  });
});

describe("whether a pass can judge timing at all", () => {
  const floorAgainstItself = (gaps: readonly number[]) => gaps.map((gap) => judgeRoute({ ...atTheBar, performance: floor.performance - gap, tbt: floor.tbt }, floor));
  const quiet = floorTbtCeilingMs;

  it("judges timing while the floor blocks no longer than the ceiling and stays within the margins against itself", () => {
    expect(judgeability({ floorAgainstItself: floorAgainstItself([0, 3, lighthouseMargins.performancePoints]), floorTbt: quiet })).toEqual({ judged: true, why: [] });
    expect(judgeability({ floorAgainstItself: [], floorTbt: 0 }).judged).toBe(true);
  });

  it("does not once the floor itself blocks for longer: the machine is too slow for the gap to be the site's", () => {
    expect(judgeability({ floorAgainstItself: floorAgainstItself([0]), floorTbt: quiet + 1 })).toEqual({
      judged: false,
      why: [`the floor blocked for ${quiet + 1} ms (median), over the ${quiet} ms a quiet machine allows`],
    });
  });

  it("does not once any group of the floor's own audits falls beyond the margins: the machine is noisier than they are", () => {
    expect(judgeability({ floorAgainstItself: floorAgainstItself([0, 1, lighthouseMargins.performancePoints + 1]), floorTbt: quiet })).toEqual({
      judged: false,
      why: ["the floor against itself fell beyond the margins in 1 of 3 groups"],
    });
  });

  it("fails a route on its bars whether or not timing is judged, and on timing only when it is", () => {
    const slowAndUnlabelled = judgeRoute({ ...atTheBar, performance: 60, accessibility: 90 }, floor);
    expect(failingReasons(slowAndUnlabelled, true)).toEqual([...slowAndUnlabelled.timing, ...slowAndUnlabelled.bars]);
    expect(failingReasons(slowAndUnlabelled, false)).toEqual(["accessibility 90 (the bar: 100)"]);
    expect(failingReasons(judgeRoute({ ...atTheBar, performance: 60 }, floor), false)).toEqual([]);
  });
});
