/**
 * Node's release lines and when each reaches end of life (no more security fixes), from Node's
 * release schedule. The lockfile check (scripts/lib/lockfile.ts) refuses an `engines.node` that
 * admits a line past its end. Add each new line when it is released (even majors live about
 * 3 years, odd ones 8 months); a major newer than every row counts as supported.
 */
export const nodeReleaseLines: readonly { major: number; endOfLife: string }[] = [
  { major: 18, endOfLife: "2025-04-30" },
  { major: 19, endOfLife: "2023-06-01" },
  { major: 20, endOfLife: "2026-04-30" },
  { major: 21, endOfLife: "2024-06-01" },
  { major: 22, endOfLife: "2027-04-30" },
  { major: 23, endOfLife: "2025-06-01" },
  { major: 24, endOfLife: "2028-04-30" },
  { major: 25, endOfLife: "2026-06-01" },
  { major: 26, endOfLife: "2029-04-30" },
];

/** The Node versions past their end of life on `day` (YYYY-MM-DD), as ranges: everything before the table, then each ended line. */
export function endedNodeRanges(day: string): string[] {
  const oldest = Math.min(...nodeReleaseLines.map(({ major }) => major));
  const ended = nodeReleaseLines.filter(({ endOfLife }) => endOfLife <= day).map(({ major }) => `>=${major}.0.0 <${major + 1}.0.0`);
  return [`<${oldest}.0.0`, ...ended];
}
