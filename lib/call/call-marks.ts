/**
 * Performance marks a call leaves on the page's timeline: when the visitor pressed the button,
 * when the call connected, when the caller's first line arrived and when its first audio plays. The benchmarks read them in
 * every engine (scripts/bench/call-widget.ts); a browser without the User Timing API simply
 * gets none.
 */
export const callMarks = {
  start: "call:start",
  connected: "call:connected",
  firstAudio: "call:first-caller-audio",
  /** The caller's first words as text (what a typed call shows first). */
  firstLine: "call:first-caller-line",
} as const;

export function markCall(name: (typeof callMarks)[keyof typeof callMarks], startTime?: number): void {
  try {
    performance.mark(name, startTime === undefined ? undefined : { startTime });
  } catch {
    // No User Timing: nothing to measure with.
  }
}

/** A new call starts a new timeline. */
export function clearCallMarks(): void {
  try {
    for (const name of Object.values(callMarks)) performance.clearMarks(name);
  } catch {
    // No User Timing.
  }
}
