/** @jest-environment node */
import { defaultAbuseLimits, type AbuseLimits } from "../src/server/abuse";
import { closes, type Close } from "@mockingbird/contract/close-reasons";
import type { EventRef, InitData } from "../src/server/messages";
import { InboundFrames } from "../src/server/session/inbound";
import { capturingLogger, logLevels } from "./support/capturing-logger";

const initFrame = { type: "conversation_initiation_client_data", conversation_config_override: { agent: {}, tts: {}, conversation: {} } };
const audioFrame = (samples: number) => ({ user_audio_chunk: Buffer.alloc(samples * 2).toString("base64") });

function setUp(options: { started?: boolean; abuse?: Partial<AbuseLimits>; knownPings?: number[] } = {}) {
  const handled: string[] = [];
  const inits: InitData[] = [];
  const closed: Close[] = [];
  const { log, lines } = capturingLogger();
  let started = options.started ?? false;
  const clock = { at: 0 };
  const inbound = new InboundFrames({
    log,
    now: () => clock.at,
    abuse: { ...defaultAbuseLimits, ...options.abuse },
    maxTypedChars: 1_000,
    awaitingInit: () => !started,
    close: (close) => closed.push(close),
    handlers: {
      init: (init) => {
        inits.push(init);
        started = true;
      },
      audio: (pcm) => handled.push(`audio ${pcm.length}`),
      pong: (eventId: EventRef) => {
        handled.push(`pong ${String(eventId)}`);
        return (options.knownPings ?? []).includes(Number(eventId));
      },
      typed: (text) => handled.push(`typed ${text}`),
      activity: () => handled.push("activity"),
    },
  });
  const receive = (frame: unknown) => inbound.receive(Buffer.from(typeof frame === "string" ? frame : JSON.stringify(frame)), false);
  return { inbound, receive, handled, inits, closed, lines, clock };
}

describe("before the handshake", () => {
  it("hands usable initiation data to the start of the call", () => {
    const { receive, inits } = setUp();
    receive({ ...initFrame, conversation_config_override: { agent: { first_message: "Hello", language: "en-GB" }, tts: {}, conversation: { text_only: true } } });
    expect(inits).toEqual([{ overrides: ["agent.first_message", "agent.language", "conversation.text_only"], firstMessage: "Hello", language: "en-GB", variables: {}, textOnly: true }]);
  });

  it("treats any other frame as a bad one: logged and counted, not handled", () => {
    const { receive, handled, lines } = setUp();
    receive(audioFrame(320));
    receive({ type: "user_message", text: "hi" });
    expect(handled).toEqual([]);
    expect(lines.filter(({ msg }) => msg === "ignored a bad frame").map(({ problem }) => problem)).toEqual(["before-handshake", "before-handshake"]);
  });
});

describe("during the call", () => {
  it("routes audio, pongs and typed turns to their parts", () => {
    const { receive, handled } = setUp({ started: true, knownPings: [1] });
    receive(audioFrame(320));
    receive({ type: "pong", event_id: 1 });
    receive({ type: "user_message", text: "who is this" });
    expect(handled).toEqual(["audio 320", "pong 1", "typed who is this"]);
  });

  it("logs a pong that answers no ping in flight", () => {
    const { receive, lines } = setUp({ started: true });
    receive({ type: "pong", event_id: 9 });
    expect(lines.map(({ msg }) => msg)).toContain("pong for no ping in flight");
  });

  it("accepts contextual updates, user activity, feedback and MCP tool approvals without answering; user activity shows the visitor is there", () => {
    const { receive, handled, closed, lines } = setUp({ started: true });
    receive({ type: "contextual_update", text: "on the pricing page" });
    receive({ type: "user_activity" });
    receive({ type: "feedback", score: "like", event_id: 1 });
    receive({ type: "feedback", score: null, event_id: 1 });
    receive({ type: "mcp_tool_approval_result", tool_call_id: "t1", is_approved: true });
    expect(handled).toEqual(["activity"]);
    expect(closed).toEqual([]);
    expect(lines.map(({ msg }) => msg)).toEqual(["contextual_update accepted", "user_activity accepted", "feedback accepted", "feedback accepted", "message accepted and ignored"]);
  });
});

describe("the abuse budget", () => {
  it("warns about a kind of bad frame the first time, then logs it at debug", () => {
    const { receive, lines } = setUp({ started: true });
    receive("{not json");
    receive("{not json");
    expect(lines.filter(({ msg }) => msg === "ignored a bad frame").map(({ level }) => level)).toEqual([logLevels.warn, logLevels.debug]);
  });

  it("closes on a flood of messages before reading them", () => {
    const { receive, closed, handled } = setUp({ started: true, abuse: { frameBurst: 2, framesPerSecond: 1 } });
    for (let i = 0; i < 3; i += 1) receive({ type: "user_message", text: `${i}` });
    expect(handled).toEqual(["typed 0", "typed 1"]);
    expect(closed).toEqual([closes.flood]);
  });

  it("closes when audio arrives much faster than real time, without hearing it", () => {
    const { receive, closed, handled } = setUp({ started: true, abuse: { audioBurstSeconds: 1 } });
    receive(audioFrame(16_000));
    receive(audioFrame(16_000));
    expect(handled).toEqual(["audio 16000"]);
    expect(closed).toEqual([closes.audioFlood]);
  });
});
