/** @jest-environment node */
import type { DebriefReason } from "../src/caller/caller";
import { closes, type Close } from "@mockingbird/contract/close-reasons";
import type { ServerFrame } from "../src/server/messages";
import { CallEnding } from "../src/server/session/ending";
import { capturingLogger } from "./support/capturing-logger";

const timings = { endGraceMs: 3_000 };
/** A voice call's delivery: the client may still be playing for this tail plus half a round trip (delivery.ts). */
const endCallTailMs = 500;

function setUp(options: { rttMs?: number | null; typed?: boolean; maxCallMs?: number; debrief?: (reason: DebriefReason) => never } = {}) {
  const frames: ServerFrame[] = [];
  const closed: Close[] = [];
  const events: string[] = [];
  const { log, lines } = capturingLogger();
  let isClosed = false;
  const ending = new CallEnding({
    caller: {
      debrief:
        options.debrief ??
        ((reason) => ({ scenario: "it-helpdesk-mfa-reset", title: "IT helpdesk MFA reset", outcome: reason === "complied" ? "complied" : "ended-early", tacticsUsed: [], moment: null, nextTime: [] })),
    },
    log,
    maxCallMs: options.maxCallMs ?? 180_000,
    timings,
    send: (frame) => frames.push(frame) > 0,
    keepalive: { stop: () => events.push("stop pings"), rttMs: options.rttMs ?? null },
    isClosed: () => isClosed,
    // A typed call's delivery has nothing left to play.
    playbackTailMs: (rttMs) => (options.typed ? 0 : endCallTailMs + rttMs / 2),
    stopTimeLimit: () => events.push("stop time limit"),
    close: (close) => closed.push(close),
    guarded: (_what, action) => action(),
  });
  return { ending, frames, closed, events, lines, closeCall: () => (isClosed = true) };
}

const endCall = (eventId: number) => ({
  type: "agent_tool_response",
  agent_tool_response: { tool_name: "end_call", tool_call_id: `end_call_${eventId}`, tool_type: "system", is_error: false, is_called: true, event_id: eventId },
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("the debrief", () => {
  it("goes out as client_tool_call show_red_flag_debrief under the line's event id, each with its own tool call id", () => {
    const { ending, frames } = setUp();
    ending.debrief("complied", 4);
    ending.debrief("time-limit", 6);
    expect(frames).toEqual([
      { type: "client_tool_call", client_tool_call: { tool_name: "show_red_flag_debrief", tool_call_id: "debrief_4_1", event_id: 4, parameters: expect.objectContaining({ outcome: "complied" }) } },
      { type: "client_tool_call", client_tool_call: { tool_name: "show_red_flag_debrief", tool_call_id: "debrief_6_2", event_id: 6, parameters: expect.objectContaining({ outcome: "ended-early" }) } },
    ]);
  });

  it("is skipped, and logged, when the caller cannot write it", () => {
    const { ending, frames, lines } = setUp({
      debrief: () => {
        throw new Error("no debrief");
      },
    });
    ending.debrief("refused", 2);
    expect(frames).toEqual([]);
    expect(lines.map(({ msg }) => msg)).toContain("the caller could not write the debrief");
  });
});

describe("end_call", () => {
  it("goes out once the closing line has played, plus the tail and half the round trip", () => {
    const { ending, frames } = setUp({ rttMs: 200 });
    ending.closingLineDone(4, "finished", "refused");
    jest.advanceTimersByTime(endCallTailMs + 100 - 1);
    expect(frames).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(frames).toEqual([endCall(4)]);
  });

  it("waits for no round trip above 2 s", () => {
    const { ending, frames } = setUp({ rttMs: 60_000 });
    ending.closingLineDone(4, "finished", "refused");
    jest.advanceTimersByTime(endCallTailMs + 1_000);
    expect(frames).toEqual([endCall(4)]);
  });

  it.each([
    ["the closing line was cut", { outcome: "interrupted" as const, typed: false }],
    ["the closing line was stopped", { outcome: "stopped" as const, typed: false }],
    ["the call's delivery has nothing left to play (a typed call)", { outcome: "finished" as const, typed: true }],
  ])("goes out at once when %s", (_case, { outcome, typed }) => {
    const { ending, frames } = setUp({ rttMs: 200, typed });
    ending.closingLineDone(4, outcome, "refused");
    jest.advanceTimersByTime(0);
    expect(frames).toEqual([endCall(4)]);
  });

  it("is followed by the server's close with 1000 when the client has not closed within the grace, the pings and the time limit stopped", () => {
    const { ending, closed, events } = setUp();
    ending.closingLineDone(4, "interrupted", "refused");
    jest.advanceTimersByTime(0);
    expect(events).toEqual(["stop pings", "stop time limit"]);
    jest.advanceTimersByTime(timings.endGraceMs - 1);
    expect(closed).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(closed).toEqual([closes.callEnded]);
  });

  it("is not sent once the call has closed", () => {
    const { ending, frames, closeCall } = setUp();
    ending.closingLineDone(4, "finished", "refused");
    closeCall();
    jest.advanceTimersByTime(10_000);
    expect(frames).toEqual([]);
  });
});

describe("the time limit", () => {
  it("sends the time-limit debrief, then max_duration_exceeded, and closes after the grace", () => {
    const { ending, frames, closed } = setUp({ maxCallMs: 120_000 });
    ending.timeLimitReached(7);
    expect(frames.map((frame) => frame.type)).toEqual(["client_tool_call", "error"]);
    expect(frames[1]).toEqual({ type: "error", error_event: { code: 1008, error_type: "max_duration_exceeded", message: "The call reached its time limit of 2 minutes." } });
    jest.advanceTimersByTime(timings.endGraceMs);
    expect(closed).toEqual([closes.timeLimit]);
  });

  it.each([
    [60_000, "1 minute"],
    [600_000, "10 minutes"],
    [90_000, "90 seconds"],
    [1_000, "1 second"],
  ])("names a limit of %i ms as %s", (maxCallMs, named) => {
    const { ending, frames } = setUp({ maxCallMs });
    ending.timeLimitReached(1);
    expect(frames.at(-1)).toEqual(expect.objectContaining({ error_event: expect.objectContaining({ message: `The call reached its time limit of ${named}.` }) }));
  });
});

describe("the grace", () => {
  it("is not restarted by a second ending: the first close stands", () => {
    const { ending, closed } = setUp();
    ending.closeAfterGrace(closes.callEnded);
    jest.advanceTimersByTime(timings.endGraceMs - 1);
    ending.closeAfterGrace(closes.timeLimit);
    jest.advanceTimersByTime(1);
    expect(closed).toEqual([closes.callEnded]);
  });

  it("and the tail are cleared when the call closes: nothing more is sent or closed", () => {
    const { ending, frames, closed } = setUp();
    ending.closingLineDone(4, "finished", "refused");
    ending.closeAfterGrace(closes.timeLimit);
    ending.stop();
    jest.advanceTimersByTime(60_000);
    expect(frames).toEqual([]);
    expect(closed).toEqual([]);
  });
});

describe("a call ended for silence", () => {
  it("is put down by the server once the closing line has played, with the silence close reason and no end_call", () => {
    const { ending, frames, closed } = setUp({ rttMs: 200 });
    ending.closingLineDone(4, "finished", "silent");
    jest.advanceTimersByTime(endCallTailMs + 100 - 1);
    expect(closed).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(closed).toEqual([closes.silence]);
    expect(frames).toEqual([]);
  });
});
