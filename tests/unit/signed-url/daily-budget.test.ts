/** @jest-environment node */
import { msUntilNextUtcDay, utcDayKey } from "@/lib/signed-url/utc-day";

describe("the daily budget", () => {
  it("is named by its UTC date and ends at UTC midnight", () => {
    const lastSecondOfJune1 = Date.UTC(2025, 5, 1, 23, 59, 59);

    expect(utcDayKey(lastSecondOfJune1)).toBe("2025-06-01");
    expect(msUntilNextUtcDay(lastSecondOfJune1)).toBe(1000);
    expect(utcDayKey(lastSecondOfJune1 + 1000)).toBe("2025-06-02");
  });
});
