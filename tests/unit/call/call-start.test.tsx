/**
 * Starting a call: what the page asks for, in which order, and what it hands the voice SDK.
 * The connected call as a visitor sees it is tested end to end (tests/e2e/call-widget.spec.ts,
 * call-widget-typed.spec.ts).
 */
import { act, screen } from "@testing-library/react";
import { DEBRIEF_TOOL_NAME } from "@mockingbird/contract/debrief";
import { alertText, expectIdle, installCallWidgetFakes, media, pressAndWaitForSession, renderConnectedCall, renderWidget, sdk, sdkCallbacks, sessionOptions, signedUrl, startButton, streamOf } from "./support/call-widget-harness";

jest.mock("@elevenlabs/react", () => jest.requireActual("./support/fake-voice-sdk"));
jest.mock("@/lib/call/signed-url-client", () => jest.requireActual("./support/fake-signed-url-client"));
installCallWidgetFakes();

it("before a call, offers a green 'Start Call' and shows no status badge", () => {
  renderWidget();
  expect(startButton()).toHaveClass("bg-green-700");
  expectIdle();
  expect(alertText()).toBe("");
});

it("while a call connects, no longer offers 'Reply by typing instead'", async () => {
  media.getUserMedia.mockReturnValue(new Promise(() => {})); // the visitor has not answered the prompt yet
  const { user } = renderWidget();

  await user.click(startButton());

  expect(screen.getByRole("button", { name: "Connecting..." })).toBeDisabled();
  expect(screen.queryByRole("button", { name: "Reply by typing instead" })).not.toBeInTheDocument();
});

it("asks for the microphone first, then for the signed URL, then starts the session", async () => {
  const { user } = renderWidget();
  await pressAndWaitForSession(user);

  expect(media.getUserMedia).toHaveBeenCalledWith({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
  expect(media.getUserMedia.mock.invocationCallOrder[0]).toBeLessThan(signedUrl.mock.invocationCallOrder[0]!);
  expect(signedUrl.mock.invocationCallOrder[0]).toBeLessThan(sdk.startSession.mock.invocationCallOrder[0]!);
});

it("disables the scenario picker during a call", async () => {
  await renderConnectedCall();

  expect(screen.getByRole("radio", { name: /CEO urgent wire/ })).toBeDisabled();
});

it("defines no client tool but the debrief", async () => {
  const { user } = renderWidget();
  await pressAndWaitForSession(user);

  expect(Object.keys(sessionOptions().clientTools)).toEqual([DEBRIEF_TOOL_NAME]);
});

describe("the page's audio context", () => {
  it("on WebKit, is unlocked inside the tap, before the microphone prompt, handed to the SDK and closed when the call ends", async () => {
    const created: { state: string; resumed: boolean }[] = [];
    class FakeAudioContext {
      sampleRate = 48_000;
      state = "suspended";
      destination = {};
      resumed = false;
      close = async () => {
        this.state = "closed";
      };
      constructor() {
        created.push(this);
      }
      createBuffer = () => ({});
      createBufferSource = () => ({ connect: () => {}, start: () => {}, buffer: null });
      resume = async () => {
        this.resumed = true;
      };
    }
    Object.defineProperty(window, "AudioContext", { configurable: true, value: FakeAudioContext });
    jest.spyOn(navigator, "vendor", "get").mockReturnValue("Apple Computer, Inc.");
    media.getUserMedia.mockImplementation(() => {
      // The microphone prompt opens after the context exists and was resumed: both inside the tap.
      expect(created).toHaveLength(1);
      expect(created[0]!.resumed).toBe(true);
      return Promise.resolve(streamOf(media.track));
    });
    const { user } = renderWidget();

    await pressAndWaitForSession(user);
    expect(sessionOptions().audioContext).toBe(created[0]);

    act(() => sdkCallbacks().onConnect?.({ conversationId: "conversation-1" }));
    await user.click(await screen.findByRole("button", { name: "End Call" }));
    expect(created[0]!.state).toBe("closed");
    Reflect.deleteProperty(window, "AudioContext");
  });

  it("elsewhere, is not made: the SDK gets no context of the page's", async () => {
    const { user } = renderWidget();
    await pressAndWaitForSession(user);
    expect(sessionOptions().audioContext).toBeUndefined();
  });
});
