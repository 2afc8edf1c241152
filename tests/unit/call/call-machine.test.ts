import { canCallAgain, hasDebrief, initialMachine, MAX_AUTOMATIC_RETRIES, RETRY_DELAY_MS, step as machineStep, type CallEnding, type Effect, type MachineEvent, type MachineState } from "@/lib/call/call-machine";
import { lifecycleReducer } from "@/lib/call/call-lifecycle";
import { callReducer } from "@/lib/call/call-state";
import { debriefView } from "@/lib/call/debrief-view";
import { isDrop, isTransient } from "@/lib/call/connect-retry";
import { callEndingOf } from "@/lib/call/session-errors";
import { closes } from "@mockingbird/contract/close-reasons";
import { SILENCE_END_CALL_TIMEOUT_SECONDS } from "@mockingbird/contract/turn-timing";
import { scenarioDebriefs } from "@mockingbird/contract/scenario-debriefs";
import { callWidgetText } from "@/content/call/shell";
import { heldFirmDebrief } from "./support/debriefs";

/** The machine once the call chunk has loaded, with the transcript reducer, as every connected call runs it. */
const step = (state: MachineState, event: MachineEvent) => machineStep(state, event, callReducer);

/** Runs events from a state, collecting every effect in order. */
function run(events: MachineEvent[], from: MachineState = initialMachine): { state: MachineState; effects: Effect[] } {
  return events.reduce<{ state: MachineState; effects: Effect[] }>(
    ({ state, effects }, event) => {
      const next = step(state, event);
      return { state: next.state, effects: [...effects, ...next.effects] };
    },
    { state: from, effects: [] },
  );
}

const scenario = "ceo-urgent-wire" as const;
const url = "wss://voice.example/v1/convai/conversation?token=abc";
/** Attempt 1 of a voice call, through every step to connected. */
const voiceSteps: MachineEvent[] = [
  { type: "start", channel: "voice", scenario },
  { type: "microphone-opened", attempt: 1 },
  { type: "engine-loaded", attempt: 1 },
  { type: "signed-url", attempt: 1, url },
  { type: "connected", attempt: 1, at: 1_000 },
];
const connectedVoice = run(voiceSteps).state;
const connectedTyped = run([
  { type: "start", channel: "typed", scenario },
  { type: "engine-loaded", attempt: 1 },
  { type: "signed-url", attempt: 1, url },
  { type: "connected", attempt: 1, at: 1_000 },
]).state;
const types = (effects: Effect[]) => effects.map((effect) => effect.type);
const line = (speaker: "agent" | "visitor", text: string, eventId: number): MachineEvent => ({ type: "session", attempt: 1, event: { type: "line", speaker, text, eventId } });

describe("starting a call", () => {
  it("a voice call asks for the microphone and loads the call chunk at once", () => {
    const { state, effects } = run(voiceSteps.slice(0, 1));
    expect(effects).toEqual([
      { type: "begin", attempt: 1 },
      { type: "open-microphone", attempt: 1 },
      { type: "load-engine", attempt: 1 },
    ]);
    expect(state.call.phase).toBe("connecting");
  });

  it("opens the session as soon as the call chunk has loaded, without a signed URL: it sets its audio up while the rest comes", () => {
    const { effects } = run([{ type: "start", channel: "voice", scenario }, { type: "engine-loaded", attempt: 1 }]);
    expect(effects.at(-1)).toEqual({ type: "open-session", attempt: 1, signedUrl: null, textOnly: false });
    expect(types(effects)).not.toContain("request-signed-url");
  });

  it("asks for the signed URL once the microphone is open and the call chunk has loaded, whichever comes last", () => {
    const chunkLast = run(voiceSteps.slice(0, 3)).effects;
    expect(chunkLast.slice(3)).toEqual([
      { type: "request-signed-url", attempt: 1, scenario },
      { type: "open-session", attempt: 1, signedUrl: null, textOnly: false },
    ]);
    const microphoneLast = run([{ type: "start", channel: "voice", scenario }, { type: "engine-loaded", attempt: 1 }, { type: "microphone-opened", attempt: 1 }]).effects;
    expect(microphoneLast.at(-1)).toEqual({ type: "request-signed-url", attempt: 1, scenario });
  });

  it("asks for the signed URL before the microphone is open where the browser already allows it: no prompt, so no refusal", () => {
    const { state, effects } = run([{ type: "start", channel: "voice", scenario }, { type: "microphone-allowed", attempt: 1 }, { type: "engine-loaded", attempt: 1 }]);
    expect(types(effects)).toEqual(["begin", "open-microphone", "load-engine", "request-signed-url", "open-session"]);
    // The stream itself then asks for nothing more.
    expect(step(state, { type: "microphone-opened", attempt: 1 }).effects).toEqual([]);
  });

  it("holds the signed URL back while the visitor may still refuse the microphone, so a refusal costs none of the visitor's signed URLs", () => {
    const prompting = run([{ type: "start", channel: "voice", scenario }, { type: "engine-loaded", attempt: 1 }]).state;
    const { state, effects } = step(prompting, { type: "failed", attempt: 1, message: callWidgetText.errors.microphoneDenied });
    expect(types(effects)).toEqual(["preload", "dispose"]);
    expect(state.call.error).toBe(callWidgetText.errors.microphoneDenied);
  });

  it("gives the signed URL to the waiting session when it comes", () => {
    expect(run(voiceSteps.slice(0, 4)).effects.at(-1)).toEqual({ type: "give-signed-url", attempt: 1, url });
  });

  it("a typed call never asks for the microphone: once the call chunk has loaded, it asks for a signed URL and opens a text-only session", () => {
    const { effects } = run([{ type: "start", channel: "typed", scenario }, { type: "engine-loaded", attempt: 1 }]);
    expect(effects).toEqual([
      { type: "begin", attempt: 1 },
      { type: "load-engine", attempt: 1 },
      { type: "request-signed-url", attempt: 1, scenario },
      { type: "open-session", attempt: 1, signedUrl: null, textOnly: true },
    ]);
  });

  it("remembers the scenario and channel of the call the visitor started", () => {
    expect(run([{ type: "start", channel: "voice", scenario }]).state.plan).toEqual({ channel: "voice", scenario });
  });

  it("ignores a second press while a call is live", () => {
    expect(step(connectedVoice, { type: "start", channel: "typed", scenario: "hr-payroll-update" })).toEqual({ state: connectedVoice, effects: [] });
  });

  it("ignores whatever an earlier attempt reports once a new one started", () => {
    const ended = run([...voiceSteps.slice(0, 2), { type: "end" }, { type: "start", channel: "voice", scenario }]).state;
    expect(step(ended, { type: "engine-loaded", attempt: 1 }).effects).toEqual([]);
    expect(step(ended, { type: "stopped", attempt: 1, error: "late" }).state).toBe(ended);
    expect(step(ended, line("agent", "Hello?", 1)).state).toBe(ended);
  });

  it("connects: the call shows connected and the runner stops its connect timer", () => {
    const { effects } = step(run(voiceSteps.slice(0, 4)).state, voiceSteps[4]!);
    expect(connectedVoice.call.phase).toBe("connected");
    expect(connectedVoice.call.connectedAt).toBe(1_000);
    expect(effects).toEqual([{ type: "connected", attempt: 1 }]);
  });

  it("a call that does not connect in time fails with the catalogue's words and lets go of everything", () => {
    const { state, effects } = step(run(voiceSteps.slice(0, 4)).state, { type: "connect-timeout", attempt: 1 });
    expect(state.call.error).toBe(callWidgetText.errors.connectionFailed);
    expect(state.attempt).toBeNull();
    expect(effects).toContainEqual({ type: "dispose", attempt: 1 });
  });
});

describe("before the call chunk has loaded", () => {
  it("starts and stops a call with the lifecycle alone, so the page's own JavaScript carries no caption logic", () => {
    const started = machineStep(initialMachine, { type: "start", channel: "voice", scenario }, lifecycleReducer).state;
    expect(started.call.phase).toBe("connecting");
    const refused = machineStep(started, { type: "failed", attempt: 1, message: "Microphone access denied." }, lifecycleReducer).state;
    expect(refused.call).toMatchObject({ phase: "idle", error: "Microphone access denied." });
  });
});

describe("retrying before the call connects", () => {
  /** The signed URL asked for, the session open and waiting for it. */
  const atSignedUrl = run(voiceSteps.slice(0, 3)).state;
  /** The signed URL given to the session, its socket connecting. */
  const atSession = run(voiceSteps.slice(0, 4)).state;

  it("retries a transient signed-URL failure once, after the retry delay, saying it is retrying, while the session keeps waiting for it", () => {
    const { state, effects } = step(atSignedUrl, { type: "failed", attempt: 1, message: "Failed to get signed URL: 502", stop: { stage: "signed-url", transient: true } });
    expect(state.recovery).toBe("retrying");
    expect(effects).toEqual([{ type: "wait-retry", attempt: 1, ms: RETRY_DELAY_MS }]);
    expect(step(state, { type: "retry-due", attempt: 1 }).effects).toEqual([{ type: "request-signed-url", attempt: 1, scenario }]);
  });

  it("opens a socket that failed before its session again with the same signed URL", () => {
    const { state, effects } = step(atSession, { type: "stopped", attempt: 1, error: "closed", stop: { stage: "socket", transient: true } });
    expect(effects).toEqual([{ type: "close-session", attempt: 1 }, { type: "wait-retry", attempt: 1, ms: RETRY_DELAY_MS }]);
    expect(step(state, { type: "retry-due", attempt: 1 }).effects).toEqual([{ type: "open-session", attempt: 1, signedUrl: url, textOnly: false }]);
  });

  it(`retries ${MAX_AUTOMATIC_RETRIES} time per press, then shows the failure`, () => {
    const failure: MachineEvent = { type: "stopped", attempt: 1, error: "The connection was closed by the server.", stop: { stage: "socket", transient: true } };
    const { state } = run([failure, { type: "retry-due", attempt: 1 }, failure], atSession);
    expect(state.call.error).toBe("The connection was closed by the server.");
    expect(state.recovery).toBe("none");
  });

  it("never retries a refusal", () => {
    const { state, effects } = step(atSignedUrl, { type: "failed", attempt: 1, message: "Too many calls", stop: { stage: "signed-url", transient: false } });
    expect(state.call.error).toBe("Too many calls");
    expect(effects.map((effect) => effect.type)).toEqual(["preload", "dispose"]);
  });

  it("a retry that connects clears the retrying state", () => {
    const { state } = run([{ type: "stopped", attempt: 1, error: "x", stop: { stage: "socket", transient: true } }, { type: "retry-due", attempt: 1 }, { type: "connected", attempt: 1, at: 5 }], atSession);
    expect(state.recovery).toBe("none");
    expect(state.call.phase).toBe("connected");
  });
});

describe("every ending of a connected call", () => {
  // Each way a call ends, as the runner or the call chunk reports it, and what the visitor then has.
  it.each<[string, MachineEvent, CallEnding, string | null, boolean]>([
    ["End Call (the visitor)", { type: "end" }, "visitor", null, false],
    ["the caller hanging up", { type: "stopped", attempt: 1, error: null, stop: { stage: "call", ending: "caller" } }, "caller", null, false],
    ["the time limit", { type: "stopped", attempt: 1, error: "The call reached its time limit.", stop: { stage: "call", ending: "time-limit" } }, "time-limit", "The call reached its time limit.", false],
    ["the silence timeout", { type: "stopped", attempt: 1, error: null, stop: { stage: "call", ending: "silence" } }, "silence", null, false],
    ["a dropped connection", { type: "stopped", attempt: 1, error: "The connection was closed by the server.", stop: { stage: "call", ending: "dropped" } }, "dropped", "The connection was closed by the server.", true],
    ["an error in the session", { type: "failed", attempt: 1, message: "Your browser could not start the call's audio." }, "error", "Your browser could not start the call's audio.", false],
    ["a speaker that stopped", { type: "audio-output-failed", attempt: 1 }, "error", callWidgetText.errors.audioOutputFailed, false],
  ])("%s ends the call, says why, releases everything and leads to a debrief", (_name, event, ending, error, dropped) => {
    const { state, effects } = step(connectedVoice, event);
    expect(state.call.phase).toBe("idle");
    expect(state.ending).toBe(ending);
    expect(state.call.error).toBe(error);
    expect(effects).toContainEqual({ type: "dispose", attempt: 1 });
    expect(hasDebrief(state)).toBe(true);
    expect(canCallAgain(state)).toBe(dropped);
  });

  it("a call that never connected has no ending and no debrief", () => {
    const { state } = run([{ type: "end" }], run(voiceSteps.slice(0, 4)).state);
    expect(state.ending).toBeNull();
    expect(hasDebrief(state)).toBe(false);
  });

  it("offers Call again after a drop, with the dropped call's plan, until another call starts", () => {
    const dropped = step(connectedVoice, { type: "stopped", attempt: 1, error: "x", stop: { stage: "call", ending: "dropped" } }).state;
    expect(dropped.plan).toEqual({ channel: "voice", scenario });
    expect(canCallAgain(step(dropped, { type: "start", channel: "voice", scenario }).state)).toBe(false);
  });
});

describe("the debrief", () => {
  const withLines = run([line("agent", "Hi, it's Richard. Send the payment before three.", 1), line("visitor", "My code is 123456", 2), line("agent", "Keep this between us.", 3)], connectedVoice).state;

  it("is the caller's own when it comes, whatever ended the call", () => {
    const { state } = run([{ type: "session", attempt: 1, event: { type: "debrief", debrief: heldFirmDebrief } }, { type: "end" }], withLines);
    expect(debriefView(state)).toMatchObject({ source: "caller", ending: "visitor", outcome: "held-firm", lines: heldFirmDebrief.tacticsUsed, nextTime: heldFirmDebrief.nextTime });
  });

  it("is the widget's when the caller sent none: the caller's lines quoted, the scenario's tips, and no outcome it cannot tell", () => {
    const view = debriefView(step(withLines, { type: "stopped", attempt: 1, error: null, stop: { stage: "call", ending: "caller" } }).state)!;
    expect(view).toMatchObject({ source: "widget", title: "CEO urgent wire", ending: "caller", outcome: null, moment: null, nextTime: [] });
    expect(view.lines).toEqual([
      { tactics: [], line: "Hi, it's Richard. Send the payment before three." },
      { tactics: [], line: "Keep this between us." },
    ]);
    expect(view.redFlags.map(({ tip }) => tip)).toEqual(Object.values(scenarioDebriefs[scenario].redFlags));
  });

  it("gives the playbook's advice for ending a call when the visitor hung up", () => {
    expect(debriefView(step(withLines, { type: "end" }).state)?.nextTime).toEqual(scenarioDebriefs[scenario].advice["ended-early"]);
  });

  it("closes when the visitor closes it, and comes back with the next call's ending", () => {
    const closed = run([{ type: "end" }, { type: "close-debrief" }], withLines).state;
    expect(debriefView(closed)).toBeNull();
    const next = run([...voiceSteps.map((event) => ("attempt" in event ? { ...event, attempt: 2 } : event)), { type: "end" }], closed).state;
    expect(debriefView(next)?.ending).toBe("visitor");
  });
});

describe("talking and typing", () => {
  it("types instead in a voice call: the microphone is muted, and talking again unmutes it", () => {
    const typing = step(connectedVoice, { type: "type-instead", typing: true });
    expect(typing.state.typingInstead).toBe(true);
    expect(typing.state.call.muted).toBe(true);
    expect(typing.effects).toEqual([{ type: "set-muted", muted: true }]);
    expect(step(typing.state, { type: "type-instead", typing: false }).effects).toEqual([{ type: "set-muted", muted: false }]);
  });

  it("forgets typing instead when the call stops", () => {
    const typing = step(connectedVoice, { type: "type-instead", typing: true }).state;
    expect(step(typing, { type: "end" }).state.typingInstead).toBe(false);
  });

  it("has no microphone to go quiet in a typed call", () => {
    expect(step(connectedTyped, { type: "type-instead", typing: true })).toEqual({ state: connectedTyped, effects: [] });
  });

  it("continues a typed call by voice in one step: the typed session goes and a voice call with the same scenario connects, without an ending", () => {
    const { state, effects } = step(connectedTyped, { type: "continue-by-voice" });
    expect(effects).toEqual([{ type: "dispose", attempt: 1 }, { type: "begin", attempt: 2 }, { type: "open-microphone", attempt: 2 }, { type: "load-engine", attempt: 2 }]);
    expect(state.call.phase).toBe("connecting");
    expect(state.plan).toEqual({ channel: "voice", scenario });
    expect(state.ending).toBeNull();
  });

  it("sends a typed reply and captions it", () => {
    const { state, effects } = step(connectedVoice, { type: "send-text", text: " I'll call you back " });
    expect(effects).toEqual([{ type: "send-text", text: "I'll call you back" }]);
    expect(state.call.captions.at(-1)).toMatchObject({ speaker: "visitor", text: "I'll call you back" });
  });

  it("rates the caller's line and remembers the rating", () => {
    const { state, effects } = step(connectedVoice, { type: "rate", eventId: 4, value: "dislike" });
    expect(effects).toEqual([{ type: "send-feedback", like: false, eventId: 4 }]);
    expect(state.call.feedback).toEqual({ eventId: 4, value: "dislike" });
  });
});

describe("how the call chunk classifies a stop", () => {
  it.each([
    ["no answer from the signed-URL service", { stage: "signed-url", status: null }],
    ["the voice provider unavailable (502)", { stage: "signed-url", status: 502 }],
    ["the voice provider too slow (504)", { stage: "signed-url", status: 504 }],
    ["a socket that failed without a close code", { stage: "socket", closeCode: null }],
    ["a socket dropped without a close frame (1006)", { stage: "socket", closeCode: 1006 }],
    ["a server going away (1001) or restarting (1012)", { stage: "socket", closeCode: 1012 }],
    ["a server error (1011)", { stage: "socket", closeCode: 1011 }],
  ] as const)("takes %s as transient", (_case, failure) => {
    expect(isTransient(failure)).toBe(true);
  });

  it.each([
    ["a bad request (400)", { stage: "signed-url", status: 400 }],
    ["a wrong key (401) or origin (403)", { stage: "signed-url", status: 403 }],
    ["the visitor's limits (429)", { stage: "signed-url", status: 429 }],
    ["the daily cap or a limiter down (503)", { stage: "signed-url", status: 503 }],
    ["an answer without a signed URL", { stage: "signed-url", status: 200 }],
    ["a socket refused by policy (1008: origin, link, overrides)", { stage: "socket", closeCode: 1008 }],
    ["a server over capacity (1013)", { stage: "socket", closeCode: 1013 }],
    ["a socket closed on purpose before the session (1000)", { stage: "socket", closeCode: 1000 }],
  ] as const)("takes a refusal as final: %s", (_case, failure) => {
    expect(isTransient(failure)).toBe(false);
  });

  it("a drop is a call stopped by a socket error or an abnormal close, not a hang-up nor the time limit", () => {
    expect(isDrop({ reason: "error", context: { type: "close" } })).toBe(true);
    expect(isDrop({ reason: "error", context: { type: "error" } })).toBe(true);
    expect(isDrop({ reason: "user" })).toBe(false);
    expect(isDrop({ reason: "agent" })).toBe(false);
    expect(isDrop({ reason: "error", context: { type: "max_duration_exceeded" } })).toBe(false);
  });

  it.each<[string, Parameters<typeof callEndingOf>[0], CallEnding]>([
    ["the visitor's own end", { reason: "user" }, "visitor"],
    ["the caller's hang-up", { reason: "agent", closeCode: 1000, closeReason: closes.callEnded.reason }, "caller"],
    ["the local agent's time limit", { reason: "agent", closeCode: 1000, closeReason: closes.timeLimit.reason }, "time-limit"],
    ["the service's time limit", { reason: "error", message: "Maximum duration exceeded", context: { type: "max_duration_exceeded" } }, "time-limit"],
    ["the silence timeout", { reason: "agent", closeCode: 1000, closeReason: closes.silence.reason }, "silence"],
    ["a dropped socket", { reason: "error", message: "", context: { type: "close" } }, "dropped"],
  ])("names %s", (_name, details, ending) => {
    expect(callEndingOf(details)).toBe(ending);
  });

  it("takes a caller's plain hang-up on a visitor silent for about the silence timeout as the silence end, as the service gives it no reason", () => {
    const hangUp = { reason: "agent", closeCode: 1000 } as const;
    expect(callEndingOf(hangUp, SILENCE_END_CALL_TIMEOUT_SECONDS * 1000 - 2_000)).toBe("silence");
    expect(callEndingOf(hangUp, (SILENCE_END_CALL_TIMEOUT_SECONDS * 1000) / 2)).toBe("caller");
  });
});
