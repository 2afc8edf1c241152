/** @jest-environment node */
import { medianWithRange } from "@mockingbird/testkit/stats";

describe("a record's repeated figure", () => {
  it("is the median with the lowest and highest, the unit after the median only", () => {
    expect(medianWithRange([619, 1060, 726], " ms")).toBe("726 ms (619-1060)");
    expect(medianWithRange([96.5, 98.04, 97.9], "%", 1)).toBe("97.9% (96.5-98.0)");
  });

  it("is the value alone when there is one", () => {
    expect(medianWithRange([411], " ms")).toBe("411 ms");
  });
});
