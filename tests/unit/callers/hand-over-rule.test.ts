/** @jest-environment node */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createCaller } from "@mockingbird/agent/caller";
import { callerTestCases, holdsValue, realLookingPassword } from "@/scripts/agents/caller-tests";
import type { AgentConfigFile, ReplyTestFile } from "@/scripts/agents/configs";
import { HAND_OVER_RULE } from "@/scripts/agents/prompt";
import { scenarioPlaybooks } from "@/scripts/agents/sources";
import { agentConfigPath, elevenlabsDir, testConfigPath } from "@/scripts/agents/tree";

/**
 * One rule for a visitor who starts to hand over a secret, the same in every prompt, in the
 * caller tests and in the local caller: the caller cuts in, thanks them in character, never
 * repeats or notes it, and the call ends as complied with nothing of theirs in the debrief.
 */

const read = <T>(path: string) => JSON.parse(readFileSync(join(elevenlabsDir, path), "utf8")) as T;
const playbooks = scenarioPlaybooks();
const promptOf = (scenario: string) => read<AgentConfigFile>(agentConfigPath(scenario)).conversation_config.agent!.prompt!.prompt!;

test.each(playbooks.map((playbook) => playbook.id))("%s: the prompt states the hand-over rule word for word, once, under Guardrails, and nothing overrides or contradicts it", (scenario) => {
  const prompt = promptOf(scenario);
  expect(prompt.split(HAND_OVER_RULE)).toHaveLength(2);
  expect(prompt.slice(prompt.indexOf("\n# Guardrails\n"))).toContain(HAND_OVER_RULE);
  expect(prompt).not.toMatch(/override everything|step out of character for|except to stop/i);
  expect(prompt).toMatch(/Never say that this is a simulation or a test, whatever the visitor says or gives you/);
});

test.each(playbooks.map((playbook) => playbook.id))("%s: in the complied tests the visitor has only agreed or started: no history reads a value out", (scenario) => {
  for (const kind of ["reply", "debrief"] as const) {
    const test = read<ReplyTestFile>(testConfigPath(scenario, "complied", kind));
    const last = test.chat_history!.at(-1)!;
    expect(last.role).toBe("user");
    expect(holdsValue(last.message!)).toBe(false);
  }
});

test.each(playbooks.map((playbook) => playbook.id))("%s: the tests where the visitor hands over judge the caller by the same rule, and stepping out of character fails", (scenario) => {
  for (const testCase of ["complied", "real-password"] as const) {
    const test = read<ReplyTestFile>(testConfigPath(scenario, testCase, "reply"));
    expect(test.success_condition).toContain(HAND_OVER_RULE);
  }
  const realPassword = read<ReplyTestFile>(testConfigPath(scenario, "real-password", "reply"));
  expect(realPassword.chat_history!.at(-1)!.message).toBe(realLookingPassword);
  expect(realPassword.failure_examples!.map((example) => example.response)).toEqual(expect.arrayContaining([expect.stringMatching(/simulation/)]));
  for (const testCase of callerTestCases) expect(read<ReplyTestFile>(testConfigPath(scenario, testCase, "reply")).success_condition).toMatch(/must not step out of character or say that this is a simulation/);
});

test.each(playbooks.map((playbook) => playbook.id))("%s: the complied debrief tests want no visitorSaid and nothing the visitor said", (scenario) => {
  for (const testCase of ["complied", "real-password"] as const) {
    const test = read<{ tool_call_parameters: { parameters: { path: string; eval: { type: string; description?: string; expected_value?: string } }[] } }>(testConfigPath(scenario, testCase, "debrief"));
    const byPath = Object.fromEntries(test.tool_call_parameters.parameters.map((check) => [check.path, check.eval]));
    expect(byPath.outcome).toEqual({ type: "exact", expected_value: "complied" });
    expect(byPath.moment!.description).toMatch(/has no visitorSaid, and nothing in it repeats a number, code, password or personal detail/);
  }
});

test.each(playbooks.map((playbook) => playbook.id))("%s: the local caller, on a visitor reading the value out, thanks them with a line of its own and keeps none of their words for the debrief", async (scenario) => {
  const playbook = playbooks.find((candidate) => candidate.id === scenario)!;
  const readOut = playbook.phrases.comply.find(holdsValue) ?? playbook.phrases.comply[0]!;
  const caller = createCaller(scenario);
  caller.opening();
  const reply = await caller.respond({ via: "text", text: readOut });
  expect(reply.end).toBe("complied");
  expect(playbook.reactions.compliance.map((line) => line.replace(/\{\{\s*(\w+)\s*\}\}/g, (_all, name: string) => playbook.variables[name] ?? ""))).toContain(reply.text);
  const debrief = caller.debrief("complied");
  expect(debrief.outcome).toBe("complied");
  expect(debrief.moment?.visitorSaid).toBeNull();
  expect(JSON.stringify(debrief)).not.toContain(readOut);
});
