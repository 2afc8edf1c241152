/**
 * The Node versions every dependency accepts: the intersection of semver ranges (each package's
 * `engines.node`), which the semver package cannot compute. A range is a union of intervals of
 * versions; intersecting two unions intersects their intervals pairwise. Prerelease versions are
 * left out, as npm's engine check leaves them out.
 */
import semver from "semver";

type Bound = { version: string; inclusive: boolean };
/** Versions from `lower` (none: 0.0.0) up to `upper` (none: no end). */
type Interval = { lower: Bound | null; upper: Bound | null };

const compare = (a: string, b: string) => semver.compare(a, b);

function intervalOf(comparators: readonly semver.Comparator[]): Interval | null {
  let interval: Interval = { lower: null, upper: null };
  for (const comparator of comparators) {
    if (comparator.value === "") continue; // the comparator of "*"
    const version = comparator.semver.version;
    const op = comparator.operator;
    if (op === "" || op === "=") interval = narrow(interval, { lower: { version, inclusive: true }, upper: { version, inclusive: true } });
    else if (op === ">" || op === ">=") interval = narrow(interval, { lower: { version, inclusive: op === ">=" }, upper: null });
    else interval = narrow(interval, { lower: null, upper: { version, inclusive: op === "<=" } });
  }
  return isEmpty(interval) ? null : interval;
}

function higherLower(a: Bound | null, b: Bound | null): Bound | null {
  if (!a) return b;
  if (!b) return a;
  const order = compare(a.version, b.version);
  if (order !== 0) return order > 0 ? a : b;
  return a.inclusive ? b : a;
}

function lowerUpper(a: Bound | null, b: Bound | null): Bound | null {
  if (!a) return b;
  if (!b) return a;
  const order = compare(a.version, b.version);
  if (order !== 0) return order < 0 ? a : b;
  return a.inclusive ? b : a;
}

function narrow(a: Interval, b: Interval): Interval {
  return { lower: higherLower(a.lower, b.lower), upper: lowerUpper(a.upper, b.upper) };
}

function isEmpty({ lower, upper }: Interval): boolean {
  if (!lower || !upper) return false;
  const order = compare(lower.version, upper.version);
  return order > 0 || (order === 0 && !(lower.inclusive && upper.inclusive));
}

/** Whether `b` starts inside `a` or right where it ends (both sorted by their lower bounds). */
function touches(a: Interval, b: Interval): boolean {
  if (!a.upper || !b.lower) return true;
  const order = compare(b.lower.version, a.upper.version);
  return order < 0 || (order === 0 && (a.upper.inclusive || b.lower.inclusive));
}

function merged(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((x, y) => (!x.lower ? -1 : !y.lower ? 1 : compare(x.lower.version, y.lower.version)));
  const result: Interval[] = [];
  for (const interval of sorted) {
    const last = result.at(-1);
    if (last && touches(last, interval)) {
      last.upper = !last.upper || !interval.upper ? null : lowerUpper(last.upper, interval.upper) === last.upper ? interval.upper : last.upper;
    } else {
      result.push({ ...interval });
    }
  }
  return result;
}

function intervalsOf(range: string): Interval[] {
  const parsed = new semver.Range(range);
  return parsed.set.map(intervalOf).filter((interval): interval is Interval => interval !== null);
}

function boundText(bound: Bound, side: "lower" | "upper"): string {
  if (side === "lower") return `${bound.inclusive ? ">=" : ">"}${bound.version}`;
  return `${bound.inclusive ? "<=" : "<"}${bound.version}`;
}

function intervalText(interval: Interval): string {
  const { lower, upper } = interval;
  // ">=22.13.0 <23.0.0-0" is how semver spells "^22.13.0".
  if (lower?.inclusive && upper && !upper.inclusive) {
    const from = semver.parse(lower.version);
    if (from && from.major > 0 && upper.version === `${from.major + 1}.0.0-0`) return `^${lower.version}`;
  }
  const parts = [interval.lower ? boundText(interval.lower, "lower") : ">=0.0.0", interval.upper ? boundText(interval.upper, "upper") : ""];
  return parts.filter(Boolean).join(" ");
}

/** The versions both ranges accept, as a range; null when none. */
export function intersectRanges(a: string, b: string): string | null {
  const intervals: Interval[] = [];
  for (const left of intervalsOf(a)) {
    for (const right of intervalsOf(b)) {
      const both = narrow(left, right);
      if (!isEmpty(both)) intervals.push(both);
    }
  }
  if (intervals.length === 0) return null;
  return merged(intervals).map(intervalText).join(" || ");
}

/**
 * The Node versions all of `requirements` accept, starting from `within` (e.g. ">=0.0.0"), as a
 * range; null when they accept no version in common.
 */
export function commonRange(requirements: Iterable<string>, within = ">=0.0.0"): string | null {
  let range: string | null = within;
  for (const requirement of requirements) {
    if (range === null) return null;
    range = intersectRanges(range, requirement);
  }
  return range;
}
