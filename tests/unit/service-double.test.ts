/** @jest-environment node */
import { WebSocket } from "ws";
import { serveServiceDouble } from "@mockingbird/testkit/fakes/elevenlabs-service";
import { doubleAgent, type DoubleAgent } from "@mockingbird/testkit/fakes/elevenlabs-service/agent";
import { originRefused, ServiceDoubleSession, type DoubleScript } from "@mockingbird/testkit/fakes/elevenlabs-service/session";

/** What the double of ElevenLabs' service does with a call's socket and first frame, as the service does: the allow-list, overrides and dynamic variables. */

function call(script: Partial<DoubleScript>, init: Record<string, unknown>, origin?: string) {
  const sent: Record<string, unknown>[] = [];
  const closed: { code: number; reason?: string }[] = [];
  const transport = { send: (text: string) => sent.push(JSON.parse(text) as Record<string, unknown>), close: (code: number, reason?: string) => closed.push({ code, reason }) };
  const session = new ServiceDoubleSession(transport, { greeting: "", answer: () => [], firstFramesDelayMs: 0, ...script }, 1, { origin });
  session.receive(JSON.stringify({ type: "conversation_initiation_client_data", ...init }));
  return { session, sent, closed };
}

const typedCall = { conversation_config_override: { agent: {}, tts: {}, conversation: { text_only: true } }, dynamic_variables: { visitor_name: "there" } };

const site: DoubleAgent = { allowsOverride: () => true, allowlist: ["www.mockingbird.example", "localhost:3000"] };
const refusedOrigin = () => [{ code: 1008, reason: originRefused.reason }];

describe("the agent's allow-list", () => {
  test("refuses a socket from an origin it does not name, before any frame, with 1008 and a reason", () => {
    const { sent, closed } = call({ agent: site }, typedCall, "https://evil.example");
    expect(sent).toEqual([]);
    expect(closed).toEqual(refusedOrigin());
  });

  test("compares the whole host: a subdomain or another port of a named host is refused, the named ones start", () => {
    for (const origin of ["https://mockingbird.example", "https://app.www.mockingbird.example", "http://localhost:3001", "http://localhost"]) expect(call({ agent: site }, typedCall, origin).closed).toEqual(refusedOrigin());
    for (const origin of ["https://www.mockingbird.example", "http://localhost:3000"]) {
      const { closed, session } = call({ agent: site }, typedCall, origin);
      expect(closed).toEqual([]);
      session.ended();
    }
  });

  test("an agent pushed with no allow-list accepts a socket from any origin", () => {
    for (const allowlist of [undefined, []]) {
      const { closed, session } = call({ agent: { allowsOverride: () => true, allowlist } }, typedCall, "https://anywhere.example");
      expect(closed).toEqual([]);
      session.ended();
    }
  });

  test("a socket without an Origin is accepted unless the agent requires one", () => {
    const accepted = call({ agent: site }, typedCall, undefined);
    expect(accepted.closed).toEqual([]);
    accepted.session.ended();
    expect(call({ agent: { ...site, requireOriginHeader: true } }, typedCall, undefined).closed).toEqual(refusedOrigin());
  });

  test("the served double reads the Origin header of the socket's handshake", async () => {
    const double = await serveServiceDouble({ greeting: "", answer: () => [], agent: site });
    const closeOf = (origin: string) =>
      new Promise<{ code: number; reason: string }>((resolve) => {
        const socket = new WebSocket(double.signedUrl(), "convai", { origin });
        socket.on("open", () => socket.send(JSON.stringify({ type: "conversation_initiation_client_data", ...typedCall })));
        socket.on("message", () => socket.close(1000));
        socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
      });
    try {
      expect([await closeOf("https://evil.example")]).toEqual(refusedOrigin());
      expect(await closeOf("https://www.mockingbird.example")).toEqual({ code: 1000, reason: "" });
    } finally {
      await double.close();
    }
  });
});


test("a call with an override its agent has not enabled is refused before the metadata, naming the field", () => {
  const { sent, closed } = call({ agent: { allowsOverride: () => false } }, typedCall);
  expect(sent).toEqual([]);
  expect(closed).toEqual([{ code: 1008, reason: "Override for field 'text_only' is not allowed by config." }]);
});

test("a call that sends back the agent's own value of a field it has not enabled starts, as ElevenLabs' widget sends the agent's language", () => {
  const agent = { allowsOverride: () => false, ownValue: (path: string) => (path === "agent.language" ? "en" : undefined) };
  const sameLanguage = { conversation_config_override: { agent: { prompt: {}, language: "en" }, tts: {} } };
  const started = call({ agent }, sameLanguage);
  expect(started.closed).toEqual([]);
  // A started session holds the service's 10-minute time limit, which kept jest alive that long.
  started.session.ended();
  const otherLanguage = { conversation_config_override: { agent: { language: "de" } } };
  expect(call({ agent }, otherLanguage).closed).toEqual([{ code: 1008, reason: "Override for field 'language' is not allowed by config." }]);
});

test("a call with only the overrides its agent enables starts", () => {
  const { closed, session } = call({ agent: { allowsOverride: (field) => field === "conversation.text_only" } }, typedCall);
  expect(closed).toEqual([]);
  expect(session.textOnly).toBe(true);
  session.ended();
});

test("a first message naming a variable the call did not send is refused before the metadata, naming it", () => {
  const { sent, closed } = call({ greeting: "Hi {{visitor_name}}, it's Dave." }, { conversation_config_override: {} });
  expect(sent).toEqual([]);
  expect(closed).toEqual([{ code: 1008, reason: "Missing required dynamic variables in first message: {'visitor_name'}" }]);
});

test("the first message is said with the call's variables filled in", async () => {
  const { sent, session } = call({ greeting: "Hi {{visitor_name}}, it's Dave." }, typedCall);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sent.find((frame) => frame.type === "agent_response")).toMatchObject({ agent_response_event: { agent_response: "Hi there, it's Dave." } });
  session.ended();
});

/** 250 ms of the visitor's microphone: a voice (loud) or a quiet line. */
function microphone(voiced: boolean): string {
  const pcm = Buffer.alloc(4_000 * 2);
  for (let i = 0; i < 4_000; i++) pcm.writeInt16LE(voiced ? Math.round(8_000 * Math.sin(i / 3)) : 0, i * 2);
  return JSON.stringify({ user_audio_chunk: pcm.toString("base64") });
}

const voiceCall = { conversation_config_override: { agent: {}, tts: {}, conversation: {} }, dynamic_variables: { visitor_name: "there" } };

describe("the visitor's words as they speak", () => {
  test("go out as tentative transcripts that grow while the turn is spoken, then the whole turn as its user_transcript, under one id", () => {
    const { session, sent } = call({ heard: ["who is this calling please"] }, voiceCall);
    for (let chunk = 0; chunk < 8; chunk++) session.receive(microphone(true));
    for (let chunk = 0; chunk < 3; chunk++) session.receive(microphone(false));
    const transcripts = sent.filter((frame) => frame.type === "tentative_user_transcript" || frame.type === "user_transcript");
    expect(transcripts.map((frame) => (frame.tentative_user_transcription_event ?? frame.user_transcription_event) as { user_transcript: string; event_id: number })).toEqual([
      { user_transcript: "who", event_id: 1 },
      { user_transcript: "who is", event_id: 1 },
      { user_transcript: "who is this", event_id: 1 },
      { user_transcript: "who is this calling", event_id: 1 },
      { user_transcript: "who is this calling please", event_id: 1 },
      { user_transcript: "who is this calling please", event_id: 1 },
    ]);
    expect(transcripts.at(-1)?.type).toBe("user_transcript");
    session.ended();
  });
});

describe("the agent's client events", () => {
  test("only the events a pushed agent lists go out: the visitor's words as they speak and vad_score are not sent unless listed", () => {
    const listed = ["conversation_initiation_metadata", "ping", "audio", "agent_response", "user_transcript"];
    const { session, sent } = call({ heard: ["who is this calling please"], agent: { allowsOverride: () => true, clientEvents: listed } }, voiceCall);
    for (let chunk = 0; chunk < 8; chunk++) session.receive(microphone(true));
    for (let chunk = 0; chunk < 3; chunk++) session.receive(microphone(false));
    expect(new Set(sent.map((frame) => frame.type))).toEqual(new Set(["conversation_initiation_metadata", "user_transcript"]));
    session.ended();
  });

  test("an agent pushed without client_events gets the service's default set", () => {
    const agent = doubleAgent({ conversationConfig: {}, platformSettings: {} });
    expect(agent.clientEvents).toEqual(["conversation_initiation_metadata", "ping", "audio", "interruption", "user_transcript", "agent_response"]);
  });
});

