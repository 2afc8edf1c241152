/** @jest-environment node */
import { createAdmission } from "@/lib/signed-url/admission";
import { createMemoryCounters } from "@/lib/signed-url/memory-counters";
import { msUntilNextUtcDay, utcDayKey } from "@/lib/signed-url/utc-day";

describe("the daily budget", () => {
  it("is named by its UTC date and ends at UTC midnight", () => {
    const lastSecondOfJune1 = Date.UTC(2025, 5, 1, 23, 59, 59);

    expect(utcDayKey(lastSecondOfJune1)).toBe("2025-06-01");
    expect(msUntilNextUtcDay(lastSecondOfJune1)).toBe(1000);
    expect(utcDayKey(lastSecondOfJune1 + 1000)).toBe("2025-06-02");
  });

  it("starts afresh at UTC midnight", async () => {
    let now = Date.UTC(2025, 5, 1, 23, 59, 59);
    const admission = createAdmission(createMemoryCounters({ perMinute: 100, perDay: 100, dailyCap: 1 }), () => now);

    const first = await admission.admit("ipv4:203.0.113.1");
    const second = await admission.admit("ipv4:203.0.113.2");
    now += 2000;
    const nextDay = await admission.admit("ipv4:203.0.113.3");

    expect(first.admitted).toBe(true);
    expect(second).toEqual({ admitted: false, reason: "daily-cap", retryAfterSeconds: 1 });
    expect(nextDay.admitted).toBe(true);
  });
});
