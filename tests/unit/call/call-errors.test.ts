import { callLiveText } from "@/content/call/live";
import { callWidgetText } from "@/content/call/shell";
import { isMicrophoneRefusal, microphoneErrorMessage } from "@/lib/call/call-errors";
import { disconnectErrorMessage, isRecoverableSessionError, sessionErrorMessage, sessionFailureMessage } from "@/lib/call/session-errors";

const errors = { ...callWidgetText.errors, ...callLiveText.errors };

/** What getUserMedia rejects with: a DOMException-like error with a name. */
const domError = (name: string) => Object.assign(new Error(`${name} happened`), { name });

describe("microphoneErrorMessage", () => {
  it.each(["NotAllowedError", "PermissionDeniedError", "SecurityError"])("maps %s to the access-denied message", (name) => {
    expect(microphoneErrorMessage(domError(name))).toBe("Microphone access denied. Please allow microphone access and try again.");
  });

  it.each(["NotFoundError", "DevicesNotFoundError", "OverconstrainedError"])("maps %s to the no-microphone message", (name) => {
    expect(microphoneErrorMessage(domError(name))).toBe("No microphone found. Please connect a microphone and try again.");
  });

  it.each(["NotReadableError", "TrackStartError"])("maps %s to the microphone-busy message", (name) => {
    expect(microphoneErrorMessage(domError(name))).toBe(errors.microphoneBusy);
  });

  it("maps AbortError (granted, but the device would not start) to the microphone-failed message, not busy", () => {
    expect(microphoneErrorMessage(domError("AbortError"))).toBe(errors.microphoneFailed);
  });

  it("maps anything else (including non-errors) to 'Failed to start conversation'", () => {
    expect(microphoneErrorMessage(new TypeError("boom"))).toBe("Failed to start conversation");
    expect(microphoneErrorMessage("NotAllowedError")).toBe("Failed to start conversation");
    expect(microphoneErrorMessage(null)).toBe("Failed to start conversation");
  });
});

describe("isMicrophoneRefusal", () => {
  it("is true only for the access-denied message", () => {
    expect(isMicrophoneRefusal(errors.microphoneDenied)).toBe(true);
    expect(isMicrophoneRefusal(errors.microphoneMissing)).toBe(false);
    expect(isMicrophoneRefusal(null)).toBe(false);
  });
});

describe("sessionErrorMessage", () => {
  it("is the SDK's message, trimmed, when it is one of the page's own", () => {
    expect(sessionErrorMessage(`  ${errors.socketError}  `)).toBe(errors.socketError);
  });

  it("never shows the SDK's or the service's own wording", () => {
    expect(sessionErrorMessage("Server error: something internal")).toBe("Connection failed");
    expect(sessionErrorMessage("Boom")).toBe("Connection failed");
  });

  it("falls back to 'Connection failed' for an empty or missing message", () => {
    expect(sessionErrorMessage("")).toBe("Connection failed");
    expect(sessionErrorMessage("   ")).toBe("Connection failed");
    expect(sessionErrorMessage(undefined)).toBe("Connection failed");
    expect(sessionErrorMessage({ message: "object" })).toBe("Connection failed");
  });
});

describe("sessionFailureMessage", () => {
  it("gives a microphone failure inside the SDK the microphone's own message", () => {
    expect(sessionFailureMessage("Could not start audio", domError("NotAllowedError"))).toBe(errors.microphoneDenied);
    expect(sessionFailureMessage("Could not start audio", domError("NotReadableError"))).toBe(errors.microphoneBusy);
    expect(sessionFailureMessage("Requested device not found", domError("NotFoundError"))).toBe(errors.microphoneMissing);
  });

  it("says the microphone was refused when the visitor revokes it during a call", () => {
    expect(sessionFailureMessage("Microphone permission denied", undefined)).toBe(errors.microphoneDenied);
  });

  it("takes an AbortError during session setup for the failed audio worklet it is, not a busy microphone", () => {
    expect(sessionFailureMessage("Unable to load a worklet's module.", domError("AbortError"))).toBe(errors.audioFailed);
  });

  it("reports the SDK's worklet failures, refused audio contexts and a missing AudioWorklet as audio failures", () => {
    const wrapped = "Failed to load the rawAudioProcessor worklet module from path: /x.js. Error: AbortError";
    expect(sessionFailureMessage(wrapped, new Error(wrapped))).toBe(errors.audioFailed);
    expect(sessionFailureMessage("The AudioContext was not allowed to start.", domError("NotSupportedError"))).toBe(errors.audioFailed);
    const noWorklet = "Cannot read properties of undefined (reading 'addModule')";
    expect(sessionFailureMessage(noWorklet, new TypeError(noWorklet))).toBe(errors.audioFailed);
  });

  it("tells a SecurityError about a worklet from one about the microphone", () => {
    expect(sessionFailureMessage("The operation is insecure.", domError("SecurityError"))).toBe(errors.microphoneDenied);
    expect(sessionFailureMessage("Refused to load the worklet", Object.assign(new Error("worklet blocked by CSP"), { name: "SecurityError" }))).toBe(errors.audioFailed);
  });

  it("otherwise gives 'Connection failed', or the page's own message the SDK gave", () => {
    expect(sessionFailureMessage("Boom", new Error("socket"))).toBe("Connection failed");
    expect(sessionFailureMessage(errors.socketError, { name: "SessionConnectionError" })).toBe(errors.socketError);
    const closed = "Connection closed unexpectedly before session could be established.";
    expect(sessionFailureMessage(closed, { name: "SessionConnectionError" })).toBe("Connection failed");
    expect(sessionFailureMessage("", undefined)).toBe("Connection failed");
  });
});

describe("isRecoverableSessionError", () => {
  it.each([
    "Client tool with name x is not defined on client",
    "Unexpected error in client tool call",
    "Failed to set input muted state",
  ])("keeps the call going for %j", (message) => {
    expect(isRecoverableSessionError(message)).toBe(true);
  });

  it.each(["Boom", "", "Connection failed", "Error: Client tool with name x is not defined"])("ends the call for %j", (message) => {
    expect(isRecoverableSessionError(message)).toBe(false);
  });
});

describe("disconnectErrorMessage", () => {
  it("names a socket error when an error disconnect has no message and came from an error event", () => {
    expect(disconnectErrorMessage({ reason: "error", message: "", context: { type: "error" } })).toBe("The connection was closed due to a socket error.");
  });

  it("says the server closed the connection when an error disconnect has no message otherwise", () => {
    expect(disconnectErrorMessage({ reason: "error", message: "", context: { type: "close" } })).toBe("The connection was closed by the server.");
    expect(disconnectErrorMessage({ reason: "error" })).toBe("The connection was closed by the server.");
  });

  it("gives a close its page's words by code and reason, never the reason itself", () => {
    const close = (closeCode: number, closeReason?: string) => disconnectErrorMessage({ reason: "error", message: closeReason, context: { type: "close" }, closeCode, closeReason });
    expect(close(1011, "The agent had an internal error.")).toBe(callLiveText.closes.serviceFailed);
    expect(close(4000, "Some detail")).toBe(errors.serverClosed);
    expect(close(1011)).toBe(callLiveText.closes.serviceFailed);
  });
});
