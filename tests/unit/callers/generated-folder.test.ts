/** @jest-environment node */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { agentRequest, testRequest, toolRequest } from "@/scripts/agents/api-shapes";
import { callerTestCases, callerTestKinds } from "@/scripts/agents/caller-tests";
import { callerSettings, scenarioPlaybooks } from "@/scripts/agents/sources";
import { differences, elevenlabsDir, generateTree, readRegistries, testConfigPath } from "@/scripts/agents/tree";
import { callScenarios } from "@/content/call/scenarios";
import type { AgentConfigFile, ReplyTestFile, ToolCallTestFile } from "@/scripts/agents/configs";

/** elevenlabs/: the production callers as committed, against what the generator writes from the playbooks and contract/. */

const files = generateTree(scenarioPlaybooks(), callerSettings(elevenlabsDir), readRegistries(elevenlabsDir));
const committed = (path: string): unknown => JSON.parse(readFileSync(join(elevenlabsDir, path), "utf8"));

test("the committed folder is exactly what the generator writes (npm run agents -- generate)", () => {
  expect(differences(elevenlabsDir, files)).toEqual([]);
});

test("every agent, tool and test config is a request ElevenLabs' API takes, field for field", () => {
  const problems = [...files.keys()].flatMap((path) => {
    const check = path.startsWith("agent_configs/") ? agentRequest : path.startsWith("tool_configs/") ? toolRequest : path.startsWith("test_configs/") ? testRequest : undefined;
    const parsed = check?.(committed(path), path);
    return parsed && !parsed.ok ? parsed.problems : [];
  });
  expect(problems).toEqual([]);
});

test("a misspelt field is named with its file and path", () => {
  const parsed = agentRequest({ name: "x", conversation_config: { agent: { frist_message: "Hi" } } }, "agent_configs/x.json");
  expect(parsed.ok ? [] : parsed.problems).toEqual([expect.stringMatching(/^agent_configs\/x\.json: conversation_config\.agent.*frist_message/)]);
});

test("each scenario has a next-reply test and a debrief tool-call test for every way a call ends and for a visitor blurting out a real-looking password", () => {
  const registered = readRegistries(elevenlabsDir).tests.tests.map((entry) => entry.config);
  expect(registered).toEqual(callScenarios.flatMap(({ id }) => callerTestCases.flatMap((testCase) => callerTestKinds.map((kind) => testConfigPath(id, testCase, kind)))));
  expect(callerTestCases).toEqual(["complied", "held-firm", "verified", "hung-up-early", "real-password"]);
  for (const path of registered) expect((committed(path) as { type: string }).type).toBe(path.endsWith(".reply.json") ? "llm" : "tool");
});

test("each next-reply test says what the caller must and must not say, with an example of each, and judges no tool call", () => {
  for (const path of readRegistries(elevenlabsDir).tests.tests.map((entry) => entry.config).filter((config) => config.endsWith(".reply.json"))) {
    const test = committed(path) as ReplyTestFile;
    expect(test.success_condition).toMatch(/The caller .+ It must not /);
    expect(test.success_condition).not.toMatch(/tool|then ends the call/);
    expect(test.success_examples).toHaveLength(1);
    expect(test.failure_examples?.length).toBeGreaterThanOrEqual(1);
    expect(test.chat_history?.at(-1)?.role).toBe("user");
  }
});

test("each debrief test checks the debrief tool call's scenario and outcome exactly, and its moment and advice by a judge, after the same conversation as its next-reply test", () => {
  for (const path of readRegistries(elevenlabsDir).tests.tests.map((entry) => entry.config).filter((config) => config.endsWith(".debrief.json"))) {
    const test = committed(path) as ToolCallTestFile;
    const reply = committed(path.replace(/\.debrief\.json$/, ".reply.json")) as ReplyTestFile;
    expect(test.chat_history).toEqual(reply.chat_history);
    expect(test.tool_call_parameters?.parameters?.map((check) => [check.path, check.eval.type])).toEqual([
      ["scenario", "exact"],
      ["outcome", "exact"],
      ["moment", "llm"],
      ["nextTime", "llm"],
    ]);
    expect(test.check_any_tool_matches).toBe(true);
  }
});

/** The dotted paths of every override an agent lets a client make. */
function enabledOverrides(value: unknown, path: string[] = []): string[] {
  if (value === true) return [path.join(".")];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => enabledOverrides(item, [...path, key]));
}

describe.each(callScenarios.map(({ id }) => id))("%s: the settings the site relies on", (scenario) => {
  const config = committed(`agent_configs/${scenario}.json`) as AgentConfigFile;

  test("it speaks English and takes calls only through a signed URL, with no allow-list beside it, as ElevenLabs' guide says of the two", () => {
    expect(config.conversation_config.agent?.language).toBe("en");
    expect(config.platform_settings.auth).toEqual({ enable_auth: true });
  });

  test("a client may override only text_only, which the widget sends for a typed call, and never the prompt", () => {
    expect(enabledOverrides(config.platform_settings.overrides?.conversation_config_override)).toEqual(["conversation.text_only"]);
    expect(config.platform_settings.overrides?.conversation_config_override?.agent?.prompt?.prompt).toBe(false);
  });

  test("it speaks with the voice voices.json gives its persona", () => {
    const voices = committed("voices.json") as { default: string; scenarios: Record<string, string> };
    expect(config.conversation_config.tts?.voice_id).toBe(voices.scenarios[scenario] ?? voices.default);
  });
});
