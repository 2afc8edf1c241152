/** @jest-environment node */
import type { CallerReply, DebriefReason } from "../src/caller/caller";
import type { Close } from "@mockingbird/contract/close-reasons";
import { closes } from "@mockingbird/contract/close-reasons";
import type { InitData, ServerFrame } from "../src/server/messages";
import type { Delivery } from "../src/server/session/delivery";
import { CallLifecycle } from "../src/server/session/lifecycle";
import { capturingLogger } from "./support/capturing-logger";

const timings = { handshakeTimeoutMs: 10_000, firstFramesMaxHoldMs: 250, endGraceMs: 3_000 };
/** How long the fake voice delivery says the client may still be playing a line (a typed call's: nothing). */
const voiceTailMs = 500;
const init = (overrides: Partial<InitData> = {}): InitData => ({ overrides: [], firstMessage: undefined, language: undefined, variables: {}, textOnly: false, ...overrides });

/** Fake parts that write what the lifecycle asks of them into one list, in order. */
function setUp(options: { opening?: () => CallerReply; maxCallMs?: number; rttMs?: number | null; allowedOverrides?: readonly string[]; capacityLeft?: number } = {}) {
  const calls: string[] = [];
  const frames: ServerFrame[] = [];
  const closed: Close[] = [];
  const queued: (() => Promise<void>)[] = [];
  const { log, lines } = capturingLogger();
  let nextId = 1;
  /** The client reads the metadata (the transport's pong), once the test says so. */
  let readMetadata = (): void => undefined;
  let notified = 0;
  let capacityLeft = options.capacityLeft ?? 1;
  let admitted = 0;
  const delivery = (kind: "voice" | "text"): Delivery & { kind: string } => {
    calls.push(`${kind} delivery`);
    return {
      kind,
      speak: async () => "finished",
      cut: () => null,
      stop: () => calls.push("stop line"),
      close: () => calls.push("close delivery"),
      playbackTailMs: (rttMs) => (kind === "voice" ? voiceTailMs + rttMs / 2 : 0),
    };
  };
  const lifecycle = new CallLifecycle({
    conversationId: "conv_test",
    caller: {
      opening: options.opening ?? (() => ({ text: "Hi, this is Sam." })),
      debrief: (reason: DebriefReason) => ({ scenario: "it-helpdesk-mfa-reset", title: "t", outcome: reason === "complied" ? "complied" : "ended-early", tacticsUsed: [], moment: null, nextTime: [] }),
    },
    log,
    maxCallMs: options.maxCallMs ?? 180_000,
    timings,
    send: (frame) => {
      frames.push(frame);
      calls.push(`send ${frame.type}`);
      return true;
    },
    parts: {
      socket: {
        holdUntilRead: (maxMs) => {
          calls.push(`hold up to ${maxMs}`);
          return new Promise<void>((resolve) => {
            readMetadata = () => {
              calls.push("metadata read");
              resolve();
            };
          });
        },
        discard: () => calls.push("discard socket"),
        close: (close) => {
          closed.push(close);
          calls.push(`close ${close.code}`);
        },
      },
      keepalive: { start: () => calls.push("start pings"), stop: () => calls.push("stop pings"), rttMs: options.rttMs ?? null },
      turns: {
        start: (lines) => calls.push(`lines through the ${(lines as ReturnType<typeof delivery>).kind} delivery`),
        chain: (task) => queued.push(task),
        open: (opening) => calls.push(`open with ${opening.text}`),
        allocateEventId: () => nextId++,
      },
      deliveries: { voice: () => delivery("voice"), text: () => delivery("text") },
      listening: {
        start: () => {
          calls.push("start listening");
          return true;
        },
        close: () => calls.push("close listening"),
      },
      silence: { start: (waiting) => calls.push(`watch silence${waiting ? ", waiting" : ""}`), stop: () => undefined },
    },
    allowedOverrides: new Set(options.allowedOverrides ?? ["agent.first_message", "agent.language", "conversation.text_only"]),
    admit: () => {
      if (capacityLeft === 0) return false;
      capacityLeft -= 1;
      admitted += 1;
      return true;
    },
    onClosed: () => (notified += 1),
  });
  /** Runs what the lifecycle queued ahead of the replies. */
  const runQueued = async () => {
    readMetadata();
    for (const task of queued.splice(0)) await task();
  };
  return { lifecycle, calls, frames, closed, lines, runQueued, notified: () => notified, admitted: () => admitted };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("the handshake", () => {
  it("accepts English in any region", () => {
    const { lifecycle } = setUp();
    lifecycle.start(init({ language: "en-GB" }));
    expect(lifecycle.phase).toBe("live");
  });

  it("closes with 1011 when the caller cannot open the call", () => {
    const { lifecycle, closed } = setUp({
      opening: () => {
        throw new Error("no playbook");
      },
    });
    lifecycle.start(init());
    expect(closed).toEqual([closes.internal]);
  });
});

describe("the start", () => {
  it("sends the metadata, holds the first frames until the client has read it, then starts the pings, and queues the opening", async () => {
    const { lifecycle, calls, frames, runQueued } = setUp();
    lifecycle.start(init());
    expect(lifecycle.phase).toBe("live");
    expect(frames[0]).toEqual({ type: "conversation_initiation_metadata", conversation_initiation_metadata_event: { conversation_id: "conv_test", agent_output_audio_format: "pcm_16000", user_input_audio_format: "pcm_16000" } });
    expect(calls).toEqual(["voice delivery", "lines through the voice delivery", "send conversation_initiation_metadata", "hold up to 250", "start listening", "watch silence", "open with Hi, this is Sam."]);
    await runQueued();
    expect(calls.slice(-2)).toEqual(["metadata read", "start pings"]);
  });

  it("waits on a silent visitor only when it can hear them, at once when the caller does not open", () => {
    for (const [textOnly, opening, expected] of [
      [false, "Hi, this is Sam.", "watch silence"],
      [false, "", "watch silence, waiting"],
      [true, "Hi, this is Sam.", undefined],
    ] as const) {
      const { lifecycle, calls } = setUp({ opening: () => ({ text: opening }) });
      lifecycle.start(init({ textOnly }));
      expect(calls.find((call) => call.startsWith("watch silence"))).toBe(expected);
    }
  });

  it("gives a text-only call the text delivery, chosen once, and never listens", () => {
    const { lifecycle, calls, lines } = setUp();
    lifecycle.start(init({ textOnly: true }));
    expect(calls.filter((call) => call.endsWith("delivery"))).toEqual(["text delivery", "lines through the text delivery"]);
    expect(calls).not.toContain("start listening");
    expect(lines.find(({ msg }) => msg === "call started")).toEqual(expect.objectContaining({ textOnly: true, recognition: false }));
  });
});

describe("the time limit", () => {
  it("stops the line and the listening, then hands the ending a new event id for the time-limit debrief and error", () => {
    const { lifecycle, calls, frames } = setUp({ maxCallMs: 120_000 });
    lifecycle.start(init());
    calls.length = 0;
    jest.advanceTimersByTime(120_000);
    expect(lifecycle.phase).toBe("ending");
    expect(calls).toEqual(["stop line", "close listening", "send client_tool_call", "send error", "stop pings"]);
    expect(frames.at(-2)).toEqual(expect.objectContaining({ client_tool_call: expect.objectContaining({ event_id: 1 }) }));
  });

  it("only bounds an ending already under way: no second debrief, a close after the grace", () => {
    const { lifecycle, frames, closed } = setUp({ maxCallMs: 60_000 });
    lifecycle.start(init());
    lifecycle.beginEnding("refused", 3);
    const sent = frames.length;
    jest.advanceTimersByTime(60_000);
    expect(frames).toHaveLength(sent);
    jest.advanceTimersByTime(timings.endGraceMs);
    expect(closed).toEqual([closes.timeLimit]);
  });
});

describe("the ending", () => {
  it("stops taking turns and sends the debrief under the closing line's id", () => {
    const { lifecycle, frames } = setUp();
    lifecycle.start(init());
    lifecycle.beginEnding("complied", 4);
    expect(lifecycle.phase).toBe("ending");
    expect(frames.at(-1)).toEqual(expect.objectContaining({ type: "client_tool_call", client_tool_call: expect.objectContaining({ event_id: 4, parameters: expect.objectContaining({ outcome: "complied" }) }) }));
  });

  it("waits out the chosen delivery's tail after the closing line: a voice call's, not a text-only one's", () => {
    for (const textOnly of [false, true]) {
      const { lifecycle, frames } = setUp();
      lifecycle.start(init({ textOnly }));
      lifecycle.closingLineDone(4, "finished", "complied");
      jest.advanceTimersByTime(0);
      expect(frames.at(-1)?.type === "agent_tool_response").toBe(textOnly);
      jest.advanceTimersByTime(voiceTailMs);
      expect(frames.at(-1)?.type).toBe("agent_tool_response");
    }
  });
});

describe("the close", () => {
  it("stops every part and clears every timer, whatever the state", () => {
    const { lifecycle, calls, closed, frames } = setUp({ maxCallMs: 60_000 });
    lifecycle.start(init());
    lifecycle.closingLineDone(4, "finished", "complied");
    calls.length = 0;
    lifecycle.close(closes.shutdown);
    expect(calls).toEqual(["discard socket", "close delivery", "stop pings", "close listening", "close 1001"]);
    const sent = frames.length;
    jest.advanceTimersByTime(600_000);
    expect(frames).toHaveLength(sent);
    expect(closed).toEqual([closes.shutdown]);
  });

  it("closes once: a second close does nothing", () => {
    const { lifecycle, closed } = setUp();
    lifecycle.close(closes.shutdown);
    lifecycle.close(closes.internal);
    expect(closed).toEqual([closes.shutdown]);
  });

  it("tells the owner once when the socket has closed", () => {
    const { lifecycle, notified, lines } = setUp();
    lifecycle.start(init());
    lifecycle.socketClosed(1000, Buffer.from("bye"));
    lifecycle.socketClosed(1000, Buffer.from("bye"));
    expect(notified()).toBe(1);
    expect(lines.filter(({ msg }) => msg === "the client closed the call")).toHaveLength(1);
  });

  it("stops every part when the client closed first", () => {
    const { lifecycle, calls } = setUp();
    lifecycle.start(init());
    calls.length = 0;
    lifecycle.socketClosed(1000, Buffer.from("bye"));
    expect(lifecycle.phase).toBe("closed");
    expect(calls).toEqual(expect.arrayContaining(["close delivery", "stop pings", "close listening"]));
  });

  it("ends the call with 1011 when a handler of another part throws", () => {
    const { lifecycle, closed, lines } = setUp();
    lifecycle.guarded("onUtterance", () => {
      throw new Error("bug");
    });
    expect(closed).toEqual([closes.internal]);
    expect(lines.find(({ msg }) => msg === "call handler failed")).toEqual(expect.objectContaining({ in: "onUtterance" }));
  });
});

describe("what the agent allows a call", () => {
  it("refuses a first_message override the agent has not enabled, before the metadata, naming the field as the service does", () => {
    const { lifecycle, closed, frames, admitted } = setUp({ allowedOverrides: ["conversation.text_only"] });
    lifecycle.start(init({ overrides: ["agent.first_message"], firstMessage: "Hi, it's your bank." }));
    expect(closed).toEqual([{ code: 1008, reason: "Override for field 'first_message' is not allowed by config." }]);
    expect(frames).toEqual([]);
    expect(admitted()).toBe(0);
  });

  it("starts a call whose overrides the agent all enables", () => {
    const { lifecycle } = setUp({ allowedOverrides: ["conversation.text_only"] });
    lifecycle.start(init({ overrides: ["conversation.text_only"], textOnly: true }));
    expect(lifecycle.phase).toBe("live");
  });

  it("refuses a first message naming a variable the call did not send, naming it as the service does", () => {
    const { lifecycle, closed, frames } = setUp();
    lifecycle.start(init({ overrides: ["agent.first_message"], firstMessage: "Hi {{visitor_name}}, it's Dave.", variables: { other: "x" } }));
    expect(closed).toEqual([{ code: 1008, reason: "Missing required dynamic variables in first message: {'visitor_name'}" }]);
    expect(frames).toEqual([]);
  });

  it("never takes a variable the call did not send from what every object inherits ({{constructor}})", () => {
    const { lifecycle, closed } = setUp();
    lifecycle.start(init({ overrides: ["agent.first_message"], firstMessage: "Hello {{constructor}}, {{toString}}.", variables: {} }));
    expect(closed).toEqual([{ code: 1008, reason: "Missing required dynamic variables in first message: {'constructor', 'toString'}" }]);
  });

  it("starts a call that sends every variable its first message names", () => {
    const { lifecycle } = setUp();
    lifecycle.start(init({ overrides: ["agent.first_message"], firstMessage: "Hi {{visitor_name}}, it's Dave.", variables: { visitor_name: "there" } }));
    expect(lifecycle.phase).toBe("live");
  });
});

describe("admission", () => {
  it("comes only once the initiation is usable, and a call over capacity is refused with 1013", () => {
    const { lifecycle, closed, frames, admitted } = setUp({ capacityLeft: 0 });
    lifecycle.start(init());
    expect(closed).toEqual([closes.busy]);
    expect(frames).toEqual([]);
    expect(admitted()).toBe(0);
  });

  it("is given back when the server closes the call, not when the client answers the close", () => {
    const { lifecycle, notified } = setUp();
    lifecycle.start(init());
    lifecycle.close(closes.callEnded);
    expect(notified()).toBe(1);
    lifecycle.socketClosed(1000, Buffer.from(""));
    expect(notified()).toBe(1);
  });
});
