/**
 * A connected call that fails: whatever the SDK reports, the call ends with a message, the
 * microphone is released and the widget is ready for the next call. The server closing the
 * call is tested end to end (tests/e2e/call-widget-errors.spec.ts); the wording of each message
 * in call-errors.test.ts.
 */
import { act } from "@testing-library/react";
import { alertText, expectIdle, expectStoppedWith, renderConnectedCall, sdk, sdkCallbacks } from "./support/call-widget-harness";

jest.mock("@elevenlabs/react", () => jest.requireActual("./support/fake-voice-sdk"));
jest.mock("@/lib/call/signed-url-client", () => jest.requireActual("./support/fake-signed-url-client"));

it("an SDK error shows the page's message, never the SDK's, ends the session, releases the microphone and returns to idle", async () => {
  await renderConnectedCall();

  act(() => sdkCallbacks().onError?.("Server error: Boom"));

  await expectStoppedWith("Connection failed");
  expect(sdk.endSession).toHaveBeenCalled();
});

it("an SDK error caused by the microphone gets the microphone's message", async () => {
  await renderConnectedCall();

  act(() => sdkCallbacks().onError?.("Could not open the microphone", new DOMException("in use", "NotReadableError")));

  expect(alertText()).toBe("Your microphone is being used by another app. Close it there and try again.");
  expectIdle();
});

it("a dropped connection shows why, releases the microphone and returns to idle", async () => {
  await renderConnectedCall();

  act(() => sdkCallbacks().onDisconnect?.({ reason: "error", message: "", context: { type: "error" } as Event }));

  await expectStoppedWith("The connection was closed due to a socket error.");
});
