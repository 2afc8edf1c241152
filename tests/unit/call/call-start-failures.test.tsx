/**
 * A call that cannot start. Each failure is tested once: the messages a visitor meets in a real
 * browser (a refused or missing microphone, the signed-URL service's errors) end to end in
 * tests/e2e/call-widget-{microphone-denied,no-microphone,errors}.spec.ts; here what those
 * cannot reach: the order of the start, pages and browsers that cannot call, and the timeout.
 */
import { act, screen, waitFor } from "@testing-library/react";
import { SignedUrlError } from "@/lib/call/signed-url-client";
import { alertText, expectIdle, expectStoppedWith, media, pressAndWaitForSession, renderWidget, sdk, sdkCallbacks, sessionOptions, signedUrl, startButton } from "./support/call-widget-harness";

jest.mock("@elevenlabs/react", () => jest.requireActual("./support/fake-voice-sdk"));
jest.mock("@/lib/call/signed-url-client", () => jest.requireActual("./support/fake-signed-url-client"));

it("a refused microphone stops the start before a signed URL is asked for", async () => {
  media.getUserMedia.mockRejectedValue(new DOMException("refused", "NotAllowedError"));
  const { user } = renderWidget();

  await user.click(startButton());

  await waitFor(() => expect(alertText()).toBe("Microphone access denied. Please allow microphone access and try again."));
  expect(signedUrl).not.toHaveBeenCalled();
  expect(sdk.startSession).not.toHaveBeenCalled();
  expectIdle();
});

it.each([
  ["an insecure page says calls need https", () => Object.defineProperty(window, "isSecureContext", { configurable: true, value: false }), "Calls need a secure connection. Open this page over https and try again."],
  ["a browser without getUserMedia is told it cannot make calls", () => Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: undefined }), "This browser cannot make calls. Try a recent Chrome, Edge, Firefox or Safari."],
])("%s, without asking for the microphone", async (_case, arrange, message) => {
  arrange();
  const { user } = renderWidget();

  await user.click(startButton());

  await waitFor(() => expect(alertText()).toBe(message));
  expect(media.getUserMedia).not.toHaveBeenCalled();
  expectIdle();
});

it("a failed signed-URL request releases the granted microphone, abandons the session waiting for it and shows the service's reason", async () => {
  let refuse: (error: Error) => void = () => {};
  signedUrl.mockReturnValue(new Promise<string>((_, reject) => (refuse = reject)));
  const { user } = renderWidget();
  await pressAndWaitForSession(user);

  act(() => refuse(new SignedUrlError("Failed to get signed URL: x", 400)));

  await expectStoppedWith("Failed to get signed URL: x");
  expect(sessionOptions().signal.aborted).toBe(true);
});

it("any other failure to start shows 'Failed to start conversation'", async () => {
  signedUrl.mockRejectedValue(new TypeError("fetch exploded"));
  const { user } = renderWidget();

  await user.click(startButton());

  await expectStoppedWith("Failed to start conversation");
});

describe("a call that never connects", () => {
  it("gives up after 20 seconds with 'Connection failed', abandoning the pending start", async () => {
    const { user } = renderWidget({ fakeTimers: true });
    await pressAndWaitForSession(user);

    // The 20 s count from the signed-URL request; waiting for the session above took a few fake ticks.
    act(() => jest.advanceTimersByTime(19_500));
    expect(screen.getByRole("button", { name: "Connecting..." })).toBeDisabled();
    act(() => jest.advanceTimersByTime(500));

    await expectStoppedWith("Connection failed");
    // The pending start is abandoned (its socket closed by the signal), so a retry starts afresh.
    expect(sessionOptions().signal.aborted).toBe(true);
  });

  it("can be retried: the retry starts a new session on a fresh SDK provider", async () => {
    const { user } = renderWidget({ fakeTimers: true });
    await pressAndWaitForSession(user);
    const firstProvider = sdk.callbacks;
    act(() => jest.advanceTimersByTime(20_000));
    expect(alertText()).toBe("Connection failed");

    await user.click(startButton());
    await waitFor(() => expect(sdk.startSession).toHaveBeenCalledTimes(2));

    expect(sdk.callbacks).not.toBe(firstProvider);
    expect(sdk.startSession.mock.calls[1][0].signal.aborted).toBe(false);
    act(() => sdkCallbacks().onConnect?.({ conversationId: "conversation-2" }));
    expect(await screen.findByRole("button", { name: "End Call" })).toBeEnabled();
  });
});
