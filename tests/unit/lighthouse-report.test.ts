/** @jest-environment node */
import type { Audit } from "@/scripts/quality/lighthouse-audit";
import { floorsPerRound, interleave } from "@/scripts/quality/lighthouse-interleave";
import { gaugePass, summarise } from "@/scripts/quality/lighthouse-report";
import { floorTbtCeilingMs } from "@/scripts/quality/lighthouse-verdict";

/** Audits for a schedule: the floor scoring 99 and blocking `floorTbt` ms, every route scoring `routeScore`. */
function auditsFor(schedule: ReturnType<typeof interleave>, floorTbt: number, routeScore: number): Audit[] {
  return schedule.map((slot, index) => ({
    index,
    url: slot.target === "route" ? slot.route : "floor",
    ms: 7000,
    failed: [],
    // The floor is audited for performance alone.
    scores: slot.target === "route" ? { performance: routeScore, accessibility: 100, "best-practices": 100, seo: 100 } : { performance: 99 },
    metrics: { "total-blocking-time": slot.target === "route" ? floorTbt + 20 : floorTbt, "largest-contentful-paint": 1200, "cumulative-layout-shift": 0 },
  }));
}

describe("a pass of the Lighthouse gate", () => {
  const routes = ["/", "/a", "/b", "/c"];
  const schedule = interleave(routes, 3);

  it("judges timing on a quiet machine, and each route's medians sit beside its floor's", () => {
    const pass = gaugePass("first pass", schedule, auditsFor(schedule, 60, 90), routes.length, 3);
    expect(pass.judgement).toEqual({ judged: true, why: [] });
    expect(pass.floorAudits).toHaveLength(floorsPerRound(routes.length) * 3 + 1);
    const row = summarise(pass.pairs[0]!, { timingJudged: pass.judgement.judged });
    expect(row).toMatchObject({ route: "/", timingJudged: true, site: { performance: 90, tbt: 80 }, floor: { performance: 99, tbt: 60 } });
    expect(row.verdict.timing).toEqual(["performance 90 is 9 points below the floor's 99 (allowed: 7)"]);
  });

  it("does not judge timing when the floor itself blocks for longer than the ceiling", () => {
    const pass = gaugePass("first pass", schedule, auditsFor(schedule, floorTbtCeilingMs + 50, 90), routes.length, 3);
    expect(pass.judgement.judged).toBe(false);
    expect(pass.judgement.why).toEqual([`the floor blocked for ${floorTbtCeilingMs + 50} ms (median), over the ${floorTbtCeilingMs} ms a quiet machine allows`]);
  });
});
