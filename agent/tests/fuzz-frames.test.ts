/** @jest-environment node */
import fc from "fast-check";
import { ofType, startAgent, waitUntil, type ConvaiClient, type Harness } from "./support/agent-harness";

/**
 * Property-based fuzzing of client frames, before the handshake or after it: whatever arrives,
 * the server never fails a handler (nor its parser throws), every call ends cleanly, and /health
 * keeps answering.
 */

type RawFrame = { readonly data: string | Buffer; readonly binary: boolean };

const clientTypes = [
  "conversation_initiation_client_data",
  "pong",
  "user_message",
  "multimodal_message",
  "contextual_update",
  "user_activity",
  "feedback",
  "client_tool_result",
  "mcp_tool_approval_result",
  "enclave_setup_config",
];
const fieldNames = ["text", "event_id", "score", "tool_call_id", "result", "is_error", "conversation_config_override", "dynamic_variables", "user_audio_chunk"];

const text = (data: string): RawFrame => ({ data, binary: false });

const anyString = fc.string({ maxLength: 300, unit: "grapheme" }).map(text);
const anyJson = fc.jsonValue({ maxDepth: 4 }).map((value) => text(JSON.stringify(value) ?? "null"));
const knownTypeWithAnyFields = fc
  .tuple(fc.constantFrom(...clientTypes), fc.dictionary(fc.constantFrom(...fieldNames), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }))
  .map(([type, fields]) => text(JSON.stringify({ ...fields, type })));
const initWithAnyOverrides = fc
  .record(
    {
      conversation_config_override: fc.record({ agent: fc.record({ first_message: fc.jsonValue({ maxDepth: 1 }), language: fc.oneof(fc.constant("en"), fc.string({ maxLength: 8 })) }, { requiredKeys: [] }) }, { requiredKeys: [] }),
      dynamic_variables: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
    },
    { requiredKeys: [] },
  )
  .map((fields) => text(JSON.stringify({ type: "conversation_initiation_client_data", ...fields })));
const anyAudio = fc
  .oneof(
    fc.uint8Array({ maxLength: 2_048 }).map((bytes) => Buffer.from(bytes).toString("base64")),
    fc.base64String({ maxLength: 400 }),
    fc.string({ maxLength: 64 }),
  )
  .map((chunk) => text(JSON.stringify({ user_audio_chunk: chunk })));
const anyBinary = fc.uint8Array({ maxLength: 512 }).map((bytes): RawFrame => ({ data: Buffer.from(bytes), binary: true }));
/** Text frames that are not valid UTF-8: the websocket layer closes with 1007. */
const invalidUtf8 = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes): RawFrame => ({ data: Buffer.concat([Buffer.from([0xc3, 0x28]), Buffer.from(bytes)]), binary: false }));

const anyFrame: fc.Arbitrary<RawFrame> = fc.oneof(
  { arbitrary: anyString, weight: 2 },
  { arbitrary: anyJson, weight: 2 },
  { arbitrary: knownTypeWithAnyFields, weight: 4 },
  { arbitrary: initWithAnyOverrides, weight: 1 },
  { arbitrary: anyAudio, weight: 3 },
  { arbitrary: anyBinary, weight: 1 },
  { arbitrary: invalidUtf8, weight: 1 },
);

/** Codes a call may end with under garbage: never 1011 (a handler failed) or 1006 (the server died). */
const acceptableCloseCodes = [1000, 1007, 1008, 1009];

describe("the server under arbitrary frames", () => {
  let agent: Harness;
  beforeAll(async () => {
    agent = await startAgent({ timings: { handshakeTimeoutMs: 100, endGraceMs: 100, pingIntervalMs: 50 } });
  });
  afterAll(() => agent.close());

  /** Sends the frames, then a probe that the server either answers or closes the call on. */
  async function play(client: ConvaiClient, frames: readonly RawFrame[], probe: string): Promise<void> {
    for (const { data, binary } of frames) client.sendRaw(data, binary);
    client.send({ type: "user_message", text: probe });
    // A typed turn is answered (never echoed); frames before it may have filled the queue of turns, so the answer may be another's.
    const from = client.frames.length;
    const answered = client.waitFor((frame) => frame.type === "agent_response", "an answer to the probe", from).then(
      () => true,
      () => false,
    );
    await Promise.race([answered, client.closed]);
  }

  it("never fails a handler, ends every call with an expected code, and keeps answering /health", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(anyFrame, { maxLength: 12 }), async (initFirst, frames) => {
        run += 1;
        const client = agent.connect(await agent.signedUrl());
        await client.opened;
        if (initFirst) {
          client.send({ type: "conversation_initiation_client_data", conversation_config_override: { agent: { first_message: "" } } });
          await client.waitFor(ofType("conversation_initiation_metadata"), "metadata");
        }
        await play(client, frames, `probe ${run}`);
        client.close();
        const closed = await client.closed;
        // 1005: the client's own close crossed the server's closing frame.
        expect([...acceptableCloseCodes, 1005]).toContain(closed.code);
        const health = await fetch(`${agent.httpUrl}/health`);
        expect(health.status).toBe(200);
      }),
      { numRuns: 80 },
    );
    await waitUntil(() => agent.server.activeCalls === 0, "every line free");
    expect(agent.logs.filter((line) => line.level >= 50)).toEqual([]);
  }, 30_000);
});
