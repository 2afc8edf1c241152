/** @jest-environment node */
import { floorAsRoutes, floorAudits, floorsPerRound, interleave, pairWithFloor } from "@/scripts/quality/lighthouse-interleave";

describe("the Lighthouse gate's audit order", () => {
  it("starts with an uncounted warm-up and puts a floor audit after every two route audits, after each round's last and at the start", () => {
    const names = interleave(["/a", "/b", "/c"], 2).map((slot) => (slot.target === "route" ? slot.route : slot.target));
    expect(names).toEqual(["warm-up", "floor", "/a", "/b", "floor", "/c", "floor", "/a", "/b", "floor", "/c", "floor"]);
    expect(floorsPerRound(3)).toBe(2);
  });

  it("holds each route against the floor audits nearest before and after each of its own", () => {
    const schedule = interleave(["/a", "/b", "/c"], 2);
    // Each audit stands for its place in the schedule.
    const audits = schedule.map((_, index) => index);
    expect(pairWithFloor(schedule, audits)).toEqual([
      { route: "/a", site: [2, 7], floor: [1, 4, 6, 9] },
      { route: "/b", site: [3, 8], floor: [1, 4, 6, 9] },
      { route: "/c", site: [5, 10], floor: [4, 6, 9, 11] },
    ]);
  });

  it("never counts the warm-up as a floor audit", () => {
    const schedule = interleave(["/a"], 1);
    expect(floorAudits(schedule, ["warm-up", "floor 1", "/a", "floor 2"])).toEqual(["floor 1", "floor 2"]);
    expect(pairWithFloor(schedule, ["warm-up", "floor 1", "/a", "floor 2"])).toEqual([{ route: "/a", site: ["/a"], floor: ["floor 1", "floor 2"] }]);
  });

  it("refuses audits that do not match the schedule", () => {
    expect(() => pairWithFloor(interleave(["/a"], 1), [0, 1, 2])).toThrow("3 audits for a schedule of 4");
  });

  it("groups the floor's own audits as the routes' audits are grouped, for the A/A check", () => {
    // 3 floor audits a round (5 or 6 routes), 2 rounds: 7 floor audits, f0 R R f1 R R f2 R R f3 R R f4 R R f5 R R f6.
    const floor = ["f0", "f1", "f2", "f3", "f4", "f5", "f6"];
    expect(floorAsRoutes(floor, 3, 2)).toEqual([
      { route: "floor #1", site: ["f1", "f4"], floor: ["f0", "f2", "f3", "f5"] },
      { route: "floor #2", site: ["f2", "f5"], floor: ["f1", "f3", "f4", "f6"] },
    ]);
    // A single floor audit a round (one or two routes) leaves none between two others of its own.
    expect(floorAsRoutes(["f0", "f1", "f2"], 1, 2)).toEqual([]);
  });
});
