/**
 * The call widget's one state machine (docs/call-widget.md, "The call machine"): a press of
 * Start Call, Reply by typing, Call again or Continue by voice makes an attempt, which asks for
 * the microphone and the call chunk at once, then for the signed URL while its session sets up,
 * until the call connects, and ends one of the ways in CallEnding. `step` is pure: it returns the
 * next state and the effects the runner (components/call-widget/call-runner.ts) performs, and the
 * runner reports what those effects bring back as further events, each tagged with its attempt,
 * so nothing from an attempt that is no longer current can move the call.
 *
 * What the visitor reads of a call (captions, the caller's line, the debrief) is the
 * transcript reducer's (call-state.ts), which this machine feeds.
 */
import type { ScenarioId } from "@mockingbird/contract/scenarios";
import { callWidgetText as text } from "@/content/call/shell";
import { initialCallState, type CallChannel, type CallEvent, type CallReducer, type CallState, type FeedbackValue } from "./call-lifecycle";

/** The call the visitor asked for: what Call again and Continue by voice start again without asking. */
export type CallPlan = { readonly channel: CallChannel; readonly scenario: ScenarioId };

/** How a connected call ended; each has its words (content/call/live.ts) and leads to a debrief. */
export const callEndings = ["visitor", "caller", "time-limit", "silence", "dropped", "error"] as const;
export type CallEnding = (typeof callEndings)[number];

/** Where an attempt is: waiting for the call chunk and the microphone, waiting for its session (the signed URL asked for), or connected. */
export type AttemptStep = "starting" | "session" | "connected";

export type Attempt = {
  readonly id: number;
  readonly channel: CallChannel;
  readonly step: AttemptStep;
  /** A voice call's microphone is open, or the browser already allows it; a typed call needs none. */
  readonly microphone: boolean;
  /** The call chunk (the SDK and the signed-URL client) has loaded. */
  readonly engine: boolean;
  /** Automatic retries used before connecting. */
  readonly retries: number;
  /** Kept so a socket that failed before its session is opened again without a second request. */
  readonly signedUrl: string | null;
};

export type MachineState = {
  /** What the visitor sees of the call. */
  call: CallState;
  attempt: Attempt | null;
  nextAttemptId: number;
  plan: CallPlan | null;
  /** "retrying": a failure before connecting is being retried; "dropped": the last call's socket dropped mid-call. */
  recovery: "none" | "retrying" | "dropped";
  /** A voice call the visitor is typing in: its microphone muted and its controls hidden. */
  typingInstead: boolean;
  /** How the last connected call ended; null while none has ended since the last start. */
  ending: CallEnding | null;
  debriefClosed: boolean;
};

/** Why a session stopped, as the call chunk classified it (lib/call/connect-retry.ts, session-errors.ts). */
export type SessionStop =
  /** Before the session started: its signed-URL request or its socket failed; transient failures may be retried. */
  | { readonly stage: "signed-url" | "socket"; readonly transient: boolean }
  | { readonly stage: "call"; readonly ending: CallEnding };

export type MachineEvent =
  /** Start Call, Reply by typing instead, Call again. */
  | { type: "start"; channel: CallChannel; scenario: ScenarioId }
  /** A typed call becomes a voice call (a new session: the protocol fixes a call's modality when it starts). */
  | { type: "continue-by-voice" }
  /** End Call, or the page going away. */
  | { type: "end" }
  | { type: "microphone-opened"; attempt: number }
  /** The browser says the microphone is allowed already: its prompt will not be shown, so it cannot be refused. */
  | { type: "microphone-allowed"; attempt: number }
  | { type: "engine-loaded"; attempt: number }
  | { type: "signed-url"; attempt: number; url: string }
  /** A start step failed (the message is in the catalogue's words); `stop` when the call chunk could classify it. */
  | { type: "failed"; attempt: number; message: string; stop?: SessionStop }
  | { type: "retry-due"; attempt: number }
  | { type: "connected"; attempt: number; at: number }
  /** The session stopped: `error` null when it ended normally (either side hung up). */
  | { type: "stopped"; attempt: number; error: string | null; stop?: SessionStop }
  | { type: "connect-timeout"; attempt: number }
  | { type: "audio-output-failed"; attempt: number }
  /** What the session reports of the call itself: lines, audio, the debrief. */
  | { type: "session"; attempt: number; event: CallEvent }
  | { type: "toggle-mute" }
  | { type: "type-instead"; typing: boolean }
  | { type: "send-text"; text: string }
  | { type: "rate"; eventId: number; value: FeedbackValue }
  | { type: "notice"; text: string }
  | { type: "close-debrief" };

export type Effect =
  /** A new attempt begins: it takes the audio output unlocked in the visitor's tap, if any (a press that begins none closes it). */
  | { type: "begin"; attempt: number }
  | { type: "open-microphone"; attempt: number }
  | { type: "load-engine"; attempt: number }
  /** The call chunk is wanted soon (the microphone help it shows, a retry): loaded without waiting for it. */
  | { type: "preload" }
  /** From the request on, the call connects within the connect timeout or stops. */
  | { type: "request-signed-url"; attempt: number; scenario: ScenarioId }
  /**
   * Mounts a fresh session for the attempt. With no signed URL yet, it sets its audio up and waits
   * for the URL (give-signed-url); with one (a failed socket opened again), under the connect timeout.
   */
  | { type: "open-session"; attempt: number; signedUrl: string | null; textOnly: boolean }
  | { type: "give-signed-url"; attempt: number; url: string }
  | { type: "close-session"; attempt: number }
  | { type: "wait-retry"; attempt: number; ms: number }
  | { type: "connected"; attempt: number }
  /** Everything of the attempt stops: its session, microphone, audio output and timers. */
  | { type: "dispose"; attempt: number }
  | { type: "set-muted"; muted: boolean }
  | { type: "send-text"; text: string }
  | { type: "send-feedback"; like: boolean; eventId: number };

export type Step = { state: MachineState; effects: Effect[] };

/** One automatic retry per press: a second failure is the visitor's to judge, with the reason shown. */
export const MAX_AUTOMATIC_RETRIES = 1;
/** Long enough for a dropped network or a restarting server to come back, short enough to feel like one connect. */
export const RETRY_DELAY_MS = 1_000;

export const initialMachine: MachineState = {
  call: initialCallState,
  attempt: null,
  nextAttemptId: 1,
  plan: null,
  recovery: "none",
  typingInstead: false,
  ending: null,
  debriefClosed: false,
};

const stay = (state: MachineState): Step => ({ state, effects: [] });
const isCurrent = (state: MachineState, attempt: number) => state.attempt?.id === attempt;

function begin(state: MachineState, plan: CallPlan, reduce: CallReducer): Step {
  const voice = plan.channel === "voice";
  const attempt: Attempt = { id: state.nextAttemptId, channel: plan.channel, step: "starting", microphone: !voice, engine: false, retries: 0, signedUrl: null };
  const next: MachineState = {
    ...state,
    call: reduce(state.call, { type: "start", channel: plan.channel }),
    attempt,
    nextAttemptId: attempt.id + 1,
    plan,
    recovery: "none",
    typingInstead: false,
    ending: null,
    debriefClosed: false,
  };
  const id = attempt.id;
  // The microphone and the call chunk at once: neither waits for the other.
  const effects: Effect[] = voice ? [{ type: "begin", attempt: id }, { type: "open-microphone", attempt: id }, { type: "load-engine", attempt: id }] : [{ type: "begin", attempt: id }, { type: "load-engine", attempt: id }];
  return { state: next, effects };
}

/**
 * A start step came in. The session opens as soon as the call chunk has loaded, and sets its audio
 * up while the rest comes: the microphone, the signed URL. The signed URL is asked for once the
 * chunk has loaded and the microphone is open or allowed: a microphone the visitor may still
 * refuse holds the request back, so a refusal costs no signed URL against the visitor's limits.
 */
function started(state: MachineState, attempt: Attempt, done: Partial<Pick<Attempt, "microphone" | "engine">>): Step {
  const next = { ...attempt, ...done };
  const effects: Effect[] = next.engine && !attempt.engine ? [{ type: "open-session", attempt: attempt.id, signedUrl: null, textOnly: attempt.channel === "typed" }] : [];
  if (!next.microphone || !next.engine) return { state: { ...state, attempt: next }, effects };
  return { state: { ...state, attempt: { ...next, step: "session" } }, effects: [{ type: "request-signed-url", attempt: attempt.id, scenario: state.plan!.scenario }, ...effects] };
}

/** The attempt stops, for any reason; a connected call's ending is kept for its debrief. */
function finish(state: MachineState, error: string | null, ending: CallEnding | null, reduce: CallReducer): Step {
  const attempt = state.attempt;
  if (!attempt) return stay(state);
  const connected = attempt.step === "connected";
  const next: MachineState = {
    ...state,
    call: reduce(state.call, error === null ? { type: "ended" } : { type: "failed", message: error }),
    attempt: null,
    recovery: connected && ending === "dropped" && state.plan !== null ? "dropped" : "none",
    typingInstead: false,
    ending: connected ? ending : null,
  };
  return { state: next, effects: [{ type: "dispose", attempt: attempt.id }] };
}

/**
 * A failure before the call connects: retried once when transient, else the call stops with it.
 * A failed socket is opened again with the same signed URL: no second signed-URL request, so
 * nothing more counts against the visitor's limits and the limiter cannot refuse it (the link
 * lives 15 minutes; the service lets a link be opened again, and the local agent gives one back
 * when its socket closed before the call started).
 */
function failedBeforeConnecting(state: MachineState, attempt: Attempt, message: string, stop: SessionStop | undefined, reduce: CallReducer): Step {
  const retry = stop !== undefined && stop.stage !== "call" && stop.transient && attempt.retries < MAX_AUTOMATIC_RETRIES;
  if (!retry) return { ...finish(state, message, null, reduce), effects: [{ type: "preload" }, { type: "dispose", attempt: attempt.id }] };
  const retrying: Attempt = { ...attempt, retries: attempt.retries + 1 };
  const effects: Effect[] = stop.stage === "socket" ? [{ type: "close-session", attempt: attempt.id }] : [];
  return { state: { ...state, attempt: retrying, recovery: "retrying" }, effects: [...effects, { type: "wait-retry", attempt: attempt.id, ms: RETRY_DELAY_MS }] };
}

/**
 * `reduce` is what shows the call: the lifecycle alone until the call chunk has loaded, then the
 * chunk's transcript reducer (call-state.ts), so the page's own JavaScript carries no caption logic.
 */
export function step(state: MachineState, event: MachineEvent, reduce: CallReducer): Step {
  const attempt = state.attempt;
  switch (event.type) {
    case "start":
      if (attempt) return stay(state);
      return begin(state, { channel: event.channel, scenario: event.scenario }, reduce);
    case "continue-by-voice": {
      if (!state.plan) return stay(state);
      // In one step, so the widget goes from the typed call to connecting without showing it ended.
      const stopped = attempt ? { ...state, attempt: null, call: reduce(state.call, { type: "ended" }) } : state;
      const started = begin(stopped, { channel: "voice", scenario: state.plan.scenario }, reduce);
      return { state: started.state, effects: [...(attempt ? [{ type: "dispose", attempt: attempt.id } as const] : []), ...started.effects] };
    }
    case "end":
      return attempt ? finish(state, null, "visitor", reduce) : stay(state);
    case "microphone-opened":
    case "microphone-allowed":
    case "engine-loaded":
      if (!attempt || !isCurrent(state, event.attempt) || attempt.step !== "starting") return stay(state);
      return started(state, attempt, event.type === "engine-loaded" ? { engine: true } : { microphone: true });
    case "signed-url":
      if (!attempt || !isCurrent(state, event.attempt) || attempt.step !== "session" || attempt.signedUrl !== null) return stay(state);
      return { state: { ...state, attempt: { ...attempt, signedUrl: event.url } }, effects: [{ type: "give-signed-url", attempt: attempt.id, url: event.url }] };
    case "retry-due":
      if (!attempt || !isCurrent(state, event.attempt) || attempt.step !== "session") return stay(state);
      // Still without a signed URL, the open session waits for the request's retry; else the socket failed and opens again.
      return {
        state,
        effects: [
          attempt.signedUrl === null
            ? { type: "request-signed-url", attempt: attempt.id, scenario: state.plan!.scenario }
            : { type: "open-session", attempt: attempt.id, signedUrl: attempt.signedUrl, textOnly: attempt.channel === "typed" },
        ],
      };
    case "failed":
      if (!attempt || !isCurrent(state, event.attempt)) return stay(state);
      return attempt.step === "connected" ? finish(state, event.message, "error", reduce) : failedBeforeConnecting(state, attempt, event.message, event.stop, reduce);
    case "connected":
      if (!attempt || !isCurrent(state, event.attempt) || attempt.step !== "session") return stay(state);
      return {
        state: { ...state, attempt: { ...attempt, step: "connected" }, recovery: "none", call: reduce(state.call, { type: "connected", at: event.at }) },
        effects: [{ type: "connected", attempt: attempt.id }],
      };
    case "stopped": {
      if (!attempt || !isCurrent(state, event.attempt)) return stay(state);
      if (attempt.step !== "connected") return failedBeforeConnecting(state, attempt, event.error ?? "", event.stop, reduce);
      return finish(state, event.error, event.stop?.stage === "call" ? event.stop.ending : event.error === null ? "caller" : "error", reduce);
    }
    case "connect-timeout":
      return attempt && isCurrent(state, event.attempt) && attempt.step !== "connected" ? finish(state, text.errors.connectionFailed, null, reduce) : stay(state);
    case "audio-output-failed":
      return attempt && isCurrent(state, event.attempt) ? finish(state, text.errors.audioOutputFailed, attempt.step === "connected" ? "error" : null, reduce) : stay(state);
    case "session":
      return isCurrent(state, event.attempt) ? stay({ ...state, call: reduce(state.call, event.event) }) : stay(state);
    case "toggle-mute": {
      if (state.call.phase !== "connected") return stay(state);
      const muted = !state.call.muted;
      return { state: { ...state, call: reduce(state.call, { type: "muted", muted }) }, effects: [{ type: "set-muted", muted }] };
    }
    case "type-instead": {
      // A typed call has no microphone to mute; Talk instead always may come back.
      if (event.typing && (state.plan?.channel !== "voice" || state.recovery !== "none" || state.call.phase !== "connected")) return stay(state);
      const call = reduce(state.call, { type: "muted", muted: event.typing });
      return { state: { ...state, call, typingInstead: event.typing }, effects: [{ type: "set-muted", muted: event.typing }] };
    }
    case "send-text": {
      const text = event.text.trim();
      if (state.call.phase !== "connected" || text === "") return stay(state);
      return { state: { ...state, call: reduce(state.call, { type: "typed", text }) }, effects: [{ type: "send-text", text }] };
    }
    case "rate":
      if (state.call.phase !== "connected") return stay(state);
      return { state: { ...state, call: reduce(state.call, { type: "feedback-sent", eventId: event.eventId, value: event.value }) }, effects: [{ type: "send-feedback", like: event.value === "like", eventId: event.eventId }] };
    case "notice":
      return stay({ ...state, call: reduce(state.call, { type: "notice", text: event.text }) });
    case "close-debrief":
      return stay({ ...state, debriefClosed: true });
  }
}

/** Call again is offered once a call dropped, until another call starts. */
export function canCallAgain(state: MachineState): boolean {
  return state.recovery === "dropped" && state.plan !== null;
}

/** A debrief is to be shown: the caller's own as soon as it comes, else the widget's once a connected call ended (debrief-view.ts). */
export function hasDebrief(state: MachineState): boolean {
  if (state.debriefClosed) return false;
  return state.call.debrief !== null || (state.ending !== null && state.attempt === null && state.plan !== null);
}
