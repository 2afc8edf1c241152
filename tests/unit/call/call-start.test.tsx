/**
 * Starting a call: what the page asks for, in which order, and what it hands the voice SDK.
 * The connected call as a visitor sees it is tested end to end (tests/e2e/call-widget.spec.ts,
 * call-widget-typed.spec.ts).
 */
import { act, screen, waitFor } from "@testing-library/react";
import { DEBRIEF_TOOL_NAME } from "@mockingbird/contract/debrief";
import { alertText, expectIdle, media, pressAndWaitForSession, renderConnectedCall, renderWidget, sdkCallbacks, sessionOptions, signedUrl, startButton, streamOf } from "./support/call-widget-harness";

jest.mock("@elevenlabs/react", () => jest.requireActual("./support/fake-voice-sdk"));
jest.mock("@/lib/call/signed-url-client", () => jest.requireActual("./support/fake-signed-url-client"));

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

describe("the start", () => {
  /** The browser's answer to navigator.permissions.query for the microphone. */
  const permission = (state: PermissionState) =>
    Object.defineProperty(navigator, "permissions", { configurable: true, value: { query: jest.fn().mockResolvedValue({ state }) } });
  afterEach(() => Reflect.deleteProperty(navigator, "permissions"));

  it("asks for the microphone as the SDK itself would, and hands the SDK that microphone: no second request", async () => {
    const stream = streamOf(media.track);
    media.getUserMedia.mockResolvedValue(stream);
    const { user } = renderWidget();
    await pressAndWaitForSession(user);

    expect(media.getUserMedia).toHaveBeenCalledTimes(1);
    expect(media.getUserMedia).toHaveBeenCalledWith({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: { ideal: 1 }, sampleRate: { ideal: 16_000 }, voiceIsolation: true },
    });
    expect(await sessionOptions().inputStream).toBe(stream);
  });

  it("starts the session while the microphone prompt is still open, and asks for the signed URL only once the microphone is open: a refusal costs none of the visitor's signed URLs", async () => {
    permission("prompt");
    let grant: (stream: MediaStream) => void = () => {};
    media.getUserMedia.mockReturnValue(new Promise<MediaStream>((resolve) => (grant = resolve)));
    const { user } = renderWidget();
    await pressAndWaitForSession(user);
    expect(signedUrl).not.toHaveBeenCalled();

    act(() => grant(streamOf(media.track)));

    await waitFor(() => expect(signedUrl).toHaveBeenCalledTimes(1));
    await expect(sessionOptions().signedUrl).resolves.toBe("wss://voice.example/v1/convai/conversation?token=abc");
  });

  it("asks for the signed URL at once where the browser already allows the microphone: there is no prompt to refuse", async () => {
    permission("granted");
    media.getUserMedia.mockReturnValue(new Promise(() => {}));
    const { user } = renderWidget();

    await pressAndWaitForSession(user);

    await waitFor(() => expect(signedUrl).toHaveBeenCalledTimes(1));
  });
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
