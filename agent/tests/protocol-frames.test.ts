/** @jest-environment node */
import { createAbuseBudget } from "../src/server/abuse";
import { parseClientFrame } from "../src/server/messages";

const parse = (frame: unknown) => parseClientFrame(JSON.stringify(frame), false, { maxTypedChars: 1_000 });

describe("parsing client frames (docs/protocol.md §3.1)", () => {
  it("reads the init overrides the SDK sends", () => {
    expect(
      parse({
        type: "conversation_initiation_client_data",
        conversation_config_override: { agent: { prompt: { prompt: "ignored" }, first_message: "Hi!", language: "en-GB" }, tts: { voice_id: "x" }, conversation: { text_only: true } },
        dynamic_variables: { user_name: "Ada", seats: 2, vip: false },
        source_info: { source: "js_sdk", version: "1.25.0" },
      }),
    ).toEqual({
      kind: "init",
      init: {
        overrides: ["agent.prompt.prompt", "agent.first_message", "agent.language", "tts.voice_id", "conversation.text_only"],
        firstMessage: "Hi!",
        language: "en-GB",
        variables: { user_name: "Ada", seats: "2", vip: "false" },
        textOnly: true,
      },
    });
  });

  it("reads a bare init, as a session without overrides sends it", () => {
    expect(parse({ type: "conversation_initiation_client_data", conversation_config_override: { agent: {}, tts: {}, conversation: {} } })).toEqual({
      kind: "init",
      init: { overrides: [], firstMessage: undefined, language: undefined, variables: {}, textOnly: false },
    });
  });

  it("decodes user_audio_chunk (no type field) as little-endian 16-bit samples", () => {
    const frame = parse({ user_audio_chunk: Buffer.from([0x01, 0x00, 0xff, 0xff]).toString("base64") });
    expect(frame.kind === "audio" && Array.from(frame.pcm)).toEqual([1, -1]);
  });

  it("accepts string event ids in pong, as the Python SDK sends them", () => {
    expect(parse({ type: "pong", event_id: "7" })).toEqual({ kind: "pong", eventId: "7" });
  });

  it("stringifies a non-string client_tool_result, as the SDK does", () => {
    expect(parse({ type: "client_tool_result", tool_call_id: "c1", result: { ok: true }, is_error: false })).toEqual({ kind: "tool-result", toolCallId: "c1", isError: false, result: '{"ok":true}' });
  });

  it("treats the text of a multimodal_message as a typed turn", () => {
    expect(parse({ type: "multimodal_message", text: { type: "user_message", text: " see this " }, files: [] })).toEqual({ kind: "user-message", text: "see this" });
  });
});

describe("the abuse budget", () => {
  const limits = { framesPerSecond: 10, frameBurst: 20, bytesPerSecond: 1_000, byteBurst: 4_000, audioSpeed: 2, audioBurstSeconds: 1, strikes: 3, strikeForgivenessMs: 1_000 };

  it("forgives bad frames over time, so a long call with rare oddities goes on", () => {
    const budget = createAbuseBudget(limits, 0);
    const results = Array.from({ length: 20 }, (_, i) => budget.strike(i * 1_000));
    expect(results.every(Boolean)).toBe(true);
  });

  it("lets a sustained rate below the limit through", () => {
    const steady = createAbuseBudget(limits, 0);
    expect(Array.from({ length: 100 }, (_, i) => steady.admitFrame(i * 100, 10)).every(Boolean)).toBe(true);
  });
});
