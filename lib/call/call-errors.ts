/**
 * What the widget says when its own microphone request fails: the spec's catalogue, mapped
 * from what browsers report. Ships with the page; failures of the SDK's session setup are
 * classified in session-errors.ts, which ships in the on-intent chunk.
 */
import { callWidgetText } from "@/content/call/shell";

const { errors } = callWidgetText;

export function errorName(error: unknown): string {
  return typeof error === "object" && error !== null && "name" in error ? String((error as { name: unknown }).name) : "";
}

/**
 * getUserMedia failures. Browsers disagree on names (Chrome's legacy ones, Firefox's), so each
 * family is matched. AbortError means the device was granted but could not start: it is not
 * "busy" (NotReadableError is), and not a refusal.
 */
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
      return errors.microphoneBusy;
    case "AbortError":
      return errors.microphoneFailed;
    default:
      return errors.startFailed;
  }
}

/** True when the visitor (or a policy) refused the microphone: the widget then shows how to re-allow it. */
export function isMicrophoneRefusal(message: string | null): boolean {
  return message === errors.microphoneDenied;
}
