/** @jest-environment node */
import { CALL_VARIABLES } from "@mockingbird/contract/call-variables";
import { configProblems } from "@/scripts/agents/check";
import { knownIds } from "@/scripts/agents/service-rules";
import { callerSettings, scenarioPlaybooks } from "@/scripts/agents/sources";
import { agentConfigPath, elevenlabsDir, generateTree, jsonText, readRegistries, testConfigPath } from "@/scripts/agents/tree";

/**
 * `npm run agents -- check` refuses what ElevenLabs' service would refuse although the SDK's
 * shapes take it: each kind of refusal, on one generated file changed the way a hand edit or a
 * generator change would.
 */

const registries = readRegistries(elevenlabsDir);
const generated = generateTree(scenarioPlaybooks(), callerSettings(elevenlabsDir), registries);
const agentPath = agentConfigPath("ceo-urgent-wire");
const known = knownIds(registries);

/** The check's problems once one field of one generated file was set to `value`. */
function problemsAfter(path: string, field: string, value: unknown): string[] {
  const files = new Map(generated);
  const config = JSON.parse(files.get(path)!) as Record<string, unknown>;
  const keys = field.split(".");
  const parent = keys.slice(0, -1).reduce((node, key) => (node[key] ??= {}) as Record<string, unknown>, config);
  parent[keys.at(-1)!] = value;
  files.set(path, jsonText(config));
  return configProblems(files, known);
}

test("the generated folder has nothing the service refuses", () => {
  expect(configProblems(generated, known)).toEqual([]);
});

test.each([
  ["the LLM's temperature", "conversation_config.agent.prompt.temperature", 1.5],
  ["the call's maximum duration", "conversation_config.conversation.max_duration_seconds", 0],
  ["the turn timeout", "conversation_config.turn.turn_timeout", 45],
  ["the silence timeout", "conversation_config.turn.silence_end_call_timeout", 0],
  ["the voice's stability", "conversation_config.tts.stability", 1.3],
  ["the voice's similarity boost", "conversation_config.tts.similarity_boost", -0.1],
  ["the voice's speed", "conversation_config.tts.speed", 1.5],
])("%s outside the range the service accepts is refused, naming the file and the field", (_what, field, value) => {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  expect(problemsAfter(agentPath, field, value)).toEqual([expect.stringMatching(new RegExp(`^${escape(agentPath)}: ${escape(field)}: ${escape(String(value))} is outside what the service accepts \\(`))]);
});

test("a silence timeout of -1 (never) is taken", () => {
  expect(problemsAfter(agentPath, "conversation_config.turn.silence_end_call_timeout", -1)).toEqual([]);
});

test("an agent naming a tool id tools.json does not record is refused", () => {
  expect(problemsAfter(agentPath, "conversation_config.agent.prompt.tool_ids", ["tool_gone"])).toEqual([
    `${agentPath}: conversation_config.agent.prompt.tool_ids: tool_gone is not an id tools.json records, so the service has no such thing: run npm run agents -- generate`,
  ]);
});

test("a debrief test naming a tool id tools.json does not record is refused", () => {
  const path = testConfigPath("ceo-urgent-wire", "verified", "debrief");
  expect(problemsAfter(path, "tool_call_parameters.referenced_tool", { id: "tool_gone", type: "client" })).toEqual([
    `${path}: tool_call_parameters.referenced_tool.id: tool_gone is not an id tools.json records, so the service has no such thing: run npm run agents -- generate`,
  ]);
});

test("an agent with a test attached that tests.json does not record is refused", () => {
  expect(problemsAfter(agentPath, "platform_settings.testing.attached_tests", [{ test_id: "test_gone" }])).toEqual([
    `${agentPath}: platform_settings.testing.attached_tests: test_gone is not an id tests.json records, so the service has no such thing: run npm run agents -- generate`,
  ]);
});

test("a first message with a variable the call does not send is refused, naming the variable and the ones the call sends", () => {
  expect(problemsAfter(agentPath, "conversation_config.agent.first_message", "Hi {{visitor_name}}, this is {{ceo_name}}.")).toEqual([
    `${agentPath}: conversation_config.agent.first_message: {{ceo_name}} is not a variable the call sends (contract/call-variables.ts: ${Object.keys(CALL_VARIABLES).join(", ")}), so the service would refuse the call`,
  ]);
});

test("an agent with signed URLs and an allow-list together is refused, as ElevenLabs' authentication guide rules them out on one agent", () => {
  expect(problemsAfter(agentPath, "platform_settings.auth.allowlist", [{ hostname: "www.mockingbird-training.com" }])).toEqual([
    expect.stringMatching(new RegExp(`^${agentPath}: platform_settings.auth: signed URLs \\(enable_auth\\) and an allowlist together`)),
  ]);
  expect(problemsAfter(agentPath, "platform_settings.auth.allowlist", [])).toEqual([]);
});
