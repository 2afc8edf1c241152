import {
  callReducer,
  formatClock,
  initialCallState,
  lastAgentLine,
  MAX_CAPTIONS,
  secondsLeft,
  type CallEvent,
  type CallState,
} from "@/lib/call/call-state";
import { heldFirmDebrief } from "./support/debriefs";

const run = (events: CallEvent[], from: CallState = initialCallState): CallState => events.reduce(callReducer, from);
const agentSays = (text: string, eventId?: number): CallEvent => ({ type: "line", speaker: "agent", text, eventId });
const visitorSays = (text: string, eventId?: number): CallEvent => ({ type: "line", speaker: "visitor", text, eventId });
const typed = (text: string): CallEvent => ({ type: "typed", text });
const audio = (eventId: number, startsAt: number, words: { text: string; at: number }[] = []): CallEvent => ({ type: "agent-audio", eventId, startsAt, words });
const texts = (state: CallState) => state.captions.map((caption) => caption.text);

const connecting = run([{ type: "start", channel: "voice" }]);
const connected = run([{ type: "connected", at: 1_000 }], connecting);
/** A typed call: the caller's lines have no audio and are captioned whole. */
const typedCall = run([{ type: "start", channel: "typed" }, { type: "connected", at: 1_000 }]);

const debrief = heldFirmDebrief;

describe("callReducer: phases", () => {
  it("starts idle, without error, captions or debrief", () => {
    expect(initialCallState).toMatchObject({ phase: "idle", error: null, captions: [], debrief: null, connectedAt: null });
  });

  it("goes from idle to connecting on start, with the chosen channel", () => {
    expect(run([{ type: "start", channel: "typed" }])).toMatchObject({ phase: "connecting", channel: "typed" });
  });

  it("ignores a second start while a call is live", () => {
    expect(callReducer(connecting, { type: "start", channel: "typed" })).toBe(connecting);
    expect(callReducer(connected, { type: "start", channel: "typed" })).toBe(connected);
  });

  it("clears the previous call's error, captions and debrief when a new call starts", () => {
    const previous: CallState = {
      ...initialCallState,
      error: "Connection failed",
      captions: [{ id: 1, speaker: "agent", text: "Hello", eventId: 1 }],
      debrief,
    };
    expect(callReducer(previous, { type: "start", channel: "voice" })).toMatchObject({ phase: "connecting", error: null, captions: [], debrief: null });
  });

  it("goes from connecting to connected when the session starts, remembering when", () => {
    expect(connected).toMatchObject({ phase: "connected", connectedAt: 1_000 });
  });

  it("ignores a session start that arrives while idle", () => {
    expect(callReducer(initialCallState, { type: "connected", at: 5 })).toBe(initialCallState);
  });

  it("returns to idle on failure with the message", () => {
    expect(callReducer(connecting, { type: "failed", message: "Connection failed" })).toMatchObject({ phase: "idle", error: "Connection failed" });
  });

  it("keeps the visible error when a late failure arrives after the call stopped", () => {
    const failed = callReducer(connecting, { type: "failed", message: "No signed URL received from server" });
    expect(callReducer(failed, { type: "failed", message: "Connection failed" }).error).toBe("No signed URL received from server");
  });

  it("a connected call that ends without error goes idle with no error and resets the live flags", () => {
    const busy = run([{ type: "speaking", speaking: true }, { type: "muted", muted: true }, { type: "feedback-available", available: true }], connected);
    expect(callReducer(busy, { type: "ended" })).toMatchObject({
      phase: "idle",
      error: null,
      agentSpeaking: false,
      muted: false,
      connectedAt: null,
      canSendFeedback: false,
    });
  });

  it("ignores an end while idle", () => {
    expect(callReducer(initialCallState, { type: "ended" })).toBe(initialCallState);
  });

  it("keeps the captions of a call after it ends, so they can still be read", () => {
    const withLine = callReducer(connected, agentSays("Hello", 1));
    expect(callReducer(withLine, { type: "ended" }).captions).toHaveLength(1);
  });
});

describe("callReducer: captions of a typed call (whole lines)", () => {
  it("adds trimmed lines with increasing ids and the event id", () => {
    const state = run([agentSays("  Hello, IT here.  ", 4), visitorSays("Hi")], typedCall);
    expect(state.captions).toEqual([
      { id: 1, speaker: "agent", text: "Hello, IT here.", eventId: 4 },
      { id: 2, speaker: "visitor", text: "Hi", eventId: null },
    ]);
  });

  it("ignores blank lines and lines outside a call", () => {
    expect(callReducer(typedCall, agentSays("   "))).toBe(typedCall);
    expect(callReducer(initialCallState, agentSays("Hello"))).toBe(initialCallState);
  });

  it("keeps only the last MAX_CAPTIONS lines", () => {
    const events: CallEvent[] = Array.from({ length: MAX_CAPTIONS + 5 }, (_, i) => agentSays(`line ${i}`));
    const state = run(events, typedCall);
    expect(state.captions).toHaveLength(MAX_CAPTIONS);
    expect(state.captions[0]?.text).toBe("line 5");
    expect(state.captions.at(-1)?.text).toBe(`line ${MAX_CAPTIONS + 4}`);
  });

  it("captions a typed reply at once and drops the agent's echo of it", () => {
    const state = run([typed("  My code is 1234 "), visitorSays("my code is 1234.")], typedCall);
    expect(state.captions).toEqual([{ id: 1, speaker: "visitor", text: "My code is 1234", eventId: null }]);
    expect(state.unechoedTyped).toEqual([]);
  });

  it("captions a spoken line that differs from the pending typed reply", () => {
    const state = run([typed("No"), visitorSays("Who is this?")], typedCall);
    expect(texts(state)).toEqual(["No", "Who is this?"]);
  });

  it("does not drop an agent line that repeats the typed reply", () => {
    const state = run([typed("Yes"), agentSays("Yes")], typedCall);
    expect(state.captions.map((caption) => caption.speaker)).toEqual(["visitor", "agent"]);
  });

  it("ignores typed replies unless typedCall, and blank ones", () => {
    expect(callReducer(connecting, typed("hello"))).toBe(connecting);
    expect(callReducer(typedCall, typed("  "))).toBe(typedCall);
  });

  it("replaces the last matching agent caption with its correction", () => {
    const state = run(
      [
        agentSays("I need your code.", 1),
        agentSays("I need your code and your password.", 2),
        { type: "corrected", original: "I need your code and your password", corrected: " I need your code " },
      ],
      typedCall,
    );
    expect(texts(state)).toEqual(["I need your code.", "I need your code"]);
  });

  it("ignores a correction of a line it never captioned, or an empty correction", () => {
    const withLine = callReducer(typedCall, agentSays("Hello", 1));
    expect(callReducer(withLine, { type: "corrected", original: "Goodbye", corrected: "Good" })).toBe(withLine);
    expect(callReducer(withLine, { type: "corrected", original: "Hello", corrected: "  " })).toBe(withLine);
  });
});

describe("callReducer: a typed call's reply as the service streams it", () => {
  const part = (kind: "start" | "delta" | "stop", text = "", eventId = 3): CallEvent => ({ type: "agent-part", part: kind, text, eventId });

  it("grows the reply from its deltas outside the log, then logs the whole line once", () => {
    const streaming = run([part("start"), part("delta", "Who"), part("delta", " is"), part("delta", " asking?")], typedCall);
    expect(streaming.streaming).toEqual({ eventId: 3, text: "Who is asking?", stopped: false });
    expect(streaming.captions).toEqual([]);
    const done = run([part("stop"), agentSays("Who is asking?", 3)], streaming);
    expect(done.streaming).toBeNull();
    expect(done.captions).toEqual([{ id: 1, speaker: "agent", text: "Who is asking?", eventId: 3 }]);
  });

  it("takes the whole line in place of the stream whichever comes first, the stop or the line, and ignores a late stop", () => {
    const lineFirst = run([part("start"), part("delta", "partial"), agentSays("full", 3), part("stop")], typedCall);
    expect(texts(lineFirst)).toEqual(["full"]);
    expect(lineFirst.streaming).toBeNull();
  });

  it("shows the caller typing from the visitor's line until the reply is whole", () => {
    const sent = callReducer(typedCall, typed("Who is this?"));
    expect(sent.agentTyping).toBe(true);
    const streaming = run([part("start"), part("delta", "Sam")], sent);
    expect(streaming.agentTyping).toBe(true);
    expect(run([part("stop"), agentSays("Sam", 3)], streaming).agentTyping).toBe(false);
  });

  it("captions a stream that stopped without its whole line when the next one starts, or when the call ends", () => {
    const cut = run([part("start"), part("delta", "Hold on"), part("stop"), part("start", "", 4)], typedCall);
    expect(texts(cut)).toEqual(["Hold on"]);
    const ended = run([part("start"), part("delta", "Hold on"), { type: "ended" }], typedCall);
    expect(texts(ended)).toEqual(["Hold on"]);
    expect(ended.agentTyping).toBe(false);
  });

  it("ignores parts in a voice call (its captions follow the audio) and deltas of another reply", () => {
    expect(callReducer(connected, part("start"))).toBe(connected);
    const streaming = callReducer(typedCall, part("start"));
    expect(callReducer(streaming, part("delta", "x", 9))).toBe(streaming);
  });

  it("shows a typed line once whether or not the server echoes it, and still captions the same words spoken later", () => {
    const withoutEcho = run([typed("Yes"), agentSays("Good.", 2)], typedCall);
    expect(texts(withoutEcho)).toEqual(["Yes", "Good."]);
    const spokenLater = callReducer(withoutEcho, visitorSays("yes"));
    expect(texts(spokenLater)).toEqual(["Yes", "Good.", "yes"]);
  });
});

describe("callReducer: the caller's line in a voice call", () => {
  const words = (...pairs: [string, number][]) => pairs.map(([text, at]) => ({ text, at }));

  it("holds the caller's text back until its audio arrives", () => {
    const state = callReducer(connected, agentSays("Hello, IT here.", 4));
    expect(state.captions).toEqual([]);
    expect(state.spoken).toEqual({ eventId: 4, text: "Hello, IT here.", words: [], startsAt: null });
  });

  it("takes the first chunk's start and its words, and adds the next chunk's words, joining a word split between chunks", () => {
    const state = run([agentSays("Hello, IT here.", 4), audio(4, 100, words(["Hello, ", 100], ["I", 400])), audio(4, 600, words(["T ", 600], ["here.", 700]))], connected);
    expect(state.spoken).toEqual({ eventId: 4, text: "Hello, IT here.", words: words(["Hello, ", 100], ["IT ", 400], ["here.", 700]), startsAt: 100 });
  });

  it("logs the line once, with the agent's text, when it has played out", () => {
    const state = run(
      [
        agentSays("Hello, IT here.", 4),
        audio(4, 100, words(["Hello, ", 100], ["IT here", 400])),
        { type: "agent-done", at: 10_000 },
        { type: "agent-done", at: 10_000 },
      ],
      connected,
    );
    expect(state.spoken).toBeNull();
    expect(state.captions).toEqual([{ id: 1, speaker: "agent", text: "Hello, IT here.", eventId: 4 }]);
  });

  it("keeps the line open through a gap in its audio, while words of it are still to be heard", () => {
    const gap = run([agentSays("Hello, IT here.", 4), audio(4, 100, words(["Hello, ", 100], ["IT here.", 900])), { type: "agent-done", at: 500 }], connected);
    expect(gap.spoken?.eventId).toBe(4);
    expect(gap.captions).toEqual([]);
  });

  it("takes the greeting's first audio even before the call is marked connected", () => {
    expect(callReducer(connecting, audio(1, 5)).spoken?.startsAt).toBe(5);
  });

  it("logs what the alignment spelled when the agent's text never came", () => {
    const state = run([audio(2, 0, words(["Hi ", 0], ["there", 200])), { type: "agent-done", at: 10_000 }], connected);
    expect(texts(state)).toEqual(["Hi there"]);
  });

  it("finishes the previous line when the next one starts", () => {
    const state = run([agentSays("One.", 1), audio(1, 0), agentSays("Two.", 2)], connected);
    expect(texts(state)).toEqual(["One."]);
    expect(state.spoken?.eventId).toBe(2);
  });

  it("ignores late audio or text of a line already logged", () => {
    const logged = run([agentSays("One.", 1), { type: "agent-done", at: 10_000 }], connected);
    expect(callReducer(logged, audio(1, 0))).toBe(logged);
    expect(callReducer(logged, agentSays("One.", 1))).toBe(logged);
  });

  it("finishes an interrupted line with its correction, what the visitor actually heard", () => {
    const state = run(
      [
        agentSays("I need your code and your password.", 3),
        audio(3, 0),
        { type: "corrected", original: "I need your code and your password.", corrected: "I need your code" },
      ],
      connected,
    );
    expect(state.spoken).toBeNull();
    expect(texts(state)).toEqual(["I need your code"]);
  });

  it("logs the line being spoken when the call stops", () => {
    const speaking = run([agentSays("Goodbye.", 9), audio(9, 0)], connected);
    expect(texts(callReducer(speaking, { type: "ended" }))).toEqual(["Goodbye."]);
    expect(callReducer(speaking, { type: "failed", message: "x" }).spoken).toBeNull();
  });

  it("ignores caller audio outside a call", () => {
    expect(callReducer(initialCallState, audio(1, 0))).toBe(initialCallState);
  });
});

describe("callReducer: the visitor's words as they speak", () => {
  it("shows the latest words of the turn apart from the log, and the turn's transcript replaces them", () => {
    const speaking = run([{ type: "tentative", text: "i will" }, { type: "tentative", text: "i will call you" }], connected);
    expect(speaking.tentative).toBe("i will call you");
    expect(speaking.captions).toEqual([]);
    const heard = run([visitorSays("i will call you back", 2)], speaking);
    expect(heard.tentative).toBe("");
    expect(heard.captions.map(({ speaker, text }) => [speaker, text])).toEqual([["visitor", "i will call you back"]]);
  });

  it("drops the words of a turn that never got a transcript once the caller speaks, and all of them when the call stops", () => {
    const speaking = run([{ type: "tentative", text: "um" }], connected);
    expect(run([agentSays("Hello?", 3)], speaking).tentative).toBe("");
    expect(run([{ type: "ended" }], speaking).tentative).toBe("");
  });

  it("ignores words outside a connected call", () => {
    expect(run([{ type: "tentative", text: "hello" }], connecting).tentative).toBe("");
  });
});

describe("callReducer: live flags", () => {
  it("tracks the agent speaking only while live", () => {
    expect(callReducer(connected, { type: "speaking", speaking: true }).agentSpeaking).toBe(true);
    expect(callReducer(initialCallState, { type: "speaking", speaking: true })).toBe(initialCallState);
  });

  it("tracks mute only while connected", () => {
    expect(callReducer(connected, { type: "muted", muted: true }).muted).toBe(true);
    expect(callReducer(connecting, { type: "muted", muted: true })).toBe(connecting);
  });

  it("allows feedback only while a call is live", () => {
    expect(callReducer(connected, { type: "feedback-available", available: true }).canSendFeedback).toBe(true);
    expect(callReducer(initialCallState, { type: "feedback-available", available: true }).canSendFeedback).toBe(false);
    expect(callReducer(connected, { type: "feedback-available", available: false }).canSendFeedback).toBe(false);
  });

  it("keeps feedback allowed when the SDK says so just before onConnect (its real order)", () => {
    const early = callReducer(connecting, { type: "feedback-available", available: true });
    expect(callReducer(early, { type: "connected", at: 1 }).canSendFeedback).toBe(true);
    expect(callReducer(callReducer(early, { type: "failed", message: "x" }), { type: "connected", at: 1 }).canSendFeedback).toBe(false);
  });

  it("remembers the feedback sent and for which line", () => {
    expect(callReducer(connected, { type: "feedback-sent", eventId: 7, value: "dislike" }).feedback).toEqual({ eventId: 7, value: "dislike" });
  });

  it("keeps a connected call's notice (a device lost) until the call stops, and none outside a call", () => {
    const noticed = callReducer(connected, { type: "notice", text: "Headset was disconnected." });
    expect(noticed.notice).toBe("Headset was disconnected.");
    expect(callReducer(noticed, { type: "ended" }).notice).toBeNull();
    expect(callReducer(connecting, { type: "notice", text: "x" })).toBe(connecting);
  });

  it("keeps the caller's debrief", () => {
    expect(callReducer(connected, { type: "debrief", debrief }).debrief).toEqual(debrief);
  });
});

describe("lastAgentLine", () => {
  it("is the last agent caption that has an event id", () => {
    const state = run([agentSays("first", 1), agentSays("second", 2), agentSays("no id"), visitorSays("me", 3)], connected);
    expect(lastAgentLine(state)?.text).toBe("second");
  });

  it("is null without agent lines", () => {
    expect(lastAgentLine(callReducer(connected, visitorSays("hello", 1)))).toBeNull();
  });
});

describe("secondsLeft", () => {
  it("is the whole limit before the call connects", () => {
    expect(secondsLeft(null, 123_456, 180)).toBe(180);
  });

  it("counts down whole seconds, rounding up", () => {
    expect(secondsLeft(10_000, 10_000, 180)).toBe(180);
    expect(secondsLeft(10_000, 10_500, 180)).toBe(180);
    expect(secondsLeft(10_000, 11_000, 180)).toBe(179);
    expect(secondsLeft(10_000, 70_000, 180)).toBe(120);
  });

  it("never goes below zero", () => {
    expect(secondsLeft(0, 500_000, 180)).toBe(0);
  });
});

describe("formatClock", () => {
  it("shows minutes and two-digit seconds", () => {
    expect(formatClock(180)).toBe("3:00");
    expect(formatClock(179)).toBe("2:59");
    expect(formatClock(65)).toBe("1:05");
    expect(formatClock(9)).toBe("0:09");
  });

  it("drops fractions and clamps negatives to 0:00", () => {
    expect(formatClock(59.9)).toBe("0:59");
    expect(formatClock(-3)).toBe("0:00");
  });
});
