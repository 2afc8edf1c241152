import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Playbook } from "@mockingbird/agent/caller/playbook-schema";
import { DEBRIEF_TOOL_NAME } from "@mockingbird/contract/debrief";
import { callerTestCases, callerTestKinds, callerTests, type CallerTestCase, type CallerTestKind } from "./caller-tests";
import { agentConfig, debriefToolConfig, type CallerSettings } from "./configs";

/**
 * The folder ElevenLabs' CLI pushes (elevenlabs/): three registries naming each config file and,
 * once pushed, the id ElevenLabs gave it, and the config files themselves. Everything but the
 * ids and voices.json is written by `npm run agents -- generate`.
 */

export const elevenlabsDir = resolve(__dirname, "../../elevenlabs");

export type RegistryEntry = { config: string; id?: string };
export type Registries = {
  agents: { agents: RegistryEntry[] };
  tools: { tools: (RegistryEntry & { type: "client" })[] };
  tests: { tests: RegistryEntry[] };
};
export const registryFiles = { agents: "agents.json", tools: "tools.json", tests: "tests.json" } as const;
/** The folders whose every file the generator writes: anything else in them is stale. */
export const generatedFolders = ["agent_configs", "tool_configs", "test_configs"] as const;

export const agentConfigPath = (scenario: string) => `agent_configs/${scenario}.json`;
export const toolConfigPath = (name: string) => `tool_configs/${name}.json`;
export const testConfigPath = (scenario: string, testCase: CallerTestCase, kind: CallerTestKind) => `test_configs/${scenario}.${testCase}.${kind}.json`;
/** The scenario an agent or test config belongs to, from its path. */
export const scenarioOf = (config: string) => config.replace(/^.*\//, "").split(".")[0]!;

/** The JSON text of a file as the generator writes it. */
export const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function readJson<T>(file: string, fallback: T): T {
  if (!existsSync(file)) return fallback;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch (error) {
    throw new Error(`${file}: not JSON (${(error as Error).message})`);
  }
}

export function readRegistries(dir: string): Registries {
  return {
    agents: readJson(join(dir, registryFiles.agents), { agents: [] }),
    tools: readJson(join(dir, registryFiles.tools), { tools: [] }),
    tests: readJson(join(dir, registryFiles.tests), { tests: [] }),
  };
}

/** The entries for exactly these configs, keeping each id already recorded. */
function entries<T extends RegistryEntry>(previous: readonly T[], configs: readonly string[], extra: Omit<T, keyof RegistryEntry>): T[] {
  return configs.map((config) => {
    const id = previous.find((entry) => entry.config === config)?.id;
    return { ...extra, config, ...(id === undefined ? {} : { id }) } as T;
  });
}

/**
 * Every file of the folder (path relative to it -> JSON text), from the playbooks, the settings and
 * the ids recorded so far. What refers to something by id (an agent to its tool and its tests, a
 * tool-call test to the tool) gets the id once its registry records one: `push` pushes the tool,
 * then the tests, then the agents, writing the folder again between them, as ElevenLabs' CLI
 * expects ids in the configs it pushes.
 */
export function generateTree(playbooks: readonly Playbook[], settings: CallerSettings, previous: Registries): Map<string, string> {
  const files = new Map<string, string>();
  const tools = entries(previous.tools.tools, [toolConfigPath(DEBRIEF_TOOL_NAME)], { type: "client" as const });
  files.set(toolConfigPath(DEBRIEF_TOOL_NAME), jsonText(debriefToolConfig()));
  const toolId = tools[0]!.id;
  const testPaths = playbooks.flatMap((playbook) => callerTestCases.flatMap((testCase) => callerTestKinds.map((kind) => testConfigPath(playbook.id, testCase, kind))));
  const tests = entries(previous.tests.tests, testPaths, {});
  for (const playbook of playbooks) {
    const testIds = tests.filter((entry) => scenarioOf(entry.config) === playbook.id).flatMap((entry) => (entry.id === undefined ? [] : [entry.id]));
    files.set(agentConfigPath(playbook.id), jsonText(agentConfig(playbook, settings, { toolIds: toolId === undefined ? [] : [toolId], testIds })));
    const written = callerTests(playbook, toolId === undefined ? {} : { toolId });
    for (const testCase of callerTestCases) for (const kind of callerTestKinds) files.set(testConfigPath(playbook.id, testCase, kind), jsonText(written[testCase][kind]));
  }
  files.set(registryFiles.agents, jsonText({ agents: entries(previous.agents.agents, playbooks.map((playbook) => agentConfigPath(playbook.id)), {}) }));
  files.set(registryFiles.tools, jsonText({ tools }));
  files.set(registryFiles.tests, jsonText({ tests }));
  return files;
}

/** The files of `dir` that differ from `files`, and those in the generated folders that `files` does not have. */
export function differences(dir: string, files: ReadonlyMap<string, string>): string[] {
  const changed = [...files].filter(([path, text]) => !existsSync(join(dir, path)) || readFileSync(join(dir, path), "utf8") !== text).map(([path]) => path);
  const stale = generatedFolders.flatMap((folder) =>
    existsSync(join(dir, folder))
      ? readdirSync(join(dir, folder))
          .map((name) => `${folder}/${name}`)
          .filter((path) => !files.has(path))
      : [],
  );
  return [...changed, ...stale];
}

export function writeTree(dir: string, files: ReadonlyMap<string, string>): void {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}
