/** @jest-environment node */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createCaller } from "@mockingbird/agent/caller";
import type { Playbook, TaggedLine } from "@mockingbird/agent/caller/playbook-schema";
import { DEBRIEF_MAX_TACTICS_PER_LINE, parseDebrief, tacticMeanings, tactics } from "@mockingbird/contract/debrief";
import { debriefToolParameters } from "@mockingbird/contract/debrief-tool";
import { constantsFiller, type AgentConfigFile } from "@/scripts/agents/configs";
import { scenarioPlaybooks } from "@/scripts/agents/sources";
import { agentConfigPath, elevenlabsDir } from "@/scripts/agents/tree";

/**
 * A caller's line is tagged with every tactic it uses (the playbooks), and both callers' debriefs
 * say so: the local one from the tags, the production one because its prompt shows the tags and
 * its tool takes them (contract/debrief-tool.ts).
 */

const playbooks = scenarioPlaybooks();
const ids = playbooks.map((playbook) => playbook.id);
const playbookOf = (id: string) => playbooks.find((playbook) => playbook.id === id)!;
const promptOf = (id: string) => (JSON.parse(readFileSync(join(elevenlabsDir, agentConfigPath(id)), "utf8")) as AgentConfigFile).conversation_config.agent!.prompt!.prompt!;

function pressingLines(playbook: Playbook): TaggedLine[] {
  const { reactions } = playbook;
  return [playbook.opening, ...playbook.tactics.flatMap((step) => step.lines), ...reactions.refusal.pushes, ...reactions.askIdentity, ...reactions.askPurpose, ...reactions.callbackOffer];
}

test.each(ids)("%s: the prompt quotes every line that presses the visitor, the opening included, with its tags in the playbook's order", (id) => {
  const playbook = playbookOf(id);
  const fill = constantsFiller(playbook);
  const prompt = promptOf(id);
  const missing = pressingLines(playbook)
    .map((entry) => `"${fill(entry.line)}" (${entry.tactics.join(", ")})`)
    .filter((example) => !prompt.includes(example));
  expect(missing).toEqual([]);
});

test.each(ids)("%s: the prompt says what each tactic means, in the contract's words, and asks for every tactic of a line, the most prominent first", (id) => {
  const prompt = promptOf(id);
  for (const tactic of tactics) expect(prompt).toContain(`- ${tactic}: ${tacticMeanings[tactic]}.`);
  expect(prompt).toMatch(/- tacticsUsed: each line you said that pressed the visitor, your opening included, in order: .*tactics is every tactic it used, the most prominent first, each once/);
});

test.each(ids)("%s: the prompt says how to spot every tactic, so a call that leaned on intimidation or rapport most ends with its red flag too", (id) => {
  const playbook = playbookOf(id);
  const prompt = promptOf(id);
  for (const tactic of tactics) expect(prompt).toContain(`  - ${tactic}: "${playbook.debrief.redFlags[tactic]}"`);
});

test("the debrief tool takes each line's tactics as a list from the contract's tactics", () => {
  const item = debriefToolParameters.properties.tacticsUsed.items;
  expect(item.required).toEqual(["tactics", "line"]);
  expect(item.properties.tactics.items.enum).toEqual([...tactics]);
  expect(item.properties.tactics.description).toContain(`1 to ${DEBRIEF_MAX_TACTICS_PER_LINE}`);
});

test.each(ids)("%s: the local caller's debrief, a line's several tactics included, is one the widget takes unchanged", async (id) => {
  const caller = createCaller(id);
  caller.opening();
  for (const text of ["okay", "hmm", "who is this", "what is this about", "no"]) await caller.respond({ via: "text", text });
  const debrief = caller.debrief("refused");
  expect(debrief.tacticsUsed.some((used) => used.tactics.length > 1)).toBe(true);
  expect(parseDebrief(JSON.parse(JSON.stringify(debrief)))).toEqual(debrief);
});
