/** Order statistics for the figures benches and gates print: the one home of percentile and median. */

/** The nearest-rank percentile (p in 0-100) of the values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** The middle value (the upper one of an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Repeats' figures as a record gives them: the median, then the lowest and highest, as in
 * "539 ms (513-560)"; the unit follows the median only, and a single value stands alone.
 */
export function medianWithRange(values: readonly number[], unit: string, digits = 0): string {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = `${percentile(sorted, 50).toFixed(digits)}${unit}`;
  return sorted.length < 2 ? middle : `${middle} (${sorted[0]!.toFixed(digits)}-${sorted.at(-1)!.toFixed(digits)})`;
}
