/**
 * The call widget as a visitor uses it. The voice SDK (@elevenlabs/react) and the signed-URL
 * request are faked at their module edges; everything between them and the page (the
 * controller, the on-intent call engine with its SDK callback mapping and client tool, the
 * live panel and the reducer) is the real code.
 */
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import type { HookCallbacks } from "@elevenlabs/react";
import { CallWidget } from "@/components/call-widget/call-widget";
import { publicEnv } from "@/lib/config/public-env";
import { DEBRIEF_TOOL_NAME } from "@/contract/debrief";
import { requestSignedUrl, SignedUrlError } from "@/lib/call/signed-url-client";

/** What the fake SDK exposes to the tests: the callbacks the page registered and jest.fn controls. */
type FakeSdk = {
  callbacks: HookCallbacks | null;
  startSession: jest.Mock;
  endSession: jest.Mock;
  sendUserMessage: jest.Mock;
  getInputVolume: jest.Mock;
  setMuted: jest.Mock;
  sendFeedback: jest.Mock;
};

jest.mock("@elevenlabs/react", () => {
  const { useEffect } = jest.requireActual<typeof import("react")>("react");
  const sdk: FakeSdk = {
    callbacks: null,
    startSession: jest.fn(),
    endSession: jest.fn(),
    sendUserMessage: jest.fn(),
    getInputVolume: jest.fn(() => 0),
    setMuted: jest.fn(),
    sendFeedback: jest.fn(),
  };
  // Stable objects, as the SDK's own hooks return.
  const controls = { startSession: sdk.startSession, endSession: sdk.endSession, sendUserMessage: sdk.sendUserMessage, getInputVolume: sdk.getInputVolume };
  const input = { setMuted: sdk.setMuted };
  const feedback = { sendFeedback: sdk.sendFeedback };
  function ConversationProvider({ children, ...callbacks }: HookCallbacks & { children?: import("react").ReactNode }) {
    useEffect(() => {
      sdk.callbacks = callbacks;
    });
    return children;
  }
  return {
    __esModule: true,
    __sdk: sdk,
    ConversationProvider,
    useConversationControls: () => controls,
    useConversationInput: () => input,
    useConversationFeedback: () => feedback,
  };
});

jest.mock("@/lib/call/signed-url-client", () => ({
  ...jest.requireActual<typeof import("@/lib/call/signed-url-client")>("@/lib/call/signed-url-client"),
  requestSignedUrl: jest.fn(),
}));

const sdk = jest.requireMock<{ __sdk: FakeSdk }>("@elevenlabs/react").__sdk;
const signedUrl = jest.mocked(requestSignedUrl);
const SIGNED_URL = "wss://voice.example/v1/convai/conversation?token=abc";

let track: { stop: jest.Mock };
let getUserMedia: jest.Mock;

beforeEach(() => {
  jest.clearAllMocks();
  sdk.callbacks = null;
  sdk.getInputVolume.mockReturnValue(0);
  signedUrl.mockResolvedValue(SIGNED_URL);
  track = { stop: jest.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  getUserMedia = jest.fn().mockResolvedValue(stream);
  Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia } });
  Object.defineProperty(window, "isSecureContext", { configurable: true, value: true });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

// --- helpers -------------------------------------------------------------------------------

const startButton = () => screen.getByRole("button", { name: "Start Call" });
const alertText = () => screen.getByRole("alert").textContent;
const captionLines = () =>
  within(screen.getByRole("log", { name: "Live captions" }))
    .queryAllByRole("listitem")
    .filter((item) => item.hasAttribute("data-speaker"))
    .map((item) => item.textContent);

function renderWidget() {
  const user = userEvent.setup();
  return { user, ...render(<CallWidget />) };
}

/**
 * The callbacks the page handed to the SDK: the current ConversationProvider's, with the
 * onConnect it passed to startSession, composed as the real provider composes them.
 */
function sdkCallbacks(): HookCallbacks {
  const callbacks = sdk.callbacks;
  if (!callbacks) throw new Error("the call engine was not rendered");
  const options = (sdk.startSession.mock.lastCall?.[0] ?? {}) as HookCallbacks;
  return {
    ...callbacks,
    onConnect: (props) => {
      callbacks.onConnect?.(props);
      options.onConnect?.(props);
    },
  };
}

/** The options the page passed to the SDK's startSession. */
function sessionOptions(): {
  signedUrl: string;
  textOnly: boolean;
  connectionType: string;
  signal: AbortSignal;
  audioContext?: AudioContext;
  clientTools: Record<string, (parameters: unknown) => unknown>;
} {
  expect(sdk.startSession).toHaveBeenCalledTimes(1);
  return sdk.startSession.mock.calls[0][0];
}

/** Presses a start button and waits until the page asked the SDK to start the session. */
async function pressAndWaitForSession(user: UserEvent, name = "Start Call") {
  await user.click(screen.getByRole("button", { name }));
  await waitFor(() => expect(sdk.startSession).toHaveBeenCalledTimes(1));
}

/** A call that reached the SDK's onConnect. */
async function connectCall(user: UserEvent, name = "Start Call") {
  await pressAndWaitForSession(user, name);
  act(() => sdkCallbacks().onConnect?.({ conversationId: "conversation-1" }));
  await screen.findByRole("button", { name: "End Call" });
}

function expectIdle() {
  expect(startButton()).toBeEnabled();
  expect(screen.queryByText("Connected")).not.toBeInTheDocument();
  expect(screen.queryByText("Connecting...")).not.toBeInTheDocument();
  expect(screen.queryByText("Simulation")).not.toBeInTheDocument();
}

/**
 * One audio frame of the caller, as the SDK's onIncomingEvent passes it: `bytes` of 16 kHz PCM
 * and, when given, the alignment of `chars` (one time per character, ms from the chunk's start).
 */
function audioChunk(eventId: number, bytes: number, chars?: string, times?: number[]) {
  const alignment = chars === undefined ? undefined : { chars: [...chars], char_start_times_ms: times, char_durations_ms: times?.map(() => 50) };
  const frame = { type: "audio", audio_event: { audio_base_64: Buffer.alloc(bytes).toString("base64"), event_id: eventId, alignment } };
  act(() => sdkCallbacks().onIncomingEvent?.(frame as never));
}

/** A connected voice call with jest's fake timers (and clock) driving the page. */
async function connectVoiceCallOnFakeTimers() {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<CallWidget />);
  await connectCall(user);
  return user;
}

const agentLine = (message: string, eventId: number) => act(() => sdkCallbacks().onMessage?.({ message, role: "agent", source: "ai", event_id: eventId }));

const validDebrief = {
  scenario: "it-helpdesk-mfa-reset",
  title: "IT helpdesk MFA reset",
  outcome: "held-firm",
  tacticsUsed: [{ tactic: "urgency", line: "Your account locks in five minutes." }],
  moment: { kind: "held-firm", visitorSaid: "I will call the helpdesk myself.", summary: "You refused to read out the code." },
  nextTime: ["Never read out an MFA code."],
};

// --- phases --------------------------------------------------------------------------------

describe("call widget phases", () => {
  it("idle shows a green 'Start Call' and no badge", () => {
    renderWidget();
    expect(startButton()).toHaveClass("bg-green-700");
    expect(startButton()).toBeEnabled();
    expectIdle();
    expect(alertText()).toBe("");
  });

  it("pressing Start Call shows a disabled 'Connecting...' button and the yellow 'Connecting...' badge", async () => {
    getUserMedia.mockReturnValue(new Promise(() => {})); // the visitor has not answered the prompt yet
    const { user } = renderWidget();

    await user.click(startButton());

    expect(screen.getByRole("button", { name: "Connecting..." })).toBeDisabled();
    expect(screen.getByText("Connecting...", { selector: "span" })).toHaveClass("bg-yellow-300");
    expect(screen.getByText("Simulation")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reply by typing instead" })).not.toBeInTheDocument();
  });

  it("asks for the microphone before anything else", async () => {
    const { user } = renderWidget();
    await pressAndWaitForSession(user);

    expect(getUserMedia).toHaveBeenCalledWith({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
    expect(getUserMedia.mock.invocationCallOrder[0]).toBeLessThan(signedUrl.mock.invocationCallOrder[0]!);
    expect(signedUrl.mock.invocationCallOrder[0]).toBeLessThan(sdk.startSession.mock.invocationCallOrder[0]!);
  });

  it("starts the SDK session over a websocket with the signed URL", async () => {
    const { user } = renderWidget();
    await pressAndWaitForSession(user);

    expect(sessionOptions()).toMatchObject({ signedUrl: SIGNED_URL, connectionType: "websocket", textOnly: false });
  });

  it("session started shows the 'Connected' badge, a red 'End Call' and the 'Simulation' label", async () => {
    const { user } = renderWidget();
    await connectCall(user);

    expect(screen.getByText("Connected")).toHaveClass("bg-green-950");
    expect(screen.getByRole("button", { name: "End Call" })).toHaveClass("bg-red-700");
    expect(screen.getByRole("button", { name: "End Call" })).toBeEnabled();
    expect(screen.getByText("Simulation")).toBeInTheDocument();
    expect(screen.queryByText("Connecting...")).not.toBeInTheDocument();
  });

  it("End Call ends the SDK session, stops the microphone and returns to 'Start Call'", async () => {
    const { user } = renderWidget();
    await connectCall(user);

    await user.click(screen.getByRole("button", { name: "End Call" }));

    expect(sdk.endSession).toHaveBeenCalledTimes(1);
    expect(track.stop).toHaveBeenCalled();
    expectIdle();
    expect(alertText()).toBe("");
  });

  it("ignores the SDK's own disconnect report after End Call", async () => {
    const { user } = renderWidget();
    await connectCall(user);
    await user.click(screen.getByRole("button", { name: "End Call" }));

    act(() => sdkCallbacks().onDisconnect?.({ reason: "error", message: "late", context: { type: "close" } }));

    expect(alertText()).toBe("");
    expect(sdk.endSession).toHaveBeenCalledTimes(1);
  });

  it("disables the scenario picker during a call", async () => {
    const { user } = renderWidget();
    await connectCall(user);

    expect(screen.getByRole("radio", { name: /CEO urgent wire/ })).toBeDisabled();
  });
});

// --- the error catalogue -------------------------------------------------------------------

describe("call widget errors", () => {
  it.each([
    ["NotAllowedError", "Microphone access denied. Please allow microphone access and try again."],
    ["NotFoundError", "No microphone found. Please connect a microphone and try again."],
  ])("a microphone %s shows its message and returns to idle without asking for a signed URL", async (name, message) => {
    getUserMedia.mockRejectedValue(new DOMException("refused", name));
    const { user } = renderWidget();

    await user.click(startButton());

    await waitFor(() => expect(alertText()).toBe(message));
    expectIdle();
    expect(signedUrl).not.toHaveBeenCalled();
    expect(sdk.startSession).not.toHaveBeenCalled();
  });

  it("an insecure page says calls need https, without asking for the microphone", async () => {
    Object.defineProperty(window, "isSecureContext", { configurable: true, value: false });
    const { user } = renderWidget();

    await user.click(startButton());

    await waitFor(() => expect(alertText()).toBe("Calls need a secure connection. Open this page over https and try again."));
    expect(getUserMedia).not.toHaveBeenCalled();
    expectIdle();
  });

  it("a browser without getUserMedia is told it cannot make calls", async () => {
    Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: undefined });
    const { user } = renderWidget();

    await user.click(startButton());

    await waitFor(() => expect(alertText()).toBe("This browser cannot make calls. Try a recent Chrome, Edge, Firefox or Safari."));
    expectIdle();
  });

  it.each([
    ["a failed signed-URL request", new SignedUrlError("Failed to get signed URL: x"), "Failed to get signed URL: x"],
    ["an answer without a signed URL", new SignedUrlError("No signed URL received from server"), "No signed URL received from server"],
    ["any other rejection", new TypeError("fetch exploded"), "Failed to start conversation"],
  ])("%s shows its message, stops the microphone and returns to idle", async (_case, rejection, message) => {
    signedUrl.mockRejectedValue(rejection);
    const { user } = renderWidget();

    await user.click(startButton());

    await waitFor(() => expect(alertText()).toBe(message));
    expect(track.stop).toHaveBeenCalled();
    expect(sdk.startSession).not.toHaveBeenCalled();
    expectIdle();
  });

  it.each([
    ["Boom", "Boom"],
    ["", "Connection failed"],
  ])("onError(%j) during a call shows %j, ends the session, stops the microphone and returns to idle", async (sdkMessage, message) => {
    const { user } = renderWidget();
    await connectCall(user);

    act(() => sdkCallbacks().onError?.(sdkMessage));

    expect(alertText()).toBe(message);
    expect(sdk.endSession).toHaveBeenCalled();
    expect(track.stop).toHaveBeenCalled();
    expectIdle();
  });

  it("an SDK error caused by the microphone gets the microphone's message", async () => {
    const { user } = renderWidget();
    await connectCall(user);

    act(() => sdkCallbacks().onError?.("Could not open the microphone", new DOMException("in use", "NotReadableError")));

    expect(alertText()).toBe("Your microphone is being used by another app. Close it there and try again.");
    expectIdle();
  });

  it.each([
    [{ reason: "error", message: "The connection was closed by the server.", context: { type: "close" } }, "The connection was closed by the server."],
    [{ reason: "error", message: "", context: { type: "error" } }, "The connection was closed due to a socket error."],
  ] as const)("onDisconnect(%j) shows %j, stops the microphone and returns to idle", async (details, message) => {
    const { user } = renderWidget();
    await connectCall(user);

    act(() => sdkCallbacks().onDisconnect?.(details));

    expect(alertText()).toBe(message);
    expect(track.stop).toHaveBeenCalled();
    expectIdle();
  });

  it("onDisconnect({reason:'agent'}) returns to idle without an error and says the call ended", async () => {
    const { user } = renderWidget();
    await connectCall(user);

    act(() => sdkCallbacks().onDisconnect?.({ reason: "agent" }));

    expect(alertText()).toBe("");
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByText("Call ended")).toBeInTheDocument();
    expectIdle();
  });

  it("a recoverable SDK error keeps the call connected", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const { user } = renderWidget();
    await connectCall(user);

    act(() => sdkCallbacks().onError?.("Client tool with name x is not defined on client"));

    expect(screen.getByRole("button", { name: "End Call" })).toBeInTheDocument();
    expect(screen.getByText("Connected")).toBeInTheDocument();
    expect(alertText()).toBe("");
    expect(sdk.endSession).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Client tool with name x"));
  });

  it("a call that never connects gives up after 20 seconds with 'Connection failed'", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<CallWidget />);
    await pressAndWaitForSession(user);

    // The 20 s count from the signed URL's arrival; waiting for the session above took a few fake ticks.
    act(() => jest.advanceTimersByTime(19_500));
    expect(screen.getByRole("button", { name: "Connecting..." })).toBeDisabled();
    act(() => jest.advanceTimersByTime(500));

    expect(alertText()).toBe("Connection failed");
    // The pending start is abandoned (its socket closed by the signal), so a retry starts afresh.
    expect(sessionOptions().signal.aborted).toBe(true);
    expect(track.stop).toHaveBeenCalled();
    expectIdle();
  });

  it("a retry after the connect timeout starts a new session on a fresh SDK provider", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<CallWidget />);
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

  it("a new call clears the previous error", async () => {
    signedUrl.mockRejectedValueOnce(new SignedUrlError("No signed URL received from server"));
    const { user } = renderWidget();
    await user.click(startButton());
    await waitFor(() => expect(alertText()).toBe("No signed URL received from server"));

    await pressAndWaitForSession(user);

    expect(alertText()).toBe("");
  });

  it("microphone refusal shows the browser-specific steps to re-allow it", async () => {
    jest.spyOn(window.navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0");
    getUserMedia.mockRejectedValue(new DOMException("refused", "NotAllowedError"));
    const { user } = renderWidget();

    await user.click(startButton());

    const help = await screen.findByTestId("call-microphone-help");
    expect(within(help).getByRole("heading")).toHaveTextContent("How to allow the microphone (Firefox)");
    expect(help).toHaveTextContent("Click the crossed-out microphone icon in the address bar.");
  });

  it("a missing microphone does not show the re-allow steps", async () => {
    getUserMedia.mockRejectedValue(new DOMException("none", "NotFoundError"));
    const { user } = renderWidget();

    await user.click(startButton());

    await waitFor(() => expect(alertText()).toBe("No microphone found. Please connect a microphone and try again."));
    expect(screen.queryByTestId("call-microphone-help")).not.toBeInTheDocument();
  });
});

// --- channel and scenario ------------------------------------------------------------------

describe("call widget start options", () => {
  it("'Reply by typing instead' never calls getUserMedia and starts with textOnly true", async () => {
    const { user } = renderWidget();
    await pressAndWaitForSession(user, "Reply by typing instead");

    expect(getUserMedia).not.toHaveBeenCalled();
    expect(sessionOptions()).toMatchObject({ signedUrl: SIGNED_URL, textOnly: true });
  });

  it("a typed call has no mute button and puts the focus in the reply box", async () => {
    const { user } = renderWidget();
    await connectCall(user, "Reply by typing instead");

    expect(screen.queryByRole("button", { name: "Mute microphone" })).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Type a reply" })).toHaveFocus();
  });

  it("asks for the default scenario with the site's anon key", async () => {
    const { user } = renderWidget();
    await pressAndWaitForSession(user);

    expect(signedUrl).toHaveBeenCalledWith({
      supabaseUrl: publicEnv.NEXT_PUBLIC_SUPABASE_URL ?? window.location.origin,
      anonKey: publicEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY,
      scenario: "it-helpdesk-mfa-reset",
      signal: expect.any(AbortSignal),
    });
  });

  it("the chosen scenario reaches requestSignedUrl", async () => {
    const { user } = renderWidget();
    await user.click(screen.getByRole("radio", { name: /CEO urgent wire/ }));

    await pressAndWaitForSession(user);

    expect(signedUrl).toHaveBeenCalledWith(expect.objectContaining({ scenario: "ceo-urgent-wire" }));
  });
});

// --- during a call -------------------------------------------------------------------------

describe("call widget during a call", () => {
  it("a typed call captions the caller's lines whole as they arrive, and the visitor's, in the log region", async () => {
    const { user } = renderWidget();
    await connectCall(user, "Reply by typing instead");

    agentLine("Hello, this is the IT helpdesk.", 1);
    act(() => sdkCallbacks().onMessage?.({ message: "Who is this?", role: "user", source: "user", event_id: 2 }));

    expect(captionLines()).toEqual(["Caller: Hello, this is the IT helpdesk.", "You: Who is this?"]);
  });

  it("a voice call shows the caller's line only as its audio plays, word by word, and logs it once when it has played", async () => {
    await connectVoiceCallOnFakeTimers();
    const spoken = () => screen.queryByTestId("call-caption-spoken")?.textContent ?? "";

    act(() => sdkCallbacks().onConversationMetadata?.({ conversation_id: "c", agent_output_audio_format: "pcm_16000", user_input_audio_format: "pcm_16000" }));
    agentLine("Hello there, this is IT.", 1);
    act(() => jest.advanceTimersByTime(500));
    expect(spoken()).toBe("");
    expect(captionLines()).toEqual([]);

    // 1 s of audio (32,000 bytes of 16 kHz PCM) whose alignment puts "there," at 400 ms.
    audioChunk(1, 32_000, "Hello there, ", [0, 50, 100, 150, 200, 250, 400, 450, 500, 550, 600, 650, 700]);
    act(() => jest.advanceTimersByTime(200));
    expect(spoken()).toBe("Caller: Hello");
    act(() => jest.advanceTimersByTime(300));
    expect(spoken()).toBe("Caller: Hello there,");
    expect(captionLines()).toEqual([]);

    // The next chunk plays after the first one: its words start at 1 s.
    audioChunk(1, 32_000, "this is IT.", [0, 50, 100, 150, 200, 300, 350, 400, 500, 550, 600]);
    act(() => jest.advanceTimersByTime(400));
    expect(spoken()).toBe("Caller: Hello there,");
    act(() => jest.advanceTimersByTime(500));
    expect(spoken()).toBe("Caller: Hello there, this is");
    act(() => jest.advanceTimersByTime(100));
    expect(spoken()).toBe("Caller: Hello there, this is IT.");

    act(() => sdkCallbacks().onModeChange?.({ mode: "listening" }));
    expect(spoken()).toBe("");
    expect(captionLines()).toEqual(["Caller: Hello there, this is IT."]);
  });

  it("a voice call without alignment shows the caller's line whole once its audio starts, never before", async () => {
    await connectVoiceCallOnFakeTimers();
    agentLine("Hello there, this is IT.", 1);
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.queryByTestId("call-caption-spoken")).not.toBeInTheDocument();

    audioChunk(1, 16_000);
    act(() => jest.advanceTimersByTime(200));

    expect(screen.getByTestId("call-caption-spoken")).toHaveTextContent("Caller: Hello there, this is IT.");
    expect(screen.getByTestId("call-caption-spoken")).toHaveAttribute("aria-hidden", "true");
  });

  it("a caller line in a voice call that never gets audio is logged whole after four seconds", async () => {
    await connectVoiceCallOnFakeTimers();
    agentLine("Are you still there?", 3);

    act(() => jest.advanceTimersByTime(4_000));

    expect(captionLines()).toEqual(["Caller: Are you still there?"]);
  });

  it("audio older than the last interruption does not reopen the caller's line", async () => {
    await connectVoiceCallOnFakeTimers();
    agentLine("Read me the code from your phone.", 2);
    audioChunk(2, 8_000, "Read me ", [0, 50, 100, 150, 200, 250, 300, 350]);
    act(() => jest.advanceTimersByTime(400));
    act(() => {
      sdkCallbacks().onInterruption?.({ event_id: 3 });
      sdkCallbacks().onAgentResponseCorrection?.({ original_agent_response: "Read me the code from your phone.", corrected_agent_response: "Read me", event_id: 2 });
      sdkCallbacks().onModeChange?.({ mode: "listening" });
    });
    audioChunk(2, 8_000, "the code ", [0, 50, 100, 150, 200, 250, 300, 350, 400]);
    act(() => jest.advanceTimersByTime(1_000));

    expect(captionLines()).toEqual(["Caller: Read me"]);
    expect(screen.queryByTestId("call-caption-spoken")).not.toBeInTheDocument();
  });

  it("captions a typed reply once even when the agent echoes it as a user transcript", async () => {
    const { user } = renderWidget();
    await connectCall(user);

    await user.type(screen.getByRole("textbox", { name: "Type a reply" }), "  My code is 123456  {Enter}");
    act(() => sdkCallbacks().onMessage?.({ message: "my code is 123456.", role: "user", source: "user", event_id: 3 }));

    expect(sdk.sendUserMessage).toHaveBeenCalledWith("My code is 123456");
    expect(captionLines()).toEqual(["You: My code is 123456"]);
  });

  it("agent_response_correction replaces the caption text", async () => {
    const { user } = renderWidget();
    await connectCall(user, "Reply by typing instead");
    agentLine("I need your code right now, and your password too.", 4);

    act(() =>
      sdkCallbacks().onAgentResponseCorrection?.({
        original_agent_response: "I need your code right now, and your password too.",
        corrected_agent_response: "I need your code right now",
        event_id: 4,
      }),
    );

    expect(captionLines()).toEqual(["Caller: I need your code right now"]);
  });

  it("the debrief client tool with a valid debrief shows the debrief and returns a string", async () => {
    const { user } = renderWidget();
    await connectCall(user);
    const tool = sessionOptions().clientTools[DEBRIEF_TOOL_NAME]!;

    let result: unknown;
    act(() => {
      result = tool(validDebrief);
    });

    expect(result).toEqual(expect.stringMatching(/\S/));
    const card = await screen.findByTestId("call-debrief");
    expect(card).toHaveTextContent("Red-flag debrief: IT helpdesk MFA reset");
    expect(card).toHaveTextContent("You held firm");
  });

  it("the debrief client tool throws on malformed parameters, so the SDK answers with an error result", async () => {
    const { user } = renderWidget();
    await connectCall(user);
    const tool = sessionOptions().clientTools[DEBRIEF_TOOL_NAME]!;

    expect(() => tool({ ...validDebrief, outcome: "won" })).toThrow();
    expect(screen.queryByTestId("call-debrief")).not.toBeInTheDocument();
  });

  it("on WebKit, Start Call unlocks audio inside the tap, before the microphone prompt, and hands it to the SDK", async () => {
    const created: { state: string; close: jest.Mock; resumed: boolean }[] = [];
    class FakeAudioContext {
      sampleRate = 48_000;
      state = "suspended";
      destination = {};
      resumed = false;
      close = jest.fn(async () => {
        this.state = "closed";
      });
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
    getUserMedia.mockImplementation(() => {
      // The microphone prompt opens after the context exists and was resumed: both inside the tap.
      expect(created).toHaveLength(1);
      expect(created[0]!.resumed).toBe(true);
      return Promise.resolve({ getTracks: () => [track] });
    });
    const { user } = renderWidget();

    await pressAndWaitForSession(user);
    expect(sessionOptions().audioContext).toBe(created[0]);

    act(() => sdkCallbacks().onConnect?.({ conversationId: "conversation-1" }));
    await user.click(await screen.findByRole("button", { name: "End Call" }));
    expect(created[0]!.close).toHaveBeenCalled();
    Reflect.deleteProperty(window, "AudioContext");
  });

  it("elsewhere, and for typed calls, the SDK gets no context of the page's", async () => {
    const { user } = renderWidget();
    await pressAndWaitForSession(user);
    expect(sessionOptions().audioContext).toBeUndefined();
  });

  it("the page defines no client tool but the debrief", async () => {
    const { user } = renderWidget();
    await pressAndWaitForSession(user);

    expect(Object.keys(sessionOptions().clientTools)).toEqual([DEBRIEF_TOOL_NAME]);
  });

  it("mute toggles the SDK's microphone and aria-pressed", async () => {
    const { user } = renderWidget();
    await connectCall(user);

    await user.click(screen.getByRole("button", { name: "Mute microphone" }));
    expect(sdk.setMuted).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole("button", { name: "Unmute microphone" })).toHaveAttribute("aria-pressed", "true");

    await user.click(screen.getByRole("button", { name: "Unmute microphone" }));
    expect(sdk.setMuted).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole("button", { name: "Mute microphone" })).toHaveAttribute("aria-pressed", "false");
  });

  it("feedback like sends sendFeedback(true, event id of the last agent line) and disables both buttons", async () => {
    const { user } = renderWidget();
    await connectCall(user, "Reply by typing instead");
    agentLine("Read me the code.", 6);
    agentLine("Quickly, please.", 7);
    act(() => sdkCallbacks().onCanSendFeedbackChange?.({ canSendFeedback: true }));

    const group = screen.getByRole("group", { name: "Rate the caller's last line" });
    await user.click(within(group).getByRole("button", { name: "Good reply" }));

    expect(sdk.sendFeedback).toHaveBeenCalledTimes(1);
    expect(sdk.sendFeedback).toHaveBeenCalledWith(true, 7);
    expect(within(group).getByRole("button", { name: "Good reply" })).toBeDisabled();
    expect(within(group).getByRole("button", { name: "Bad reply" })).toBeDisabled();
  });

  it("offers feedback when the SDK allows it just before onConnect, as the real SDK does", async () => {
    const { user } = renderWidget();
    await pressAndWaitForSession(user, "Reply by typing instead");
    act(() => {
      sdkCallbacks().onCanSendFeedbackChange?.({ canSendFeedback: true });
      sdkCallbacks().onConnect?.({ conversationId: "conversation-1" });
    });
    await screen.findByRole("button", { name: "End Call" });
    agentLine("Read me the code.", 6);

    expect(screen.getByRole("group", { name: "Rate the caller's last line" })).toBeInTheDocument();
  });

  it("offers no feedback until the SDK allows it", async () => {
    const { user } = renderWidget();
    await connectCall(user);
    agentLine("Read me the code.", 6);

    expect(screen.queryByRole("group", { name: "Rate the caller's last line" })).not.toBeInTheDocument();
  });

  it("the call timer counts down from the configured limit", async () => {
    jest.replaceProperty(publicEnv, "NEXT_PUBLIC_CALL_LIMIT_SECONDS", 90);
    await connectVoiceCallOnFakeTimers();
    const timer = screen.getByRole("timer", { name: "Time left in this call" });
    expect(timer).toHaveTextContent("1:30");

    act(() => jest.advanceTimersByTime(5_000));

    expect(timer).toHaveTextContent("1:25");
  });

  it("the call timer starts at the default limit of 180 seconds", async () => {
    const { user } = renderWidget();
    await connectCall(user);

    expect(publicEnv.NEXT_PUBLIC_CALL_LIMIT_SECONDS).toBe(180);
    expect(screen.getByRole("timer", { name: "Time left in this call" })).toHaveTextContent("3:00");
  });
});

// --- unmounting ----------------------------------------------------------------------------

describe("call widget unmounting", () => {
  it("unmounting during a call stops the microphone", async () => {
    const { user, unmount } = renderWidget();
    await connectCall(user);

    unmount();

    expect(track.stop).toHaveBeenCalled();
  });

  // Enter on a scenario radio submits the form without hovering or focusing Start Call,
  // so the call engine is not preloaded when the microphone prompt opens. Fails today: after
  // the unmount the engine is never rendered, begin() waits for its controls forever (having
  // already requested a signed URL) and the granted stream is never stopped.
  it("unmounting while the microphone prompt is open releases the microphone once it is granted", async () => {
    let grant: (stream: MediaStream) => void = () => {};
    getUserMedia.mockReturnValue(new Promise<MediaStream>((resolve) => (grant = resolve)));
    const { user, unmount } = renderWidget();
    await user.click(screen.getByRole("radio", { name: /HR payroll update/ }));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled());

    unmount();
    grant({ getTracks: () => [track] } as unknown as MediaStream);

    await waitFor(() => expect(track.stop).toHaveBeenCalled());
  });
});
