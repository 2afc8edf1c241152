/**
 * The global cap is a budget per calendar day (UTC), not per rolling 24 hours, so an
 * operator can read "500 a day" off an invoice and every instance agrees on when it
 * resets.
 */
const dayMs = 24 * 60 * 60 * 1000;

/** `2025-06-01`: names the counter of that day, so yesterday's count can never leak into today. */
export function utcDayKey(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

export function msUntilNextUtcDay(nowMs: number): number {
  return dayMs - (nowMs % dayMs);
}
