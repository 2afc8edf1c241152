/** @jest-environment node */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createCaller, type CallerEnd, debriefToolName } from "@mockingbird/agent/caller";
import { loadConfig } from "@mockingbird/agent/config";
import { CALL_VARIABLES, fillPlaceholders, placeholdersIn } from "@mockingbird/contract/call-variables";
import { debriefToolParameters } from "@mockingbird/contract/debrief-tool";
import type { ServiceFrame } from "@mockingbird/testkit/fakes/elevenlabs-service";
import type { AgentConfigFile, ToolConfigFile } from "@/scripts/agents/configs";
import { scenarioPlaybooks } from "@/scripts/agents/sources";
import { agentConfigPath, elevenlabsDir, readRegistries } from "@/scripts/agents/tree";

/**
 * One playbook, two callers: the local agent plays it (agent/), an ElevenLabs agent is configured
 * from it (elevenlabs/). Where they must agree, this checks the committed configs against the
 * local agent itself; where they differ by nature, docs/protocol.md says so.
 */

const read = <T>(path: string) => JSON.parse(readFileSync(join(elevenlabsDir, path), "utf8")) as T;
const playbooks = scenarioPlaybooks();
const configOf = (scenario: string) => read<AgentConfigFile>(agentConfigPath(scenario));
const fillCallVariables = (text: string) => fillPlaceholders(text, (name, placeholder) => (CALL_VARIABLES as Record<string, string>)[name] ?? placeholder);

test.each(playbooks.map((playbook) => playbook.id))("%s: the production caller opens with the local caller's first line, given the variables the widget sends", (scenario) => {
  const firstMessage = configOf(scenario).conversation_config.agent!.first_message!;
  expect(fillCallVariables(firstMessage)).toBe(createCaller(scenario).opening({ variables: { ...CALL_VARIABLES } }).text);
  // Every placeholder left is one the widget sends: ElevenLabs refuses a call missing one.
  for (const name of placeholdersIn(firstMessage)) expect(Object.keys(CALL_VARIABLES)).toContain(name);
});

test("every playbook's default visitor name is the one the widget sends", () => {
  for (const playbook of playbooks) expect(playbook.variables.visitor_name).toBe(CALL_VARIABLES.visitor_name);
});

test.each(playbooks.map((playbook) => playbook.id))("%s: the production caller's time limit is the local agent's", (scenario) => {
  expect(configOf(scenario).conversation_config.conversation!.max_duration_seconds).toBe(loadConfig({}).server.call.maxCallMs / 1000);
});

test.each(playbooks.map((playbook) => playbook.id))("%s: the production caller waits on a silent visitor as long as the local agent does", (scenario) => {
  const { turnTimeoutMs, silenceEndCallMs } = loadConfig({}).server.call;
  expect(configOf(scenario).conversation_config.turn).toEqual({ turn_timeout: turnTimeoutMs / 1000, silence_end_call_timeout: silenceEndCallMs / 1000 });
});

test.each(playbooks.map((playbook) => playbook.id))("%s: the production caller has the debrief tool the local caller calls, and the end_call system tool", (scenario) => {
  const tool = readRegistries(elevenlabsDir).tools.tools[0]!;
  expect(read<ToolConfigFile>(tool.config)).toMatchObject({ type: "client", name: debriefToolName, parameters: debriefToolParameters });
  const prompt = configOf(scenario).conversation_config.agent!.prompt!;
  expect(prompt.tool_ids).toEqual(tool.id === undefined ? [] : [tool.id]);
  expect(prompt.built_in_tools?.end_call?.params).toEqual({ system_tool_type: "end_call" });
});

/**
 * Every frame the widget is tested with, from the double of the service, but vad_score (the
 * widget reads none) and error (not a client event: the service always sends it). A frame type
 * added to the double fails to type-check here until it is listed.
 */
const framesTheWidgetIsTestedWith: Record<Exclude<ServiceFrame["type"], "vad_score" | "error">, true> = {
  conversation_initiation_metadata: true,
  ping: true,
  audio: true,
  interruption: true,
  user_transcript: true,
  tentative_user_transcript: true,
  agent_response: true,
  agent_response_correction: true,
  agent_chat_response_part: true,
  client_tool_call: true,
  agent_tool_response: true,
};

test.each(playbooks.map((playbook) => playbook.id))("%s: the production caller sends every server event the widget is tested with", (scenario) => {
  const sent = configOf(scenario).conversation_config.conversation!.client_events ?? [];
  expect(sent).toEqual(expect.arrayContaining(Object.keys(framesTheWidgetIsTestedWith)));
});

type JsonSchema = { type: string; required?: readonly string[]; enum?: readonly string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema };

/** The JSON Schema subset ElevenLabs' tool parameters use; the paths of what `value` breaks. */
function violations(schema: JsonSchema, value: unknown, path = "parameters"): string[] {
  if (schema.type === "string") return typeof value === "string" && (!schema.enum || schema.enum.includes(value)) ? [] : [path];
  if (schema.type === "array") return Array.isArray(value) ? value.flatMap((item, index) => violations(schema.items!, item, `${path}[${index}]`)) : [path];
  if (typeof value !== "object" || value === null) return [path];
  const record = value as Record<string, unknown>;
  return [
    ...(schema.required ?? []).filter((key) => record[key] === undefined).map((key) => `${path}.${key} (missing)`),
    ...Object.entries(record).flatMap(([key, item]) => (schema.properties?.[key] ? (item === null ? [`${path}.${key} (null)`] : violations(schema.properties[key], item, `${path}.${key}`)) : [`${path}.${key} (unknown)`])),
  ];
}

test.each(playbooks.map((playbook) => playbook.id))("%s: the debrief the local caller sends for each ending fits the production tool's parameters", (scenario) => {
  const ends: CallerEnd[] = ["complied", "refused", "verified", "hung-up"];
  for (const end of ends) {
    const caller = createCaller(scenario);
    caller.opening();
    const { moment, ...debrief } = caller.debrief(end);
    // The contract's moment may carry visitorSaid: null; the tool leaves it out instead (no null in ElevenLabs' schema).
    const sent = { ...debrief, moment: moment && Object.fromEntries(Object.entries(moment).filter(([, value]) => value !== null)) };
    expect(violations(debriefToolParameters as JsonSchema, sent)).toEqual([]);
  }
});
