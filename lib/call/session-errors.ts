/**
 * What the voice SDK reports when a call fails to start, fails or stops, in the catalogue's
 * words (content/call/live.ts, and shell.ts for the causes the widget's own steps share). Used by
 * the on-intent call chunk only; the widget's own microphone request is mapped in call-errors.ts.
 */
import { callLiveText } from "@/content/call/live";
import { callWidgetText } from "@/content/call/shell";
import { closes } from "@mockingbird/contract/close-reasons";
import { SILENCE_END_CALL_TIMEOUT_SECONDS } from "@mockingbird/contract/turn-timing";
import { errorName, microphoneErrorMessage } from "./call-errors";
import type { CallEnding } from "./call-machine";
import { closeMessage } from "./close-messages";
import { isDrop } from "./connect-retry";

const errors = { ...callWidgetText.errors, ...callLiveText.errors };

/**
 * getUserMedia's own error names. The SDK opens the microphone again itself, so these can still
 * surface from a session; AbortError is not among them: during session setup it is what a
 * failed audio worklet load rejects with (Chromium, WebKit), not the microphone.
 */
const microphoneOnlyNames = new Set(["NotAllowedError", "PermissionDeniedError", "NotFoundError", "DevicesNotFoundError", "NotReadableError", "TrackStartError", "OverconstrainedError"]);

/** The SDK's words when the visitor revokes the microphone during a call (input.js). */
const MICROPHONE_REVOKED = "Microphone permission denied";

/**
 * Audio setup failures: a worklet that would not load (blocked, missing, not JavaScript), an
 * AudioContext the browser refused, a browser without AudioWorklet. Matched by the names Web
 * Audio rejects with and by the SDK's own wrapper message ("Failed to load the … worklet module").
 */
function isAudioFailure(message: string, cause: unknown): boolean {
  if (["AbortError", "NotSupportedError", "InvalidStateError", "EncodingError"].includes(errorName(cause))) return true;
  const text = `${message} ${cause instanceof Error ? cause.message : ""}`;
  return /worklet|audiocontext|addModule|sample[- ]rate/i.test(text);
}

/** Why a session failed, from the SDK's message and the error it carried (startSession's rejection or onError's context). */
export function sessionFailureMessage(message: unknown, cause: unknown): string {
  const text = typeof message === "string" ? message.trim() : "";
  if (microphoneOnlyNames.has(errorName(cause))) return microphoneErrorMessage(cause);
  if (errorName(cause) === "SecurityError") return isAudioFailure(text, cause) ? errors.audioFailed : errors.microphoneDenied;
  if (text === MICROPHONE_REVOKED) return errors.microphoneDenied;
  if (isAudioFailure(text, cause)) return errors.audioFailed;
  // A socket closed before the session (the SDK's SessionConnectionError): its message is the close's reason.
  const closeCode = errorName(cause) === "SessionConnectionError" ? closeCodeOf(cause) : null;
  if (closeCode !== null) return closeMessage(closeCode, (cause as { closeReason?: string }).closeReason);
  return sessionErrorMessage(text);
}

const closeCodeOf = (cause: unknown) => {
  const code = (cause as { closeCode?: unknown } | null)?.closeCode;
  return typeof code === "number" ? code : null;
};

/** The page's own messages, which the SDK's may equal (its socket error's is the spec's). */
const ownMessages = new Set<unknown>(Object.values(errors).filter((message) => typeof message === "string"));

/**
 * The session error text: the SDK's message when it is one of the page's own, else the spec's
 * default. Anything else is the SDK's or the service's wording ("Server error: ..."), not the
 * page's, and is never shown.
 */
export function sessionErrorMessage(message: unknown): string {
  const text = typeof message === "string" ? message.trim() : "";
  return ownMessages.has(text) ? text : errors.connectionFailed;
}

/**
 * Errors the SDK reports without ending the call. A client tool the page does not define is
 * answered with an error result to the agent (the SDK does that); the visitor is not told.
 */
export function isRecoverableSessionError(message: string): boolean {
  return /^(Client tool |Unexpected error in client tool|Failed to set input muted state)/.test(message);
}

type DisconnectDetails =
  | { reason: "user" }
  | { reason: "agent"; closeCode?: number; closeReason?: string }
  | { reason: "error"; message?: string; context?: { type?: string }; closeCode?: number; closeReason?: string };

/**
 * Null when the call ended normally (either side hung up, or a silence ended it: the debrief's
 * ending line says which). Otherwise the page's words for it: a close's by its code and reason
 * (close-messages.ts), never the reason itself.
 */
export function disconnectErrorMessage(details: DisconnectDetails): string | null {
  if (details.reason !== "error") return null;
  // The service's own words for its limit vary; the page says it in its own.
  if (details.context?.type === "max_duration_exceeded") return errors.timeLimit;
  if (details.context?.type === "close" || details.closeCode !== undefined) return closeMessage(details.closeCode, details.closeReason);
  return details.context?.type === "error" ? errors.socketError : errors.serverClosed;
}

/**
 * The page hears the visitor's words a moment after the service does (their transcript follows
 * the end of their speech), so its count of their silence runs a little short of the service's.
 */
const SILENCE_CLOCK_LAG_MS = 3_000;

/**
 * How a connected call ended, from the SDK's disconnect and how long the visitor had been silent.
 * The service reports its time limit as an error of its own type; the local agent closes normally
 * with its time-limit or silence reason, which the SDK reports as the agent's. The service's own
 * close after a silence carries no reason its docs promise, so a caller that hangs up on a
 * visitor silent for the production callers' silence timeout (contract/turn-timing.ts) is taken
 * to have ended it for that.
 */
export function callEndingOf(details: DisconnectDetails, silentForMs = 0): CallEnding {
  switch (details.reason) {
    case "user":
      return "visitor";
    case "agent":
      if (details.closeReason === closes.silence.reason || silentForMs >= SILENCE_END_CALL_TIMEOUT_SECONDS * 1000 - SILENCE_CLOCK_LAG_MS) return "silence";
      return details.closeReason === closes.timeLimit.reason ? "time-limit" : "caller";
    case "error":
      return isDrop(details) ? "dropped" : "time-limit";
  }
}
