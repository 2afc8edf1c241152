/** @jest-environment node */
import { commonRange, intersectRanges } from "@/scripts/lib/node-range";

describe("the Node versions two ranges both accept", () => {
  it("keeps each side's narrower bound", () => {
    expect(intersectRanges(">=18", "^20.19.0 || ^22.13.0 || >=24")).toBe("^20.19.0 || ^22.13.0 || >=24.0.0");
    expect(intersectRanges(">=20.18.1", ">=20.19.0 <22.0.0 || >=22.12.0")).toBe(">=20.19.0 <22.0.0 || >=22.12.0");
  });

  it("is none when the ranges do not meet", () => {
    expect(intersectRanges(">=22", "^20.19.0")).toBeNull();
    expect(intersectRanges("<20.0.0", ">=20.0.0")).toBeNull();
  });

  it("joins overlapping alternatives", () => {
    expect(intersectRanges(">=18 || >=20", "*")).toBe(">=18.0.0");
  });

  it("keeps exclusive and inclusive bounds apart", () => {
    expect(intersectRanges(">1.2.3", ">=1.2.3")).toBe(">1.2.3");
    expect(intersectRanges("4.x", "<=4.2.1")).toBe(">=4.0.0 <=4.2.1");
    expect(intersectRanges("<=1.0.0", ">=1.0.0")).toBe(">=1.0.0 <=1.0.0");
  });
});

describe("the Node versions a list of packages all accept", () => {
  it("is the intersection of every range", () => {
    expect(commonRange([">=10", "^20.19.0 || ^22.12.0 || >=23", "^20.19.0 || ^22.13.0 || >=24", ">=20.18.1"])).toBe("^20.19.0 || ^22.13.0 || >=24.0.0");
  });

  it("is none once two of them share no version", () => {
    expect(commonRange([">=22", "^20.0.0", ">=10"])).toBeNull();
  });

  it("is every version for no requirement", () => {
    expect(commonRange([])).toBe(">=0.0.0");
  });
});
