/** @jest-environment node */
import { performance } from "node:perf_hooks";
import type { ServerFrame } from "../src/server/messages";
import { TextDelivery, VoiceDelivery, type DeliveryOptions } from "../src/server/session/delivery";
import { capturingLogger } from "./support/capturing-logger";
import { fakeSpeech } from "./support/agent-harness";

const msPerChar = 10;
const line = "Hello there. This is Sam from the IT helpdesk.";
/** 16 kHz, 2 bytes a sample. */
const audioBytes = (frames: ServerFrame[]) => frames.reduce((sum, frame) => sum + (frame.type === "audio" ? Buffer.from(frame.audio_event.audio_base_64 ?? "", "base64").length : 0), 0);

/** `frozenClock`: the client's playback never moves on, so only what the lead allows goes out. */
function setUp(options: { textOnly?: boolean; frozenClock?: boolean } = {}) {
  const frames: ServerFrame[] = [];
  const failures: string[] = [];
  const { log, lines } = capturingLogger();
  let offset = 0;
  const now = () => (options.frozenClock ? 0 : performance.now()) + offset;
  const deliveryOptions: DeliveryOptions = {
    voice: fakeSpeech({ msPerChar }),
    timings: { audioChunkMs: 100, audioLeadMs: 300, endCallTailMs: 500, textDeltaIntervalMs: 0 },
    log,
    now,
    send: (frame) => frames.push(frame) > 0,
    onFailure: (what) => failures.push(what),
  };
  const delivery = options.textOnly ? new TextDelivery(deliveryOptions) : new VoiceDelivery(deliveryOptions);
  return { delivery, frames, failures, logLines: lines, advance: (ms: number) => (offset += ms) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("a spoken line", () => {
  it("goes out as agent_response, then its audio in chunks of at most 100 ms, all under the line's event id", async () => {
    const { delivery, frames, advance } = setUp();
    const played = delivery.speak({ text: line, eventId: 7 });
    advance(10_000);
    expect(await played).toBe("finished");
    expect(frames[0]).toEqual({ type: "agent_response", agent_response_event: { agent_response: line, event_id: 7 } });
    const audio = frames.slice(1);
    expect(audio.every((frame) => frame.type === "audio" && frame.audio_event.event_id === 7)).toBe(true);
    expect(audio.every((frame) => frame.type === "audio" && Buffer.from(frame.audio_event.audio_base_64 ?? "", "base64").length <= 3_200)).toBe(true);
    expect(audioBytes(frames)).toBe(line.length * msPerChar * 16 * 2);
  });

  it("is sent no further ahead of the client's playback than the lead", async () => {
    const { delivery, frames } = setUp({ frozenClock: true });
    void delivery.speak({ text: line, eventId: 1 });
    for (let i = 0; i < 5; i += 1) await settle();
    // 300 ms of lead: the chunks that start within it have gone out ("Hello there. " whole, 130 ms, then 2 of 100 ms), none later.
    expect(audioBytes(frames) / 32).toBe(330);
    delivery.close();
  });

  it("goes out as agent_response alone when it is empty, and is finished at once", async () => {
    const { delivery, frames } = setUp();
    expect(await delivery.speak({ text: " ", eventId: 2 })).toBe("finished");
    expect(frames).toEqual([{ type: "agent_response", agent_response_event: { agent_response: " ", event_id: 2 } }]);
  });
});

describe("after a spoken line has gone out", () => {
  it("may still be playing for the client's buffering tail plus half a round trip", () => {
    expect(setUp().delivery.playbackTailMs(200)).toBe(500 + 100);
  });
});

describe("cutting a line", () => {
  it("stops its audio at once and says what was heard of it, cut to whole words", async () => {
    const { delivery, frames, advance } = setUp();
    const played = delivery.speak({ text: line, eventId: 1 });
    await settle();
    await settle();
    advance(150);
    const cut = delivery.cut();
    expect(cut).toEqual({ eventId: 1, text: line, heard: expect.stringMatching(/^Hello there\./) });
    const heard = cut?.heard ?? "";
    expect(line.startsWith(heard) && line[heard.length] === " ").toBe(true);
    expect(await played).toBe("interrupted");
    const sent = frames.length;
    advance(10_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(frames).toHaveLength(sent);
  });

  it("has nothing to cut when no line is playing", async () => {
    const { delivery, advance } = setUp();
    expect(delivery.cut()).toBeNull();
    const played = delivery.speak({ text: "Short.", eventId: 1 });
    advance(10_000);
    await played;
    expect(delivery.cut()).toBeNull();
  });

  it("stops a line without an interruption when the call is ending", async () => {
    const { delivery } = setUp();
    const played = delivery.speak({ text: line, eventId: 1 });
    delivery.stop();
    expect(await played).toBe("stopped");
  });
});

describe("a text-only call", () => {
  it("streams each reply as agent_chat_response_part start, word deltas and stop, then the whole agent_response, under one event id", async () => {
    const { delivery, frames } = setUp({ textOnly: true });
    expect(await delivery.speak({ text: "Read me the code.", eventId: 4 })).toBe("finished");
    expect(frames).toEqual([
      { type: "agent_chat_response_part", text_response_part: { type: "start", text: "", event_id: 4 } },
      ...["Read", " me", " the", " code."].map((text) => ({ type: "agent_chat_response_part", text_response_part: { type: "delta", text, event_id: 4 } })),
      { type: "agent_chat_response_part", text_response_part: { type: "stop", text: "", event_id: 4 } },
      { type: "agent_response", agent_response_event: { agent_response: "Read me the code.", event_id: 4 } },
    ]);
  });

  it("sends the opening whole as agent_response: the agent's fixed first message, not a model's output", async () => {
    const { delivery, frames } = setUp({ textOnly: true });
    expect(await delivery.speak({ text: "Hi, it's Sam.", eventId: 1, isOpening: true })).toBe("finished");
    expect(frames).toEqual([{ type: "agent_response", agent_response_event: { agent_response: "Hi, it's Sam.", event_id: 1 } }]);
  });

  it("has nothing left to play once a line has gone out, so end_call need not wait", () => {
    expect(setUp({ textOnly: true }).delivery.playbackTailMs(200)).toBe(0);
  });

  it("lets a streamed reply run to its end instead of cutting it", async () => {
    const { delivery } = setUp({ textOnly: true });
    const streamed = delivery.speak({ text: "Read me the code.", eventId: 1 });
    expect(delivery.cut()).toBeNull();
    expect(await streamed).toBe("finished");
  });
});

describe("when the call closes", () => {
  it("stops the line playing, and a line asked for afterwards sends nothing", async () => {
    const { delivery, frames } = setUp();
    const playing = delivery.speak({ text: line, eventId: 1 });
    delivery.close();
    expect(await playing).toBe("stopped");
    const sent = frames.length;
    expect(await delivery.speak({ text: "Anyone there?", eventId: 2 })).toBe("stopped");
    expect(frames).toHaveLength(sent);
  });
});
