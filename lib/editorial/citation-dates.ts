/**
 * Dates of cited sources, at the precision the fact sheet gives them: "2025", "2025-06" or
 * "2025-06-05". A date without its day names a span, and a citation is only safe in an article
 * when the whole span lies on or before the article's date: a page dated "2025" may be from
 * December 31, so it cannot support an article of March 2025.
 */

export type PartialDate = `${number}` | `${number}-${number}` | `${number}-${number}-${number}`;

const pad = (value: string) => value.padStart(2, "0");

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The first and the last day a date of the given precision can mean, as YYYY-MM-DD. */
export function dateSpan(date: PartialDate): { earliest: string; latest: string } {
  const [year, month, day] = date.split("-");
  if (!year || !/^\d{4}$/.test(year)) throw new Error(`"${date}" is not a date like 2025, 2025-06 or 2025-06-05`);
  if (!month) return { earliest: `${year}-01-01`, latest: `${year}-12-31` };
  const monthNumber = Number(month);
  if (!(monthNumber >= 1 && monthNumber <= 12)) throw new Error(`"${date}" has no month ${month}`);
  if (!day) return { earliest: `${year}-${pad(month)}-01`, latest: `${year}-${pad(month)}-${daysInMonth(Number(year), monthNumber)}` };
  if (!(Number(day) >= 1 && Number(day) <= daysInMonth(Number(year), monthNumber))) throw new Error(`"${date}" has no day ${day}`);
  const exact = `${year}-${pad(month)}-${pad(day)}`;
  return { earliest: exact, latest: exact };
}

/** True when the source may be newer than `knownBy` (YYYY-MM-DD): its date's span ends after that day. */
export function mayPostDate(date: PartialDate, knownBy: string): boolean {
  return dateSpan(date).latest > knownBy.slice(0, 10);
}

/** "day", "month" or "year": how exactly the date is known. */
export function precisionOf(date: PartialDate): "day" | "month" | "year" {
  const parts = date.split("-").length;
  return parts === 3 ? "day" : parts === 2 ? "month" : "year";
}
