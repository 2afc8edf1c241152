/** @jest-environment node */
import { closes } from "@mockingbird/contract/close-reasons";
import { ServiceDoubleSession, type DoubleScript } from "@mockingbird/testkit/fakes/elevenlabs-service/session";

/** What the double of ElevenLabs' service does with a call's first frame, as the service does: overrides and dynamic variables. */

function call(script: Partial<DoubleScript>, init: Record<string, unknown>) {
  const sent: Record<string, unknown>[] = [];
  const closed: { code: number; reason?: string }[] = [];
  const session = new ServiceDoubleSession({ send: (text) => sent.push(JSON.parse(text) as Record<string, unknown>), close: (code, reason) => closed.push({ code, reason }) }, { greeting: "", answer: () => [], firstFramesDelayMs: 0, ...script }, 1);
  session.receive(JSON.stringify({ type: "conversation_initiation_client_data", ...init }));
  return { session, sent, closed };
}

const typedCall = { conversation_config_override: { agent: {}, tts: {}, conversation: { text_only: true } }, dynamic_variables: { visitor_name: "there" } };

test("a call with an override its agent has not enabled is refused before the metadata, naming the field", () => {
  const { sent, closed } = call({ agent: { allowsOverride: () => false } }, typedCall);
  expect(sent).toEqual([]);
  expect(closed).toEqual([{ code: 1008, reason: "Override for field 'conversation.text_only' is not allowed by config." }]);
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

describe("a silent visitor", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const saidLines = (sent: Record<string, unknown>[]) => sent.filter((frame) => frame.type === "agent_response").map((frame) => (frame.agent_response_event as { agent_response: string }).agent_response);
  const silenceScript = { turnTimeoutMs: 7_000, silenceEndCallMs: 30_000, msPerChar: 1, silencePrompts: ["Still there?"], silenceEnd: [{ say: "Bye then." }] };

  test("is prompted again after the turn timeout, and the call is put down after the silence timeout with the silence close reason", async () => {
    const { sent, closed } = call(silenceScript, voiceCall);
    await jest.advanceTimersByTimeAsync(6_999);
    expect(saidLines(sent)).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(saidLines(sent)).toEqual(["Still there?"]);
    await jest.advanceTimersByTimeAsync(30_000 - 7_000);
    // Each prompt plays (0.3 s here) before the next wait: at 7, 14.3, 21.6 and 28.9 s.
    expect(saidLines(sent)).toEqual(["Still there?", "Still there?", "Still there?", "Still there?", "Bye then."]);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(closed).toEqual([closes.silence]);
  });

  test("is there again after user_activity: the silence clock starts again", async () => {
    const { session, closed } = call(silenceScript, voiceCall);
    await jest.advanceTimersByTimeAsync(25_000);
    session.receive(JSON.stringify({ type: "user_activity" }));
    await jest.advanceTimersByTimeAsync(25_000);
    expect(closed).toEqual([]);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(closed).toEqual([closes.silence]);
  });

  test("is not waited on in a text-only call", async () => {
    const { session, sent, closed } = call(silenceScript, typedCall);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(saidLines(sent)).toEqual([]);
    expect(closed).toEqual([]);
    session.ended();
  });
});
