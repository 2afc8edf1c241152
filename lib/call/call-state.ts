/**
 * What the visitor sees of a call (docs/specification.md §4): its phase (idle -> connecting ->
 * connected -> idle), the captions of both sides, the caller's line as its audio plays, the
 * debrief. Pure; the call machine (call-machine.ts) feeds it, and decides when a call starts
 * and ends.
 */
import { appendWords, finalText } from "./spoken-line";
import { idle, lifecycleReducer, type CallEvent, type CallState, type Caption, type Speaker } from "./call-lifecycle";

export { initialCallState, type CallChannel, type CallEvent, type CallPhase, type CallState, type Caption, type FeedbackValue, type Speaker, type StreamingLine } from "./call-lifecycle";

/** A long call cannot grow the page without bound. */
export const MAX_CAPTIONS = 200;

const live = (state: CallState) => state.phase !== "idle";
const sameWords = (a: string, b: string) => normalise(a) === normalise(b);

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

function addCaption(state: CallState, speaker: Speaker, text: string, eventId: number | null): CallState {
  const captions = [...state.captions, { id: state.nextCaptionId, speaker, text, eventId }];
  return { ...state, captions: captions.slice(-MAX_CAPTIONS), nextCaptionId: state.nextCaptionId + 1 };
}

/** The spoken line joins the captions: the agent's text when known, else what its audio spelled. */
function finishSpoken(state: CallState, text?: string): CallState {
  const line = state.spoken;
  if (!line) return state;
  const words = (text ?? finalText(line)).trim();
  const next = { ...state, spoken: null, lastAgentEventId: Math.max(state.lastAgentEventId, line.eventId) };
  return words === "" ? next : addCaption(next, "agent", words, line.eventId);
}

/** The caller's text for a voice call: it waits for its audio, in the spoken line. */
function agentTextForVoice(state: CallState, text: string, eventId: number | null): CallState {
  if (eventId === null) return addCaption(finishSpoken(state), "agent", text, null);
  if (eventId <= state.lastAgentEventId) return state;
  if (state.spoken?.eventId === eventId) return { ...state, spoken: { ...state.spoken, text } };
  return { ...finishSpoken(state), spoken: { eventId, text, words: [], startsAt: null } };
}

function agentAudio(state: CallState, event: Extract<CallEvent, { type: "agent-audio" }>): CallState {
  // The greeting's first chunks can arrive while the SDK finishes connecting.
  if (!live(state) || event.eventId <= state.lastAgentEventId) return state;
  const current = state.spoken?.eventId === event.eventId ? state : finishSpoken(state);
  const line = current.spoken ?? { eventId: event.eventId, text: null, words: [], startsAt: null };
  return { ...current, spoken: { ...line, words: appendWords(line.words, event.words), startsAt: line.startsAt ?? event.startsAt } };
}

/** A stream that stopped without its whole line (or was cut by a new one) is captioned as far as it got. */
function finishStream(state: CallState): CallState {
  const line = state.streaming;
  if (!line) return state;
  const next = { ...state, streaming: null };
  return line.text.trim() === "" ? next : addCaption(next, "agent", line.text.trim(), line.eventId);
}

/**
 * A typed call's reply as the service streams it: start, deltas, stop and the whole line
 * (agent_response), in whatever order the last two come. The growing text is shown apart from
 * the log; the whole line joins the log once. Voice calls caption the audio instead.
 */
function agentPart(state: CallState, event: Extract<CallEvent, { type: "agent-part" }>): CallState {
  if (state.phase !== "connected" || state.channel !== "typed") return state;
  const line = state.streaming;
  switch (event.part) {
    case "start":
      return { ...finishStream(state), streaming: { eventId: event.eventId, text: "", stopped: false }, agentTyping: true, unechoedTyped: [] };
    case "delta":
      return line && !line.stopped && line.eventId === event.eventId ? { ...state, streaming: { ...line, text: line.text + event.text } } : state;
    case "stop":
      return line && line.eventId === event.eventId ? { ...state, streaming: { ...line, stopped: true }, agentTyping: false } : state;
  }
}

/** What the call looks like when it stops, for any reason. */
function stopped(state: CallState, error: string | null): CallState {
  return idle(finishSpoken(finishStream(state)), error);
}

export function callReducer(state: CallState, event: CallEvent): CallState {
  switch (event.type) {
    case "start":
      return lifecycleReducer(state, event);
    case "connected":
      return state.phase === "connecting" ? { ...state, phase: "connected", connectedAt: event.at } : state;
    case "failed":
      // A late error from a call that already stopped must not overwrite what the visitor sees.
      return live(state) ? stopped(state, event.message) : state;
    case "ended":
      return live(state) ? stopped(state, null) : state;
    case "line": {
      const text = event.text.trim();
      if (!live(state) || text === "") return state;
      if (event.speaker === "visitor" && state.unechoedTyped.length > 0 && sameWords(state.unechoedTyped[0]!, text)) {
        return { ...state, unechoedTyped: state.unechoedTyped.slice(1) };
      }
      // The turn's final transcript takes the place of its tentative words.
      if (event.speaker === "visitor") return addCaption({ ...state, tentative: "" }, "visitor", text, event.eventId ?? null);
      // The caller answered: an echo of what the visitor typed would have come before; words of a turn that never ended are dropped.
      const answered = state.unechoedTyped.length === 0 && state.tentative === "" ? state : { ...state, unechoedTyped: [], tentative: "" };
      if (state.channel === "voice") return agentTextForVoice(answered, text, event.eventId ?? null);
      // Typed calls have no audio: the caller's lines are shown whole, a streamed one in place of its stream.
      const streamed = state.streaming !== null && state.streaming.eventId === (event.eventId ?? null);
      return addCaption({ ...answered, streaming: streamed ? null : answered.streaming, agentTyping: streamed ? false : answered.agentTyping && answered.streaming !== null }, "agent", text, event.eventId ?? null);
    }
    case "agent-audio":
      return agentAudio(state, event);
    case "agent-part":
      return agentPart(state, event);
    case "agent-typing":
      return state.phase === "connected" && state.channel === "typed" ? { ...state, agentTyping: event.typing } : state;
    case "agent-done": {
      const last = state.spoken?.words.at(-1);
      return last !== undefined && last.at > event.at ? state : finishSpoken(state);
    }
    case "typed": {
      const text = event.text.trim();
      if (state.phase !== "connected" || text === "") return state;
      const typed = { ...addCaption(state, "visitor", text, null), unechoedTyped: [...state.unechoedTyped, text].slice(-10) };
      // In a typed call the caller now writes its answer.
      return state.channel === "typed" ? { ...typed, agentTyping: true } : typed;
    }
    case "tentative":
      return state.phase === "connected" ? { ...state, tentative: event.text.trim() } : state;
    case "corrected": {
      // The visitor talked over the caller: the caption keeps only what was actually said.
      if (state.spoken?.text != null && sameWords(state.spoken.text, event.original)) return finishSpoken(state, event.corrected);
      const index = state.captions.findLastIndex((caption) => caption.speaker === "agent" && sameWords(caption.text, event.original));
      const corrected = event.corrected.trim();
      if (index === -1 || corrected === "") return state;
      const captions = state.captions.map((caption, i) => (i === index ? { ...caption, text: corrected } : caption));
      return { ...state, captions };
    }
    case "speaking":
      return live(state) ? { ...state, agentSpeaking: event.speaking } : state;
    case "muted":
      return state.phase === "connected" ? { ...state, muted: event.muted } : state;
    case "debrief":
      return { ...state, debrief: event.debrief };
    case "feedback-available":
      // The SDK reports feedback available as it marks the session connected, just before
      // onConnect: accept it while connecting too (the buttons still wait for "connected").
      return { ...state, canSendFeedback: live(state) && event.available };
    case "feedback-sent":
      return { ...state, feedback: { eventId: event.eventId, value: event.value } };
    case "notice":
      return state.phase === "connected" ? { ...state, notice: event.text } : state;
  }
}

/** The agent line feedback applies to: the last one with an event id. */
export function lastAgentLine(state: CallState): Caption | null {
  for (let i = state.captions.length - 1; i >= 0; i--) {
    const caption = state.captions[i]!;
    if (caption.speaker === "agent" && caption.eventId !== null) return caption;
  }
  return null;
}

/** Seconds left before the call limit, never negative. */
export function secondsLeft(connectedAt: number | null, now: number, limitSeconds: number): number {
  if (connectedAt === null) return limitSeconds;
  return Math.max(0, Math.ceil(limitSeconds - (now - connectedAt) / 1000));
}

export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
