const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "July 10, 2025" -> "2025-07-10T00:00:00.000Z"; null when the text is not such a date. */
export function isoFromDateText(text: string): string | null {
  const match = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = months.indexOf(match[1] ?? "");
  const day = Number(match[2]);
  const year = Number(match[3]);
  if (month < 0) return null;
  const date = new Date(Date.UTC(year, month, day));
  // Rejects "February 30, 2025", which Date would silently roll over.
  if (date.getUTCMonth() !== month || date.getUTCDate() !== day) return null;
  return date.toISOString();
}
