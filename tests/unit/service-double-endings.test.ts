/** @jest-environment node */
import { doubleAgent, type DoubleAgent } from "@mockingbird/testkit/fakes/elevenlabs-service/agent";
import { ServiceDoubleSession, timeLimitError, type DoubleScript } from "@mockingbird/testkit/fakes/elevenlabs-service/session";

/**
 * How the double of ElevenLabs' service ends a call it did not end by its script: at the pushed
 * agent's time limit and silence timeouts, as the service documents them, and either way where
 * it does not.
 */

type Frame = { type: string } & Record<string, unknown>;

function call(script: Partial<DoubleScript>, textOnly: boolean, conversation: Record<string, unknown> = {}) {
  const sent: Frame[] = [];
  const closed: { code: number; reason?: string }[] = [];
  const transport = { send: (text: string) => sent.push(JSON.parse(text) as Frame), close: (code: number, reason?: string) => closed.push({ code, reason }) };
  const session = new ServiceDoubleSession(transport, { greeting: "", answer: () => [], firstFramesDelayMs: 0, msPerChar: 1, deltaIntervalMs: 1, ...script }, 1);
  const override = { agent: {}, tts: {}, conversation: { ...(textOnly ? { text_only: true } : {}), ...conversation } };
  session.receive(JSON.stringify({ type: "conversation_initiation_client_data", conversation_config_override: override, dynamic_variables: {} }));
  const types = () => sent.map((frame) => frame.type).filter((type) => type !== "ping" && type !== "conversation_initiation_metadata" && type !== "vad_score");
  const said = () => sent.filter((frame) => frame.type === "agent_response").map((frame) => (frame.agent_response_event as { agent_response: string }).agent_response);
  return { session, sent, closed, types, said };
}

const anyOverride = { allowsOverride: () => true };
const pushed = (agent: Omit<DoubleAgent, "allowsOverride">): DoubleAgent => ({ ...anyOverride, ...agent });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("the time limit", () => {
  test("sends max_duration_exceeded with code 1000, as the AsyncAPI contract gives it, then closes 1000", async () => {
    const { sent, closed } = call({ agent: pushed({ maxDurationSeconds: 5 }) }, true);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(sent.at(-1)).toEqual({ type: "error", error_event: { code: 1000, error_type: "max_duration_exceeded", message: timeLimitError, reason: timeLimitError } });
    await jest.advanceTimersByTimeAsync(3_000);
    expect(closed).toEqual([{ code: 1000, reason: timeLimitError }]);
  });

  test("is the pushed agent's max_duration_seconds", async () => {
    const { closed, types } = call({ agent: pushed({ maxDurationSeconds: 42 }) }, true);
    await jest.advanceTimersByTimeAsync(41_999);
    expect(types()).not.toContain("error");
    await jest.advanceTimersByTimeAsync(1);
    expect(types()).toContain("error");
    await jest.advanceTimersByTimeAsync(3_000);
    expect(closed).toHaveLength(1);
  });

  test("of an agent pushed without one is the service's default, 600 s", async () => {
    const { session, types } = call({ agent: anyOverride }, true);
    await jest.advanceTimersByTimeAsync(599_999);
    expect(types()).not.toContain("error");
    await jest.advanceTimersByTimeAsync(1);
    expect(types()).toContain("error");
    session.ended();
  });

  test("is a call's own max_duration_seconds when its agent allows that override", async () => {
    const { session, types } = call({ agent: pushed({ maxDurationSeconds: 600 }) }, true, { max_duration_seconds: 10 });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(types()).toContain("error");
    session.ended();
  });

  test("has the agent say its pushed max_conversation_duration_message, whole, before the error", async () => {
    const { types, said } = call({ agent: pushed({ maxDurationSeconds: 5, maxDurationMessage: "We're out of time. Goodbye." }) }, true);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(said()).toEqual(["We're out of time. Goodbye."]);
    expect(types()).toEqual(["agent_response", "error"]);
  });

  test("gives the caller's model no turn by default, and the test's turn (its debrief tool) before the error when it gives one", async () => {
    const debrief = { clientTool: "show_red_flag_debrief", parameters: { outcome: "ended-early" } };
    const without = call({ agent: pushed({ maxDurationSeconds: 5 }) }, true);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(without.types()).toEqual(["error"]);
    const withTurn = call({ agent: pushed({ maxDurationSeconds: 5 }), timeLimitTurn: [debrief, { say: "Fine. Goodbye." }] }, true);
    await jest.advanceTimersByTimeAsync(5_100);
    expect(withTurn.types().filter((type) => type !== "agent_chat_response_part")).toEqual(["client_tool_call", "agent_response", "error"]);
  });

  test("drops the turn the caller was taking when it came: its line stops and nothing after it is said", async () => {
    const { session, said, types } = call({ agent: pushed({ maxDurationSeconds: 5 }), msPerChar: 60, answer: () => [{ say: "A long answer that is still being said when the limit comes." }, { say: "Never said." }] }, false);
    await jest.advanceTimersByTimeAsync(4_000);
    session.receive(JSON.stringify({ type: "user_message", text: "Who is this?" }));
    await jest.advanceTimersByTimeAsync(4_000);
    expect(said()).toEqual(["A long answer that is still being said when the limit comes."]);
    expect(types().at(-1)).toBe("error");
  });

  test("with finalAgentResponse false, the line at the limit is only heard: audio without its agent_response, nothing in a text-only call", async () => {
    const agent = pushed({ maxDurationSeconds: 5, maxDurationMessage: "Out of time." });
    const voice = call({ agent, finalAgentResponse: false }, false);
    await jest.advanceTimersByTimeAsync(5_500);
    expect(voice.types()).toEqual(["audio", "error"]);
    const typed = call({ agent, finalAgentResponse: false }, true);
    await jest.advanceTimersByTimeAsync(5_500);
    expect(typed.types()).toEqual(["error"]);
  });
});

describe("a silent visitor", () => {
  test("is prompted after the pushed turn_timeout, and the service hangs up after the pushed silence_end_call_timeout with a bare close 1000", async () => {
    const { said, closed, types } = call({ agent: pushed({ turnTimeoutSeconds: 5, silenceEndCallTimeoutSeconds: 12 }), silencePrompts: ["Still there?"] }, false);
    await jest.advanceTimersByTimeAsync(4_999);
    expect(said()).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(said()).toEqual(["Still there?"]);
    await jest.advanceTimersByTimeAsync(7_000);
    // No line of its own and none of our agent's close reasons: the settings say only that the call ends.
    expect(closed).toEqual([{ code: 1000, reason: undefined }]);
    expect(types().at(-1)).toBe("audio");
  });

  test("of an agent pushed without silence_end_call_timeout is never put down (the service's default, -1), and is still prompted after the default turn_timeout of 7 s", async () => {
    const { session, closed, said } = call({ agent: anyOverride, silencePrompts: ["Still there?"] }, false);
    await jest.advanceTimersByTimeAsync(6_999);
    expect(said()).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(said()).toEqual(["Still there?"]);
    await jest.advanceTimersByTimeAsync(300_000);
    expect(closed).toEqual([]);
    session.ended();
  });

  test("hears the caller's model only when the test gives it a turn, and with silenceHangUp end_call gets the system tool's end_call", async () => {
    const { closed, said, types } = call({ agent: pushed({ silenceEndCallTimeoutSeconds: 10 }), silenceEnd: [{ say: "Bye then." }], silenceHangUp: "end_call" }, false);
    await jest.advanceTimersByTimeAsync(10_500);
    expect(said().at(-1)).toBe("Bye then.");
    expect(types().at(-1)).toBe("agent_tool_response");
    expect(closed).toEqual([]);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(closed).toEqual([{ code: 1000, reason: undefined }]);
  });

  test("is there again after user_activity: the silence clock starts again", async () => {
    const { session, closed } = call({ agent: pushed({ silenceEndCallTimeoutSeconds: 30 }) }, false);
    await jest.advanceTimersByTimeAsync(25_000);
    session.receive(JSON.stringify({ type: "user_activity" }));
    await jest.advanceTimersByTimeAsync(25_000);
    expect(closed).toEqual([]);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(closed).toHaveLength(1);
  });

  test("is not waited on in a text-only call", async () => {
    const { session, said, closed } = call({ agent: pushed({ turnTimeoutSeconds: 7, silenceEndCallTimeoutSeconds: 30 }) }, true);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(said()).toEqual([]);
    expect(closed).toEqual([]);
    session.ended();
  });
});

test("doubleAgent reads the allow-list, the overrides, the time limit, its line and the timeouts from an agent as the SDK reads it back", () => {
  const agent = doubleAgent({
    conversationConfig: {
      agent: { maxConversationDurationMessage: "Out of time." },
      conversation: { maxDurationSeconds: 180 },
      turn: { turnTimeout: 7, silenceEndCallTimeout: 30 },
    },
    platformSettings: {
      auth: { enableAuth: true, allowlist: [{ hostname: "www.mockingbird.example" }], requireOriginHeader: true },
      overrides: { conversationConfigOverride: { conversation: { textOnly: true }, agent: { firstMessage: false } } },
    },
  });
  expect(agent).toMatchObject({ allowlist: ["www.mockingbird.example"], requireOriginHeader: true, maxDurationSeconds: 180, maxDurationMessage: "Out of time.", turnTimeoutSeconds: 7, silenceEndCallTimeoutSeconds: 30 });
  expect(agent.allowsOverride("conversation.text_only")).toBe(true);
  expect(agent.allowsOverride("agent.first_message")).toBe(false);
  expect(agent.allowsOverride("conversation.max_duration_seconds")).toBe(false);
});
