import { callWidgetText } from "@/content/call-widget";
import { isMicrophoneError, isMicrophoneRefusal, microphoneErrorMessage } from "@/lib/call/call-errors";
import { disconnectErrorMessage, isRecoverableSessionError, sessionErrorMessage, sessionFailureMessage } from "@/lib/call/session-errors";

const { errors } = callWidgetText;

/** What getUserMedia rejects with: a DOMException-like error with a name. */
const domError = (name: string) => Object.assign(new Error(`${name} happened`), { name });

describe("microphoneErrorMessage", () => {
  it.each(["NotAllowedError", "PermissionDeniedError", "SecurityError"])("maps %s to the access-denied message", (name) => {
    expect(microphoneErrorMessage(domError(name))).toBe("Microphone access denied. Please allow microphone access and try again.");
  });

  it.each(["NotFoundError", "DevicesNotFoundError", "OverconstrainedError"])("maps %s to the no-microphone message", (name) => {
    expect(microphoneErrorMessage(domError(name))).toBe("No microphone found. Please connect a microphone and try again.");
  });

  it.each(["NotReadableError", "TrackStartError", "AbortError"])("maps %s to the microphone-busy message", (name) => {
    expect(microphoneErrorMessage(domError(name))).toBe(errors.microphoneBusy);
  });

  it("maps anything else (including non-errors) to 'Failed to start conversation'", () => {
    expect(microphoneErrorMessage(new TypeError("boom"))).toBe("Failed to start conversation");
    expect(microphoneErrorMessage("NotAllowedError")).toBe("Failed to start conversation");
    expect(microphoneErrorMessage(null)).toBe("Failed to start conversation");
  });
});

describe("isMicrophoneError", () => {
  it("recognises every getUserMedia failure name", () => {
    for (const name of ["NotAllowedError", "SecurityError", "NotFoundError", "OverconstrainedError", "NotReadableError", "AbortError"]) {
      expect(isMicrophoneError(domError(name))).toBe(true);
    }
  });

  it("does not take other errors for microphone errors", () => {
    expect(isMicrophoneError(new Error("socket closed"))).toBe(false);
    expect(isMicrophoneError(undefined)).toBe(false);
    expect(isMicrophoneError("NotAllowedError")).toBe(false);
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
  it("is the SDK's own message, trimmed", () => {
    expect(sessionErrorMessage("  Boom  ")).toBe("Boom");
  });

  it("falls back to 'Connection failed' for an empty or missing message", () => {
    expect(sessionErrorMessage("")).toBe("Connection failed");
    expect(sessionErrorMessage("   ")).toBe("Connection failed");
    expect(sessionErrorMessage(undefined)).toBe("Connection failed");
    expect(sessionErrorMessage({ message: "object" })).toBe("Connection failed");
  });
});

describe("sessionFailureMessage", () => {
  it("gives a microphone failure the microphone's own message", () => {
    expect(sessionFailureMessage("Could not start audio", domError("NotAllowedError"))).toBe(errors.microphoneDenied);
    expect(sessionFailureMessage("Could not start audio", domError("NotReadableError"))).toBe(errors.microphoneBusy);
  });

  it("otherwise gives the session message", () => {
    expect(sessionFailureMessage("Boom", new Error("socket"))).toBe("Boom");
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
  it("is null when the visitor or the agent hung up", () => {
    expect(disconnectErrorMessage({ reason: "user" })).toBeNull();
    expect(disconnectErrorMessage({ reason: "agent", closeCode: 1000 })).toBeNull();
  });

  it("is the SDK's message for an error disconnect", () => {
    expect(disconnectErrorMessage({ reason: "error", message: " The connection was closed by the server. ", context: { type: "close" } })).toBe(
      "The connection was closed by the server.",
    );
  });

  it("names a socket error when an error disconnect has no message and came from an error event", () => {
    expect(disconnectErrorMessage({ reason: "error", message: "", context: { type: "error" } })).toBe("The connection was closed due to a socket error.");
  });

  it("says the server closed the connection when an error disconnect has no message otherwise", () => {
    expect(disconnectErrorMessage({ reason: "error", message: "", context: { type: "close" } })).toBe("The connection was closed by the server.");
    expect(disconnectErrorMessage({ reason: "error" })).toBe("The connection was closed by the server.");
  });
});
