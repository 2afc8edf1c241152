/**
 * What the call widget's unit tests share. The voice SDK (@elevenlabs/react) and the signed-URL
 * request are faked at their module edges; everything between them and the page (the
 * controller, the on-intent call engine with its SDK callback mapping and client tool, the
 * live panel and the reducer) is the real code. Each test file mocks the two modules first, and
 * importing this module gives each of its tests fresh fakes (a secure page, a granted
 * microphone, a signed URL):
 *
 *   jest.mock("@elevenlabs/react", () => jest.requireActual("./support/fake-voice-sdk"));
 *   jest.mock("@/lib/call/signed-url-client", () => jest.requireActual("./support/fake-signed-url-client"));
 *
 * What a visitor sees of a call in a real browser with the real SDK is tested end to end
 * (tests/e2e/call-widget*.spec.ts); these tests cover what those cannot reach cheaply: the
 * order of the start, rare errors, timers and races.
 */
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import type { HookCallbacks } from "@elevenlabs/react";
import { CallWidget } from "@/components/call-widget/call-widget";
import { requestSignedUrl } from "@/lib/call/signed-url-client";
import { sdk } from "./fake-voice-sdk";

export { sdk };
export const signedUrl = jest.mocked(requestSignedUrl);
const SIGNED_URL = "wss://voice.example/v1/convai/conversation?token=abc";

/** The visitor's microphone, granted at once unless a test says otherwise; fresh for every test. */
export const media = { track: { stop: jest.fn() }, getUserMedia: jest.fn() };

export const streamOf = (track: { stop: jest.Mock }) => ({ getTracks: () => [track] }) as unknown as MediaStream;

beforeEach(() => {
  jest.clearAllMocks();
  sdk.callbacks = null;
  sdk.getInputVolume.mockReturnValue(0);
  signedUrl.mockResolvedValue(SIGNED_URL);
  media.track = { stop: jest.fn() };
  media.getUserMedia = jest.fn().mockResolvedValue(streamOf(media.track));
  Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia: media.getUserMedia } });
  Object.defineProperty(window, "isSecureContext", { configurable: true, value: true });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

export const startButton = () => screen.getByRole("button", { name: "Start Call" });
export const alertText = () => screen.getByRole("alert").textContent;
export const captionLines = () =>
  within(screen.getByRole("log", { name: "Live captions" }))
    .queryAllByRole("listitem")
    .filter((item) => item.hasAttribute("data-speaker"))
    .map((item) => item.textContent);

/** The widget, with a user-event session; on jest's fake timers (and clock) when asked. */
export function renderWidget({ fakeTimers = false } = {}) {
  if (fakeTimers) jest.useFakeTimers();
  const user = userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
  return { user, ...render(<CallWidget />) };
}

/**
 * The callbacks the page handed to the SDK: the current ConversationProvider's, with the
 * onConnect it passed to startSession, composed as the real provider composes them.
 */
export function sdkCallbacks(): HookCallbacks {
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
export function sessionOptions(): {
  /** A promise while the page's request is out: the session sets its audio up meanwhile. */
  signedUrl: string | Promise<string>;
  /** The microphone the page asked for (a voice call on the default microphone). */
  inputStream?: Promise<MediaStream>;
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
export async function pressAndWaitForSession(user: UserEvent, name = "Start Call") {
  await user.click(screen.getByRole("button", { name }));
  await waitFor(() => expect(sdk.startSession).toHaveBeenCalledTimes(1));
}

/** A call that reached the SDK's onConnect. */
async function connectCall(user: UserEvent, name = "Start Call") {
  await pressAndWaitForSession(user, name);
  act(() => sdkCallbacks().onConnect?.({ conversationId: "conversation-1" }));
  await screen.findByRole("button", { name: "End Call" });
}

/** The widget with a call connected from `button`; on jest's fake timers (and clock) when asked. */
export async function renderConnectedCall({ button = "Start Call", fakeTimers = false } = {}) {
  const rendered = renderWidget({ fakeTimers });
  await connectCall(rendered.user, button);
  return rendered;
}

export function expectIdle() {
  expect(startButton()).toBeEnabled();
  expect(screen.queryByText("Connected")).not.toBeInTheDocument();
  expect(screen.queryByText("Connecting...")).not.toBeInTheDocument();
  expect(screen.queryByText("Simulation")).not.toBeInTheDocument();
}

/** A call stopped by a failure: its message shown, the microphone released, the widget back to idle. */
export async function expectStoppedWith(message: string) {
  await waitFor(() => expect(alertText()).toBe(message));
  expect(media.track.stop).toHaveBeenCalled();
  expectIdle();
}

/**
 * One audio frame of the caller, as the SDK's onIncomingEvent passes it: `bytes` of 16 kHz PCM
 * and, when given, the alignment of `chars` (one time per character, ms from the chunk's start).
 */
export function audioChunk(eventId: number, bytes: number, chars?: string, times?: number[]) {
  const alignment = chars === undefined ? undefined : { chars: [...chars], char_start_times_ms: times, char_durations_ms: times?.map(() => 50) };
  const frame = { type: "audio", audio_event: { audio_base_64: Buffer.alloc(bytes).toString("base64"), event_id: eventId, alignment } };
  act(() => sdkCallbacks().onIncomingEvent?.(frame as never));
}

export const agentLine = (message: string, eventId: number) => act(() => sdkCallbacks().onMessage?.({ message, role: "agent", source: "ai", event_id: eventId }));
