/**
 * How a call ends besides a failure: the visitor's End Call, the caller hanging up, the page
 * going away. End Call as a visitor sees it (the microphone released, the widget idle) is
 * tested end to end (tests/e2e/call-widget.spec.ts); here the races around it.
 */
import { act, screen, waitFor } from "@testing-library/react";
import { alertText, expectIdle, media, renderConnectedCall, renderWidget, sdk, sdkCallbacks, streamOf } from "./support/call-widget-harness";

jest.mock("@elevenlabs/react", () => jest.requireActual("./support/fake-voice-sdk"));
jest.mock("@/lib/call/signed-url-client", () => jest.requireActual("./support/fake-signed-url-client"));

it("End Call ends the SDK session once and ignores the SDK's own disconnect report after it", async () => {
  const { user } = await renderConnectedCall();
  await user.click(screen.getByRole("button", { name: "End Call" }));

  act(() => sdkCallbacks().onDisconnect?.({ reason: "error", message: "late", context: { type: "close" } as Event }));

  expect(alertText()).toBe("");
  expect(sdk.endSession).toHaveBeenCalledTimes(1);
});

it("the caller hanging up ends the call without an error, says so and releases the microphone", async () => {
  await renderConnectedCall();

  act(() => sdkCallbacks().onDisconnect?.({ reason: "agent" }));

  expect(alertText()).toBe("");
  await waitFor(() => expect(media.track.stop).toHaveBeenCalled());
  expect(screen.getByTestId("call-ending")).toHaveTextContent("Call ended. The caller hung up.");
  expectIdle();
});

describe("leaving the page", () => {
  it("during a call releases the microphone", async () => {
    const { unmount } = await renderConnectedCall();

    unmount();

    await waitFor(() => expect(media.track.stop).toHaveBeenCalled());
  });

  // Enter on a scenario radio submits the form without hovering or focusing Start Call, so the
  // call engine is not preloaded when the microphone prompt opens: after the unmount it is never
  // rendered, and a start that waited for it would hold the granted microphone for ever.
  it("while the microphone prompt is open releases the microphone once it is granted", async () => {
    let grant: (stream: MediaStream) => void = () => {};
    media.getUserMedia.mockReturnValue(new Promise<MediaStream>((resolve) => (grant = resolve)));
    const { user, unmount } = renderWidget();
    await user.click(screen.getByRole("radio", { name: /HR payroll update/ }));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(media.getUserMedia).toHaveBeenCalled());

    unmount();
    grant(streamOf(media.track));

    await waitFor(() => expect(media.track.stop).toHaveBeenCalled());
  });
});
