/** @jest-environment node */
import { abuseReason, busyReason, floodReason } from "@mockingbird/contract/close-reasons";
import { pcmBase64, silence, startAgent, waitUntil, type Harness } from "./support/agent-harness";

const init = { type: "conversation_initiation_client_data", conversation_config_override: { agent: { first_message: "" } } };
const noGreeting = { conversation_config_override: { agent: { first_message: "" } } };

describe("capacity", () => {
  let agent: Harness;
  beforeAll(async () => {
    agent = await startAgent({ settings: { maxConcurrentCalls: 1 } });
  });
  afterAll(() => agent.close());

  it("refuses a call over the limit before metadata with 1013 and 'All lines are busy. Please try again in a minute.'", async () => {
    const first = await agent.startCall(noGreeting);
    const second = agent.connect(await agent.signedUrl());
    await second.opened;
    second.send(init);
    expect(await second.closed).toEqual({ code: 1013, reason: "All lines are busy. Please try again in a minute." });
    expect(busyReason).toBe("All lines are busy. Please try again in a minute.");
    expect(second.frames).toEqual([]);
    first.close();
    await waitUntil(() => agent.server.activeCalls === 0, "the line is free");
  });

  it("keeps a refused signed URL usable once a line is free", async () => {
    const first = await agent.startCall(noGreeting);
    const url = await agent.signedUrl();
    const refused = agent.connect(url);
    await refused.opened;
    refused.send(init);
    expect((await refused.closed).code).toBe(1013);
    first.close();
    await waitUntil(() => agent.server.activeCalls === 0, "the line is free");
    const retry = await agent.startCallOn(url, init);
    retry.close();
    await waitUntil(() => agent.server.activeCalls === 0, "the line is free");
  });
});

describe("bad input during a call", () => {
  let agent: Harness;
  beforeAll(async () => {
    agent = await startAgent();
  });
  afterAll(() => agent.close());

  const badFrames: [string, string | Buffer, boolean, string][] = [
    ["invalid JSON", "{not json", false, "invalid-json"],
    ["a JSON array", "[1,2,3]", false, "not-an-object"],
    ["an object without type", JSON.stringify({ hello: "world" }), false, "unknown-type"],
    ["an unknown type", JSON.stringify({ type: "launch_missiles" }), false, "unknown-type"],
    ["audio that is not base64", JSON.stringify({ user_audio_chunk: "not base64!" }), false, "bad-base64-audio"],
    ["audio that is not a string", JSON.stringify({ user_audio_chunk: 12 }), false, "bad-base64-audio"],
    ["odd-length audio", JSON.stringify({ user_audio_chunk: Buffer.from([1, 2, 3]).toString("base64") }), false, "odd-length-audio"],
    ["a user_message without text", JSON.stringify({ type: "user_message", text: 5 }), false, "bad-fields"],
    ["a binary frame", Buffer.from([0, 1, 2, 3]), true, "binary-frame"],
    ["a second conversation_initiation_client_data", JSON.stringify(init), false, "repeated-init"],
  ];

  it.each(badFrames)("ignores %s, logs it, and the call goes on", async (_name, data, binary, problem) => {
    const client = await agent.startCall(noGreeting);
    client.sendRaw(data, binary);
    await client.roundTrip();
    expect(agent.logsOf(client.conversationId)).toContainEqual(expect.objectContaining({ level: 40, msg: "ignored a bad frame", problem }));
    client.close();
  });

  it("closes with 1008 'Too many malformed messages.' after repeated bad frames", async () => {
    const client = await agent.startCall(noGreeting);
    for (let i = 0; i < 30; i += 1) client.sendRaw("{not json");
    expect(await client.closed).toEqual({ code: 1008, reason: abuseReason });
  });

  it("closes a flood of large frames with 1008 'Too many messages.'", async () => {
    const client = await agent.startCall(noGreeting);
    for (let i = 0; i < 20; i += 1) client.send({ type: "contextual_update", text: "x".repeat(200 * 1024) });
    expect(await client.closed).toEqual({ code: 1008, reason: floodReason });
  });

  it("tolerates a burst of audio frames such as a network stall releases", async () => {
    const client = await agent.startCall(noGreeting);
    for (let i = 0; i < 400; i += 1) client.send({ user_audio_chunk: pcmBase64(silence(32)) });
    await client.roundTrip();
    client.close();
  });

  it("closes a frame larger than 256 KiB with 1009", async () => {
    const client = await agent.startCall(noGreeting);
    client.send({ type: "user_message", text: "x".repeat(300 * 1024) });
    expect((await client.closed).code).toBe(1009);
  });

  it("ignores a typed message longer than the limit", async () => {
    const client = await agent.startCall(noGreeting);
    client.send({ type: "user_message", text: "x".repeat(5_000) });
    await client.roundTrip();
    expect(agent.callers.at(-1)?.turns).toEqual([{ via: "text", text: "who is this" }]);
    client.close();
  });
});

describe("failures of the caller", () => {
  it("refuses the call with 1011 and frees the line when the caller cannot be created", async () => {
    const agent = await startAgent({
      createCaller: () => {
        throw new Error("no playbook");
      },
    });
    try {
      const client = agent.connect(await agent.signedUrl());
      expect(await client.closed).toEqual({ code: 1011, reason: "The agent hit a problem and ended the call. Please start a new call." });
      expect(agent.server.activeCalls).toBe(0);
    } finally {
      await agent.close();
    }
  });
});

describe("graceful shutdown", () => {
  it("closes every call with 1001 'Server shutting down' and stops listening", async () => {
    const agent = await startAgent();
    const calls = await Promise.all([agent.startCall(), agent.startCall(noGreeting)]);
    const recognizers = [...agent.speech.recognizers];
    await agent.server.close();
    for (const call of calls) expect(await call.closed).toEqual({ code: 1001, reason: "Server shutting down" });
    expect(recognizers.every((recognizer) => recognizer.closed)).toBe(true);
    await expect(fetch(`${agent.httpUrl}/health`)).rejects.toThrow();
  });
});
