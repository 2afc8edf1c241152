/**
 * A call that carries on (lib/call/call-machine.ts) as the widget runs it. The retry of a
 * failure before connecting, Call again after a drop and talking and typing against the real
 * SDK and servers are tested end to end (tests/e2e/call-widget-continuity.spec.ts,
 * tests/engines/call-continuity.test.ts); here what those cannot provoke or observe: a second
 * failure, refusals that are not retried, a hang-up, the microphone's mute and the scenario a
 * switch to voice keeps.
 */
import { act, screen, waitFor } from "@testing-library/react";
import { SignedUrlError } from "@/lib/call/signed-url-client";
import { callLiveText } from "@/content/call/live";
import { callWidgetText } from "@/content/call/shell";
import { alertText, media, renderConnectedCall, renderWidget, sdk, sdkCallbacks, signedUrl } from "./support/call-widget-harness";

jest.mock("@elevenlabs/react", () => jest.requireActual("./support/fake-voice-sdk"));
jest.mock("@/lib/call/signed-url-client", () => jest.requireActual("./support/fake-signed-url-client"));

const status = () => screen.getAllByRole("status")[0]!.textContent;
/** The SDK's rejection of a start whose socket closed before the session (its SessionConnectionError). */
const socketClosed = (closeCode: number | undefined) => Object.assign(new Error("Connection closed unexpectedly before session could be established."), { name: "SessionConnectionError", closeCode });
const failSocket = (closeCode: number | undefined) => act(() => sdkCallbacks().onError?.("Connection closed unexpectedly before session could be established.", socketClosed(closeCode)));
const connect = () => act(() => sdkCallbacks().onConnect?.({ conversationId: "conversation-2" }));

describe("a failure before the call connects", () => {
  it("a second failure is shown, not retried again", async () => {
    const { user } = renderWidget({ fakeTimers: true });
    await user.click(screen.getByRole("button", { name: "Start Call" }));
    await waitFor(() => expect(sdk.startSession).toHaveBeenCalledTimes(1));
    failSocket(1006);
    act(() => jest.advanceTimersByTime(1_000));
    await waitFor(() => expect(sdk.startSession).toHaveBeenCalledTimes(2));

    failSocket(undefined);

    // Neither the SDK's words nor a close's reason: the page's own.
    await waitFor(() => expect(alertText()).toBe(callWidgetText.errors.connectionFailed));
    expect(media.track.stop).toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Call again" })).not.toBeInTheDocument();
  });

  it("a refusal of the socket (over capacity) is shown at once", async () => {
    const { user } = renderWidget();
    await user.click(screen.getByRole("button", { name: "Start Call" }));
    await waitFor(() => expect(sdk.startSession).toHaveBeenCalledTimes(1));

    failSocket(1013);

    await waitFor(() => expect(alertText()).toBe(callLiveText.closes.busy));
    expect(sdk.startSession).toHaveBeenCalledTimes(1);
  });

  it("a refused signed-URL request (429) is not asked again", async () => {
    signedUrl.mockRejectedValue(new SignedUrlError("Failed to get signed URL: Too many call attempts. Please wait a minute and try again.", 429));
    const { user } = renderWidget();
    await user.click(screen.getByRole("button", { name: "Start Call" }));

    await waitFor(() => expect(alertText()).toBe("Failed to get signed URL: Too many call attempts. Please wait a minute and try again."));
    expect(signedUrl).toHaveBeenCalledTimes(1);
  });
});

describe("Call again", () => {
  it("is not offered after a call either side hung up", async () => {
    await renderConnectedCall();

    act(() => sdkCallbacks().onDisconnect?.({ reason: "agent" }));

    await screen.findByRole("button", { name: "Start Call" });
    expect(screen.queryByRole("button", { name: "Call again" })).not.toBeInTheDocument();
  });
});

describe("talking and typing as one call", () => {
  it("Type instead mutes the microphone, hides its controls and moves to the typed reply; Talk instead unmutes it", async () => {
    const { user } = await renderConnectedCall();

    await user.click(screen.getByRole("button", { name: "Type instead" }));

    expect(sdk.setMuted).toHaveBeenLastCalledWith(true);
    expect(screen.queryByRole("button", { name: /mute microphone/i })).not.toBeInTheDocument();
    expect(screen.queryByRole("meter")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Type a reply" })).toHaveFocus());
    expect(screen.getByText(callLiveText.inputSwitch.typing)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Talk instead" }));

    expect(sdk.setMuted).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole("button", { name: "Mute microphone" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("button", { name: "Type instead" })).toHaveFocus();
    expect(screen.getByText(callLiveText.inputSwitch.talking)).toBeInTheDocument();
  });

  it("a typed call continues by voice: the typed session ends and a voice session starts with the same scenario, asking for the microphone", async () => {
    const { user } = renderWidget();
    await user.click(screen.getByRole("radio", { name: /HR payroll update/ }));
    await user.click(screen.getByRole("button", { name: "Reply by typing instead" }));
    await waitFor(() => expect(sdk.startSession).toHaveBeenCalledTimes(1));
    connect();
    await screen.findByRole("button", { name: "End Call" });

    await user.click(screen.getByRole("button", { name: "Continue by voice" }));

    expect(sdk.endSession).toHaveBeenCalledTimes(1);
    expect(status()).not.toBe("Call ended");
    await waitFor(() => expect(sdk.startSession).toHaveBeenCalledTimes(2));
    expect(media.getUserMedia).toHaveBeenCalledTimes(1);
    expect(signedUrl).toHaveBeenLastCalledWith(expect.objectContaining({ scenario: "hr-payroll-update" }));
    expect(sdk.startSession.mock.calls[1][0].textOnly).toBe(false);
    connect();
    await waitFor(() => expect(screen.getByRole("button", { name: "End Call" })).toHaveFocus());
  });
});
