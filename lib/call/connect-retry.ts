/**
 * Which failures before a call connects are transient (the call machine, call-machine.ts, retries
 * those once), and which stops are drops. Only the on-intent call chunk reads this module
 * (components/call-widget/call-engine.tsx), so it stays out of the page's own JavaScript.
 */

// ---------------------------------------------------------------- failures before the call connects

/**
 * A failure before the call connects. `status` is the signed-URL service's HTTP status (null
 * when no answer came: unreachable, timed out); `closeCode` the socket's close code before the
 * session started (null when it failed without one).
 */
export type PreConnectFailure = { readonly stage: "signed-url"; readonly status: number | null } | { readonly stage: "socket"; readonly closeCode: number | null };

/**
 * Statuses where the service failed on the way rather than decided: its voice provider was
 * unavailable, answered badly (502) or too late (504). It gives the visitor's slots back on
 * exactly these (lib/signed-url/handler.ts), so a retry is counted once, like the first request,
 * and fits the limits the first fitted. Refusals (400 bad request, 401, 403, 429 limits, 503
 * daily cap or limiter down) are never retried: the same request would be refused again.
 */
const transientServiceStatuses = new Set([502, 504]);

/**
 * Socket closes that say the connection broke, not that the server refused the call: 1006
 * (dropped without a close frame), 1001 (going away), 1011 (internal error), 1012 (restarting),
 * 1014 (bad gateway). 1000 before the session, 1008 (policy: origin, link, overrides), 1013
 * (over capacity) and the application's own codes are refusals.
 */
const transientCloseCodes = new Set([1001, 1006, 1011, 1012, 1014]);

export function isTransient(failure: PreConnectFailure): boolean {
  if (failure.stage === "signed-url") return failure.status === null || transientServiceStatuses.has(failure.status);
  return failure.closeCode === null || transientCloseCodes.has(failure.closeCode);
}

// ---------------------------------------------------------------- a call that drops

/** The SDK's onDisconnect details, as far as a drop is concerned. */
export type DisconnectKind = { readonly reason: "user" | "agent" | "error"; readonly context?: { readonly type?: string } };

/**
 * A connected call whose socket stopped with an error (the server closed it abnormally, or the
 * network dropped it). Not a hang-up by either side, and not the time limit: that call is over.
 */
export function isDrop(details: DisconnectKind): boolean {
  return details.reason === "error" && details.context?.type !== "max_duration_exceeded";
}
