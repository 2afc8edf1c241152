/** @jest-environment node */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigShapeError } from "@/scripts/agents/api-shapes";
import { pushAgents, type PushOptions } from "@/scripts/agents/push";
import { runCallerTests } from "@/scripts/agents/run-tests";
import { callerSettings, scenarioPlaybooks } from "@/scripts/agents/sources";
import { agentConfigPath, elevenlabsDir, generateTree, readRegistries, writeTree } from "@/scripts/agents/tree";
import { copyWithoutIds, serveManagementDouble, type ServedManagementDouble } from "@mockingbird/testkit/fakes/elevenlabs-management";

/**
 * `npm run agents -- push` against the double of ElevenLabs' management API
 * (testkit/fakes/elevenlabs-management.ts), with a copy of the committed folder.
 */

const apiKey = "sk_double";
let double: ServedManagementDouble;
let dir: string;

beforeEach(async () => {
  double = await serveManagementDouble({ apiKey });
  dir = copyWithoutIds(elevenlabsDir);
});

afterEach(async () => {
  await double.close();
  rmSync(dir, { recursive: true, force: true });
});

const options = (overrides: Partial<PushOptions> = {}): PushOptions => ({
  dir,
  playbooks: scenarioPlaybooks(),
  settings: callerSettings(dir),
  apiKey,
  baseUrl: double.baseUrl,
  ...overrides,
});
const readJson = (path: string) => JSON.parse(readFileSync(join(dir, path), "utf8")) as Record<string, unknown>;
const writes = () => double.requests.filter((request) => request.method !== "GET");

test("a first push creates the tool, every test and every agent, records their ids, and ElevenLabs keeps exactly the files", async () => {
  const pushed = await pushAgents(options());
  expect(pushed.map((item) => item.result)).toEqual(pushed.map(() => "created"));
  expect(pushed.map((item) => item.kind)).toEqual(["tool", ...Array<string>(30).fill("test"), "agent", "agent", "agent"]);

  const registries = readRegistries(dir);
  const toolId = registries.tools.tools[0]!.id!;
  expect(double.tools.get(toolId)!.tool_config).toEqual(readJson("tool_configs/show_red_flag_debrief.json"));
  for (const entry of registries.agents.agents) {
    const file = readJson(entry.config);
    expect(double.agents.get(entry.id!)).toEqual({ ...file, agent_id: entry.id });
    expect((file.conversation_config as { agent: { prompt: { tool_ids: string[] } } }).agent.prompt.tool_ids).toEqual([toolId]);
  }
  for (const entry of registries.tests.tests) expect(double.tests.get(entry.id!)).toEqual({ ...readJson(entry.config), id: entry.id });
});

test("each pushed agent has its own tests attached, where ElevenLabs' CLI and dashboard look for them", async () => {
  await pushAgents(options());
  const registries = readRegistries(dir);
  for (const agent of registries.agents.agents) {
    const scenario = agent.config.replace(/^.*\//, "").replace(/\.json$/, "");
    const own = registries.tests.tests.filter((entry) => entry.config.startsWith(`test_configs/${scenario}.`)).map((entry) => ({ test_id: entry.id }));
    expect(own).toHaveLength(10);
    expect(double.agents.get(agent.id!)!.platform_settings?.testing?.attached_tests).toEqual(own);
  }
});

test("each pushed debrief test names the pushed tool, by the id ElevenLabs gave it", async () => {
  await pushAgents(options());
  const registries = readRegistries(dir);
  const toolId = registries.tools.tools[0]!.id!;
  const debriefTests = registries.tests.tests.filter((entry) => entry.config.endsWith(".debrief.json"));
  expect(debriefTests).toHaveLength(15);
  for (const entry of debriefTests) expect((double.tests.get(entry.id!) as { tool_call_parameters?: { referenced_tool?: unknown } }).tool_call_parameters?.referenced_tool).toEqual({ id: toolId, type: "client" });
});

test("a value the service refuses stops the push before any request, naming the file and the field", async () => {
  const path = agentConfigPath("hr-payroll-update");
  const config = readJson(path) as { conversation_config: { turn: Record<string, unknown> } };
  config.conversation_config.turn.turn_timeout = 45;
  writeFileSync(join(dir, path), `${JSON.stringify(config, null, 2)}\n`);
  await expect(pushAgents(options())).rejects.toThrow(/agent_configs\/hr-payroll-update\.json: conversation_config\.turn\.turn_timeout: 45 is outside what the service accepts/);
  expect(double.requests).toEqual([]);
});

test("a second push of the same folder changes nothing", async () => {
  await pushAgents(options());
  const before = double.requests.length;
  const pushed = await pushAgents(options());
  expect(new Set(pushed.map((item) => item.result))).toEqual(new Set(["unchanged"]));
  expect(double.requests.slice(before).filter((request) => request.method !== "GET")).toEqual([]);
});

test("a push after a setting changed updates that agent and nothing else", async () => {
  await pushAgents(options());
  const settings = callerSettings(dir);
  const changed = { ...settings, voices: { ...settings.voices, scenarios: { ...settings.voices.scenarios, "ceo-urgent-wire": "JBFqnCBsd6RMkjVDRZzb" } } };
  writeFileSync(join(dir, "voices.json"), `${JSON.stringify(changed.voices, null, 2)}\n`);
  writeTree(dir, generateTree(scenarioPlaybooks(), changed, readRegistries(dir)));
  const pushed = await pushAgents(options({ settings: changed }));
  expect(pushed.filter((item) => item.result === "updated").map((item) => item.config)).toEqual([agentConfigPath("ceo-urgent-wire")]);
});

test("a push without a key stops before any request and names the variable", async () => {
  await expect(pushAgents(options({ apiKey: undefined }))).rejects.toThrow(/ELEVENLABS_API_KEY: must be set/);
  expect(double.requests).toEqual([]);
});

test("a push of an unknown agent stops before any request and names it", async () => {
  await expect(pushAgents(options({ only: ["ceo-wire"] }))).rejects.toThrow(/unknown agent 'ceo-wire'/);
  expect(double.requests).toEqual([]);
});

test("a config the API would reject stops the push before any request, naming the file and the field", async () => {
  const path = agentConfigPath("hr-payroll-update");
  const config = readJson(path) as { conversation_config: { conversation: Record<string, unknown> } };
  config.conversation_config.conversation.max_duration_secs = 180;
  writeFileSync(join(dir, path), `${JSON.stringify(config, null, 2)}\n`);
  const error = await pushAgents(options()).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ConfigShapeError);
  expect((error as Error).message).toMatch(/agent_configs\/hr-payroll-update\.json: conversation_config\.conversation.*max_duration_secs/);
  expect(double.requests).toEqual([]);
});

test("a folder that is not what the generator writes stops the push before any request, naming the file", async () => {
  const path = agentConfigPath("hr-payroll-update");
  const config = readJson(path) as { conversation_config: { conversation: Record<string, unknown> } };
  config.conversation_config.conversation.max_duration_seconds = 600;
  writeFileSync(join(dir, path), `${JSON.stringify(config, null, 2)}\n`);
  await expect(pushAgents(options())).rejects.toThrow(new RegExp(`not what the generator writes \\(${path}\\)`));
  expect(double.requests).toEqual([]);
});

test("a registry naming an agent the workspace does not have stops the push before anything is written, naming it", async () => {
  await pushAgents(options());
  const registry = readJson("agents.json") as { agents: { config: string; id?: string }[] };
  registry.agents[1]!.id = "agent_gone";
  writeFileSync(join(dir, "agents.json"), `${JSON.stringify(registry, null, 2)}\n`);
  const before = writes().length;
  await expect(pushAgents(options())).rejects.toThrow(/agents\.json: agent_configs\/ceo-urgent-wire\.json names agent agent_gone, which this workspace does not have/);
  expect(writes()).toHaveLength(before);
});

test("a push that fails half way leaves every recorded id naming something ElevenLabs has", async () => {
  double.failNext("POST", "/v1/convai/agents/create", 500);
  await expect(pushAgents(options())).rejects.toThrow(/agent agent_configs\/it-helpdesk-mfa-reset\.json: ElevenLabs answered 500/);
  const registries = readRegistries(dir);
  expect(registries.agents.agents.every((entry) => entry.id === undefined)).toBe(true);
  expect(registries.tools.tools.map((entry) => double.tools.has(entry.id!))).toEqual([true]);

  const pushed = await pushAgents(options());
  expect(pushed.filter((item) => item.kind === "tool").map((item) => item.result)).toEqual(["unchanged"]);
  expect(pushed.filter((item) => item.kind === "agent").map((item) => item.result)).toEqual(["created", "created", "created"]);
  expect(pushed.filter((item) => item.kind === "test").map((item) => item.result)).toEqual(Array<string>(30).fill("unchanged"));
});

test("the caller tests run on each pushed agent, and one failing verdict fails the run", async () => {
  await double.close();
  double = await serveManagementDouble({ apiKey, verdict: (test) => (test.name === "CEO urgent wire: the visitor blurts out a real-looking password (what the caller says)" ? "failed" : "passed") });
  const pushed = await pushAgents(options());
  const lines: string[] = [];
  expect(await runCallerTests({ apiKey, baseUrl: double.baseUrl, pushed, log: (line) => lines.push(line), pollMs: 1 })).toBe(false);
  expect(lines).toHaveLength(30);
  expect(lines.filter((line) => line.startsWith("failed"))).toEqual([expect.stringMatching(/^failed {2}CEO urgent wire: the visitor blurts out a real-looking password \(what the caller says\)/)]);
});

test("a push that gets no answer at all says so, rather than a missing status", async () => {
  await double.close();
  await expect(pushAgents(options())).rejects.toThrow(/^tool tool_configs\/show_red_flag_debrief\.json: no answer from ElevenLabs: /);
  double = await serveManagementDouble({ apiKey });
});
