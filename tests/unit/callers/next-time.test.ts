/** @jest-environment node */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createCaller, type CallerEnd } from "@mockingbird/agent/caller";
import { DEBRIEF_NEXT_TIME_ITEMS, debriefOutcomes } from "@mockingbird/contract/debrief";
import { debriefToolParameters } from "@mockingbird/contract/debrief-tool";
import type { AgentConfigFile } from "@/scripts/agents/configs";
import { scenarioPlaybooks } from "@/scripts/agents/sources";
import { agentConfigPath, elevenlabsDir } from "@/scripts/agents/tree";

/**
 * How many pieces of advice a debrief's nextTime holds, one number (contract/debrief.ts's
 * DEBRIEF_NEXT_TIME_ITEMS) in the tool's schema, the production prompt and the local caller.
 */

const playbooks = scenarioPlaybooks();

test("the debrief tool's schema tells the model exactly that many", () => {
  expect(debriefToolParameters.properties.nextTime.description).toMatch(new RegExp(`^Exactly ${DEBRIEF_NEXT_TIME_ITEMS} pieces of advice`));
});

test.each(playbooks.map((playbook) => playbook.id))("%s: the prompt asks for exactly that many: the outcome's advice, one fewer, and a red flag", (scenario) => {
  const playbook = playbooks.find((candidate) => candidate.id === scenario)!;
  const prompt = JSON.parse(readFileSync(join(elevenlabsDir, agentConfigPath(scenario)), "utf8")) as AgentConfigFile;
  expect(prompt.conversation_config.agent!.prompt!.prompt).toContain(`- nextTime: exactly ${DEBRIEF_NEXT_TIME_ITEMS} items: the ${DEBRIEF_NEXT_TIME_ITEMS - 1} pieces of advice for the outcome, word for word:`);
  for (const outcome of debriefOutcomes) expect(playbook.debrief.advice[outcome]).toHaveLength(DEBRIEF_NEXT_TIME_ITEMS - 1);
});

test.each(playbooks.map((playbook) => playbook.id))("%s: the local caller's debrief holds exactly that many, however the call ends", async (scenario) => {
  const ends: CallerEnd[] = ["complied", "refused", "verified", "hung-up", "silent"];
  for (const end of ends) {
    const caller = createCaller(scenario);
    caller.opening();
    await caller.respond({ via: "text", text: "who is this" });
    expect(caller.debrief(end).nextTime).toHaveLength(DEBRIEF_NEXT_TIME_ITEMS);
  }
  const atTheLimit = createCaller(scenario);
  atTheLimit.opening();
  expect(atTheLimit.debrief("time-limit").nextTime).toHaveLength(DEBRIEF_NEXT_TIME_ITEMS);
});
