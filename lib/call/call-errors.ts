/**
 * What the widget says when the microphone cannot be opened: the spec's catalogue, mapped
 * from what browsers report. Ships with the page; SDK errors are in session-errors.ts.
 */
import { callWidgetText } from "@/content/call-widget";

const { errors } = callWidgetText;

function errorName(error: unknown): string {
  return typeof error === "object" && error !== null && "name" in error ? String((error as { name: unknown }).name) : "";
}

const microphoneErrorNames = new Set([
  "NotAllowedError",
  "PermissionDeniedError",
  "SecurityError",
  "NotFoundError",
  "DevicesNotFoundError",
  "OverconstrainedError",
  "NotReadableError",
  "TrackStartError",
  "AbortError",
]);

export function isMicrophoneError(error: unknown): boolean {
  return microphoneErrorNames.has(errorName(error));
}

/** getUserMedia failures. Browsers disagree on names, so each family is matched. */
export function microphoneErrorMessage(error: unknown): string {
  switch (errorName(error)) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      return errors.microphoneDenied;
    case "NotFoundError":
    case "DevicesNotFoundError":
    case "OverconstrainedError":
      return errors.microphoneMissing;
    case "NotReadableError":
    case "TrackStartError":
    case "AbortError":
      return errors.microphoneBusy;
    default:
      return errors.startFailed;
  }
}

/** True when the visitor (or a policy) refused the microphone: the widget then shows how to re-allow it. */
export function isMicrophoneRefusal(message: string | null): boolean {
  return message === errors.microphoneDenied;
}
