/**
 * What the voice SDK reports when a call fails or stops, in the spec's words. Used by the
 * on-intent call chunk only; microphone errors before the call are in call-errors.ts.
 */
import { callWidgetText } from "@/content/call-widget";
import { isMicrophoneError, microphoneErrorMessage } from "./call-errors";

const { errors } = callWidgetText;

/**
 * What an SDK error means to the visitor. The SDK opens the microphone again itself, so a
 * microphone failure can still surface here; it gets the microphone's own message.
 */
export function sessionFailureMessage(message: unknown, cause: unknown): string {
  return isMicrophoneError(cause) ? microphoneErrorMessage(cause) : sessionErrorMessage(message);
}

/** The session error text: the SDK's own message when it has one, else the spec's default. */
export function sessionErrorMessage(message: unknown): string {
  return typeof message === "string" && message.trim() !== "" ? message.trim() : errors.connectionFailed;
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
  | { reason: "agent"; closeCode?: number }
  | { reason: "error"; message?: string; context?: { type?: string } };

/** Null when the call ended normally (the visitor or the caller hung up). */
export function disconnectErrorMessage(details: DisconnectDetails): string | null {
  if (details.reason !== "error") return null;
  if (details.message && details.message.trim() !== "") return details.message.trim();
  return details.context?.type === "error" ? errors.socketError : errors.serverClosed;
}
