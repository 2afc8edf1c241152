import { canCallAgain, continuityReducer, initialContinuity, type ContinuityEvent, type ContinuityState } from "@/lib/call/call-continuity";
import { isDrop, isTransient, shouldRetry } from "@/lib/call/connect-retry";

const run = (events: ContinuityEvent[], from: ContinuityState = initialContinuity): ContinuityState => events.reduce(continuityReducer, from);
const voicePlan = { channel: "voice", scenario: "ceo-urgent-wire" } as const;
const voiceCall = run([{ type: "start", plan: voicePlan }, { type: "connected" }]);

describe("continuityReducer", () => {
  it("remembers the scenario and channel of the call the visitor started", () => {
    expect(run([{ type: "start", plan: voicePlan }])).toEqual({ plan: voicePlan, recovery: "none", typingInstead: false });
  });

  it("says it is retrying until the retry connects", () => {
    const retrying = run([{ type: "start", plan: voicePlan }, { type: "retrying" }]);
    expect(retrying.recovery).toBe("retrying");
    expect(continuityReducer(retrying, { type: "connected" }).recovery).toBe("none");
  });

  it("offers Call again after a drop, with the dropped call's plan, until another call starts", () => {
    const dropped = continuityReducer(voiceCall, { type: "stopped", dropped: true });
    expect(canCallAgain(dropped)).toBe(true);
    expect(dropped.plan).toEqual(voicePlan);
    expect(canCallAgain(continuityReducer(dropped, { type: "start", plan: voicePlan }))).toBe(false);
  });

  it("does not offer Call again after a call that stopped without dropping", () => {
    expect(canCallAgain(continuityReducer(voiceCall, { type: "stopped", dropped: false }))).toBe(false);
    expect(canCallAgain(continuityReducer(initialContinuity, { type: "stopped", dropped: true }))).toBe(false);
  });

  it("types instead in a voice call and talks again, and forgets typing when the call stops", () => {
    const typing = continuityReducer(voiceCall, { type: "type-instead" });
    expect(typing.typingInstead).toBe(true);
    expect(continuityReducer(typing, { type: "talk-instead" }).typingInstead).toBe(false);
    expect(continuityReducer(typing, { type: "stopped", dropped: true }).typingInstead).toBe(false);
  });

  it("has no microphone to go quiet in a typed call", () => {
    const typed = run([{ type: "start", plan: { channel: "typed", scenario: "ceo-urgent-wire" } }, { type: "connected" }]);
    expect(continuityReducer(typed, { type: "type-instead" })).toBe(typed);
  });
});

describe("retrying before the call connects", () => {
  it.each([
    ["no answer from the signed-URL service", { stage: "signed-url", status: null }],
    ["the voice provider unavailable (502)", { stage: "signed-url", status: 502 }],
    ["the voice provider too slow (504)", { stage: "signed-url", status: 504 }],
    ["a socket that failed without a close code", { stage: "socket", closeCode: null }],
    ["a socket dropped without a close frame (1006)", { stage: "socket", closeCode: 1006 }],
    ["a server going away (1001) or restarting (1012)", { stage: "socket", closeCode: 1012 }],
    ["a server error (1011)", { stage: "socket", closeCode: 1011 }],
  ] as const)("retries %s", (_case, failure) => {
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
  ] as const)("never retries a refusal: %s", (_case, failure) => {
    expect(isTransient(failure)).toBe(false);
  });

  it("retries once per press", () => {
    const failure = { stage: "socket", closeCode: 1006 } as const;
    expect(shouldRetry(failure, 0)).toBe(true);
    expect(shouldRetry(failure, 1)).toBe(false);
  });
});

describe("isDrop", () => {
  it("is a call stopped by a socket error or an abnormal close", () => {
    expect(isDrop({ reason: "error", context: { type: "close" } })).toBe(true);
    expect(isDrop({ reason: "error", context: { type: "error" } })).toBe(true);
  });

  it("is not a hang-up by either side, nor the time limit", () => {
    expect(isDrop({ reason: "user" })).toBe(false);
    expect(isDrop({ reason: "agent" })).toBe(false);
    expect(isDrop({ reason: "error", context: { type: "max_duration_exceeded" } })).toBe(false);
  });
});
