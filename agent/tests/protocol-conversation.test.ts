/** @jest-environment node */
import { fakeSpeech, ofType, startAgent, waitUntil, type ConvaiClient, type Frame, type Harness } from "./support/agent-harness";

const msPerChar = 10;
const pcmBytesOf = (text: string) => Math.round(text.length * msPerChar * 16) * 2;
const noGreeting = { conversation_config_override: { agent: { first_message: "" } } };

let agent: Harness;
beforeAll(async () => {
  agent = await startAgent({ speech: fakeSpeech({ msPerChar }), timings: { pingIntervalMs: 200 } });
});
afterAll(() => agent.close());

const agentResponses = (client: ConvaiClient) => client.frames.filter(ofType("agent_response"));

describe("the greeting", () => {
  it("uses the first_message override and hands the dynamic variables to the caller as strings", async () => {
    const client = await agent.startCall({
      conversation_config_override: { agent: { first_message: "Hello {{name}}, quick question.", language: "en" } },
      dynamic_variables: { name: "Ada", seats: 3, vip: true },
    });
    const response = await client.waitFor(ofType("agent_response"), "greeting");
    expect(response.agent_response_event.agent_response).toBe("Hello Ada, quick question.");
    expect(agent.callers.at(-1)?.openings).toEqual([{ firstMessage: "Hello {{name}}, quick question.", variables: { name: "Ada", seats: "3", vip: "true" } }]);
    client.close();
  });

  it("is skipped when first_message is empty: the first agent line answers the visitor", async () => {
    const client = await agent.startCall(noGreeting);
    await client.roundTrip("who is this");
    expect(agentResponses(client).map((frame) => frame.agent_response_event.agent_response)).toEqual([expect.stringContaining("I need that code")]);
    client.close();
  });
});

describe("captions that follow the voice", () => {
  const line = "Hi there, this is Sam from the IT helpdesk. I need your code now.";

  it("the chunks' characters, in order, spell the agent_response's text, and their times only move forward", async () => {
    const client = await agent.startCall({ conversation_config_override: { agent: { first_message: line } } });
    await client.waitForAudio(1, pcmBytesOf(line));
    let offset = 0;
    const times: number[] = [];
    const chars: string[] = [];
    for (const frame of client.audioOf(1)) {
      const { alignment, audio_base_64: audio } = frame.audio_event;
      chars.push(...alignment.chars);
      times.push(...alignment.char_start_times_ms.map((start: number) => offset + start));
      offset += Buffer.from(audio, "base64").length / 32;
    }
    expect(chars.join("")).toBe(line);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)).toBeLessThan(offset);
    client.close();
  });
});

describe("pings", () => {
  it("carry their own event_id counter starting at 1", async () => {
    const client = await agent.startCall(noGreeting);
    await client.waitFor((frame) => frame.type === "ping" && frame.ping_event.event_id === 2, "second ping");
    expect(client.frames.filter(ofType("ping")).slice(0, 2).map((frame) => frame.ping_event.event_id)).toEqual([1, 2]);
    client.close();
  });

  it("report the round trip measured from the client's pongs in ping_ms", async () => {
    const client = await agent.startCall(noGreeting);
    const ping = await client.waitFor((frame) => frame.type === "ping" && typeof frame.ping_event.ping_ms === "number", "a ping with ping_ms");
    expect(client.frames.find(ofType("ping"))?.ping_event.ping_ms).toBeNull();
    expect(ping.ping_event.ping_ms).toBeGreaterThanOrEqual(0);
    client.close();
  });
});

describe("visitor turns", () => {
  it("answers a typed user_message with agent_response and audio, and does not echo it (the service does not)", async () => {
    const client = await agent.startCall(noGreeting);
    const reply = await client.roundTrip("who is this");
    expect(client.frames.filter(ofType("user_transcript"))).toEqual([]);
    expect(reply.agent_response_event.event_id).toBe(1);
    await client.waitForAudio(1, pcmBytesOf(reply.agent_response_event.agent_response));
    expect(agent.callers.at(-1)?.turns).toEqual([{ via: "text", text: "who is this" }]);
    client.close();
  });
});

describe("client tools", () => {
  it("logs a client_tool_result error as a warning and carries on", async () => {
    const client = await agent.startCall(noGreeting);
    client.send({ type: "client_tool_result", tool_call_id: "debrief_1_1", result: "Client tool with name show_red_flag_debrief is not defined on client", is_error: true });
    await client.roundTrip();
    expect(agent.logsOf(client.conversationId)).toContainEqual(expect.objectContaining({ level: 40, msg: "the client reported a tool error", toolCallId: "debrief_1_1" }));
    client.close();
  });
});

describe("ending the call", () => {
  it("sends the debrief as client_tool_call show_red_flag_debrief with the way the call ended, then the closing line, all its audio, then end_call, under one event_id", async () => {
    const client = await agent.startCall(noGreeting);
    client.send({ type: "user_message", text: "goodbye" });
    await client.waitFor(ofType("agent_tool_response"), "end_call");
    const types = client.frames.filter((frame) => !["ping", "conversation_initiation_metadata", "user_transcript"].includes(frame.type)).map((frame) => frame.type);
    expect(types[0]).toBe("client_tool_call");
    expect(types[1]).toBe("agent_response");
    expect(types.at(-1)).toBe("agent_tool_response");
    expect(types.slice(2, -1).every((type) => type === "audio")).toBe(true);
    const call = client.frames.find(ofType("client_tool_call")) as Frame;
    const closingLine = client.frames.find(ofType("agent_response")) as Frame;
    const end = client.frames.find(ofType("agent_tool_response")) as Frame;
    const id = closingLine.agent_response_event.event_id as number;
    expect(call.client_tool_call).toEqual({ tool_name: "show_red_flag_debrief", tool_call_id: expect.any(String), parameters: expect.objectContaining({ scenario: "it-helpdesk-mfa-reset", outcome: "ended-early" }), event_id: id });
    expect(client.audioOf(id).reduce((bytes, frame) => bytes + Buffer.from(frame.audio_event.audio_base_64, "base64").length, 0)).toBe(pcmBytesOf("Fine, goodbye."));
    expect(end.agent_tool_response).toEqual({ tool_name: "end_call", tool_call_id: expect.any(String), tool_type: "system", is_error: false, is_called: true, event_id: id });
    client.close();
  });

  it("closes the recognizer when the client hangs up", async () => {
    const client = await agent.startCall(noGreeting);
    const recognizer = agent.speech.recognizers.at(-1);
    expect(recognizer?.closed).toBe(false);
    client.close();
    await waitUntil(() => recognizer?.closed === true, "the recognizer is closed");
  });
});

describe("a text-only call", () => {
  it("sends the opening whole, as the service sends its fixed first message", async () => {
    const client = await agent.startCall({ conversation_config_override: { conversation: { text_only: true } } });
    const greeting = await client.waitFor(ofType("agent_response"), "greeting");
    expect(greeting.agent_response_event.event_id).toBe(1);
    expect(client.frames.filter(ofType("agent_chat_response_part"))).toEqual([]);
    client.close();
  });
});

describe("when synthesis fails", () => {
  it("the line still goes out as text, the failure is logged, and the call goes on", async () => {
    const failing = await startAgent({ speech: fakeSpeech({ failSynthesisOf: /IT helpdesk/ }) });
    try {
      const client = await failing.startCall();
      await client.waitFor(ofType("agent_response"), "greeting");
      const reply = await client.roundTrip("who is this");
      await client.waitForAudio(reply.agent_response_event.event_id, 2);
      expect(client.audioOf(1)).toEqual([]);
      expect(failing.logsOf(client.conversationId)).toContainEqual(expect.objectContaining({ msg: "synthesis failed; the rest of the line went out as text only" }));
    } finally {
      await failing.close();
    }
  });
});
