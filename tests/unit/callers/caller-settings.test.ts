/** @jest-environment node */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as serialization from "@elevenlabs/elevenlabs-js/serialization";
import type { ElevenLabs } from "@elevenlabs/elevenlabs-js";
import type { AgentConfigFile } from "@/scripts/agents/configs";
import { verdictLine } from "@/scripts/agents/run-tests";
import { scenarioPlaybooks } from "@/scripts/agents/sources";
import { agentConfigPath, elevenlabsDir } from "@/scripts/agents/tree";

/** The production callers' settings that ElevenLabs would otherwise choose, and what `test` prints. */

const playbooks = scenarioPlaybooks();
const configOf = (scenario: string) => JSON.parse(readFileSync(join(elevenlabsDir, agentConfigPath(scenario)), "utf8")) as AgentConfigFile;

test.each(playbooks.map((playbook) => playbook.id))("%s: the language model and the voice model are pinned, to ids the API takes for an English agent", (scenario) => {
  const config = configOf(scenario).conversation_config;
  expect(serialization.Llm.parse(config.agent?.prompt?.llm).ok).toBe(true);
  // The service takes only the English-only v2 models for language "en".
  expect(config.agent?.language).toBe("en");
  expect(["eleven_flash_v2", "eleven_turbo_v2"]).toContain(config.tts?.model_id);
});

test.each(playbooks.map((playbook) => playbook.id))("%s: at the time limit the service speaks the caller's own way out, not a silent cut", (scenario) => {
  const playbook = playbooks.find((candidate) => candidate.id === scenario)!;
  expect(configOf(scenario).conversation_config.agent?.max_conversation_duration_message).toBe(playbook.reactions.outOfPatience[0]);
});

test.each(playbooks.map((playbook) => playbook.id))("%s: the prompt's boundaries are the section ElevenLabs' prompting guide calls Guardrails, last", (scenario) => {
  const prompt = configOf(scenario).conversation_config.agent!.prompt!.prompt!;
  const headings = prompt.split("\n").filter((line) => line.startsWith("# "));
  expect(headings.at(-1)).toBe("# Guardrails");
  expect(prompt).not.toMatch(/# Red lines/);
});

const run = (overrides: Partial<ElevenLabs.UnitTestRunResponseModel>): ElevenLabs.UnitTestRunResponseModel => ({
  testRunId: "run_1",
  testInvocationId: "inv_1",
  agentId: "agent_1",
  testId: "test_1",
  testName: "CEO urgent wire: the visitor holds firm (what the caller says)",
  status: "failed",
  ...overrides,
});

test("npm run agents -- test prints each verdict with the judge's reason", () => {
  expect(verdictLine(run({ conditionResult: { result: "failure", rationale: { summary: "The caller pressed again instead of giving up." } } }))).toBe(
    "failed  CEO urgent wire: the visitor holds firm (what the caller says): The caller pressed again instead of giving up.",
  );
  expect(verdictLine(run({ status: "passed", conditionResult: { result: "success", rationale: { messages: ["outcome matched", "nextTime has 4 items"] } } }))).toBe(
    "passed  CEO urgent wire: the visitor holds firm (what the caller says): outcome matched nextTime has 4 items",
  );
  expect(verdictLine(run({ testName: undefined }))).toBe("failed  test_1: no condition result given");
});
