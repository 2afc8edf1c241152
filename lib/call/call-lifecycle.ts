/**
 * A call's lifecycle as the page's own JavaScript carries it: the call state's shape, its start,
 * and its stop before the call chunk has loaded (a refused microphone, an offline chunk). What a
 * running call shows (captions, the caller's line, its debrief) is the transcript reducer's
 * (call-state.ts), in the on-intent chunk: the call machine (call-machine.ts) is handed it with
 * the chunk, and until then this one.
 */
import type { Debrief } from "@mockingbird/contract/debrief";
import type { SpokenLine, TimedWord } from "./spoken-line";

export type CallPhase = "idle" | "connecting" | "connected";
/** A voice call uses the microphone; a typed call never asks for it. */
export type CallChannel = "voice" | "typed";
export type Speaker = "agent" | "visitor";
export type Caption = { id: number; speaker: Speaker; text: string; eventId: number | null };
export type FeedbackValue = "like" | "dislike";
/** A streamed reply: its text so far, and whether its stream has stopped (the whole line follows). */
export type StreamingLine = { eventId: number; text: string; stopped: boolean };

export type CallState = {
  phase: CallPhase;
  channel: CallChannel;
  error: string | null;
  /** Finished lines, each added once (the captions log announces additions). */
  captions: Caption[];
  nextCaptionId: number;
  /** The caller's line while its audio plays (voice calls); it joins the captions when it is finished. */
  spoken: SpokenLine | null;
  /** The newest caller line already finished: its late audio or text must not start it again. */
  lastAgentEventId: number;
  /**
   * Typed lines already captioned, in case the server echoes them as a transcript (the service
   * does not; a stand-in might): an echo comes before the caller's answer, so the caller's next
   * line clears them and a later spoken turn with the same words is still captioned.
   */
  unechoedTyped: string[];
  /** The caller's reply as it streams in a typed call (agent_chat_response_part); it joins the captions whole. */
  streaming: StreamingLine | null;
  /**
   * The visitor's words as they speak (the service's tentative_user_transcript), shown apart from
   * the log until the turn's final transcript replaces them; "" when none.
   */
  tentative: string;
  /** A typed call's caller is writing: after the visitor's line until the answer starts, while it streams, or as the server says. */
  agentTyping: boolean;
  agentSpeaking: boolean;
  muted: boolean;
  /** Epoch ms when the session connected, for the countdown. */
  connectedAt: number | null;
  debrief: Debrief | null;
  canSendFeedback: boolean;
  feedback: { eventId: number; value: FeedbackValue } | null;
  /** What changed in a connected call that the call's status says (a microphone pulled out); null when nothing. */
  notice: string | null;
};

export type CallEvent =
  | { type: "start"; channel: CallChannel }
  | { type: "connected"; at: number }
  | { type: "failed"; message: string }
  | { type: "ended" }
  | { type: "line"; speaker: Speaker; text: string; eventId?: number | null }
  /** A chunk of the caller's audio was queued: it plays from `startsAt`, its words (from the alignment) at their times. */
  | { type: "agent-audio"; eventId: number; startsAt: number; words: TimedWord[] }
  /**
   * The caller's playback ran dry at `at` (or its text never got audio): the line joins the
   * captions, unless words of it are still to come (a gap in the audio, not its end).
   */
  | { type: "agent-done"; at: number }
  | { type: "typed"; text: string }
  /** The words heard so far of the turn the visitor is speaking (tentative_user_transcript). */
  | { type: "tentative"; text: string }
  /** A piece of the caller's reply streamed to a typed call (docs/protocol.md §3.2 agent_chat_response_part). */
  | { type: "agent-part"; part: "start" | "delta" | "stop"; text: string; eventId: number }
  /** The server says whether the caller is typing (agent_typing). */
  | { type: "agent-typing"; typing: boolean }
  | { type: "corrected"; original: string; corrected: string }
  | { type: "speaking"; speaking: boolean }
  | { type: "muted"; muted: boolean }
  | { type: "debrief"; debrief: Debrief }
  | { type: "feedback-available"; available: boolean }
  | { type: "feedback-sent"; eventId: number; value: FeedbackValue }
  | { type: "notice"; text: string };

export const initialCallState: CallState = {
  phase: "idle",
  channel: "voice",
  error: null,
  captions: [],
  nextCaptionId: 1,
  spoken: null,
  lastAgentEventId: 0,
  unechoedTyped: [],
  streaming: null,
  tentative: "",
  agentTyping: false,
  agentSpeaking: false,
  muted: false,
  connectedAt: null,
  debrief: null,
  canSendFeedback: false,
  feedback: null,
  notice: null,
};

const live = (state: CallState) => state.phase !== "idle";

/** What every stopped call looks like, whatever it showed (the transcript reducer first finishes its lines). */
export function idle(state: CallState, error: string | null): CallState {
  return { ...state, phase: "idle", error, agentSpeaking: false, muted: false, connectedAt: null, canSendFeedback: false, unechoedTyped: [], tentative: "", agentTyping: false, notice: null };
}

export type CallReducer = (state: CallState, event: CallEvent) => CallState;

/** The lifecycle alone: a start, and a stop before anything was shown. Every other event waits for the transcript reducer. */
export const lifecycleReducer: CallReducer = (state, event) => {
  switch (event.type) {
    case "start":
      return live(state) ? state : { ...initialCallState, phase: "connecting", channel: event.channel };
    case "failed":
      // A late error from a call that already stopped must not overwrite what the visitor sees.
      return live(state) ? idle(state, event.message) : state;
    case "ended":
      return live(state) ? idle(state, null) : state;
    default:
      return state;
  }
};
