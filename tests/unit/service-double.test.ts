/** @jest-environment node */
import { ServiceDoubleSession, type DoubleScript } from "@mockingbird/contract/service-double/session";

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
