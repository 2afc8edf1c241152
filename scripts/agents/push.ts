import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ElevenLabsClient, ElevenLabsError } from "@elevenlabs/elevenlabs-js";
import type { Playbook } from "@mockingbird/agent/caller/playbook-schema";
import { agentRequest, ConfigShapeError, testRequest, toolRequest } from "./api-shapes";
import type { CallerSettings } from "./configs";
import { knownIds, serviceRefusals } from "./service-rules";
import { differences, generateTree, jsonText, readRegistries, registryFiles, scenarioOf, writeTree, type Registries, type RegistryEntry } from "./tree";

/**
 * `npm run agents -- push`: the folder's tool, agents and caller tests onto ElevenLabs, through
 * @elevenlabs/elevenlabs-js (the SDK ElevenLabs' own CLI pushes with). Everything that can be
 * wrong locally stops the push before any request: no key, an unknown agent, files that are not what the generator writes, a field the API would reject or
 * a value the service refuses, an id the workspace does not have (read-only requests). An id is written to its registry only once ElevenLabs has answered the
 * create, so a failed push never leaves a registry naming something that does not exist.
 */

export class PushError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PushError";
  }
}

export type PushResult = "created" | "updated" | "unchanged";
export type PushedItem = { kind: "tool" | "agent" | "test"; config: string; id: string; result: PushResult };

export type PushOptions = {
  dir: string;
  playbooks: readonly Playbook[];
  settings: CallerSettings;
  apiKey: string | undefined;
  /** ElevenLabs' API by default (ELEVENLABS_API_BASE changes it, for a residency or the tests' double). */
  baseUrl?: string;
  /** Scenario ids: push only their agents and tests (the tool always). */
  only?: readonly string[];
  log?: (line: string) => void;
};

type Kind = PushedItem["kind"];
const registryOf = { tool: "tools", agent: "agents", test: "tests" } as const satisfies Record<Kind, keyof Registries>;

/**
 * The fields sent that the API does not keep as sent, as dotted paths (the API adds defaults of
 * its own, which are not compared). Empty when it keeps everything.
 */
export function notKept(actual: unknown, sent: unknown, path = ""): string[] {
  const here = path === "" ? "(all)" : path;
  if (Array.isArray(sent)) {
    if (!Array.isArray(actual) || actual.length !== sent.length) return [here];
    return sent.flatMap((item, index) => notKept(actual[index], item, `${path}[${index}]`));
  }
  if (typeof sent === "object" && sent !== null) {
    if (typeof actual !== "object" || actual === null) return [here];
    return Object.entries(sent).flatMap(([key, value]) => (value === undefined ? [] : notKept((actual as Record<string, unknown>)[key], value, path === "" ? key : `${path}.${key}`)));
  }
  return actual === sent ? [] : [here];
}

const isNotFound = (error: unknown) => error instanceof ElevenLabsError && error.statusCode === 404;

function describe(error: unknown): string {
  // No status: the request never got an answer (a wrong ELEVENLABS_API_BASE, no network), and the SDK's message says why.
  if (error instanceof ElevenLabsError && error.statusCode === undefined) return `no answer from ElevenLabs: ${error.message}`;
  if (error instanceof ElevenLabsError) return `ElevenLabs answered ${error.statusCode}: ${JSON.stringify(error.body)}`;
  return (error as Error).message;
}

export async function pushAgents(options: PushOptions): Promise<PushedItem[]> {
  const { dir, playbooks, settings } = options;
  const log = options.log ?? (() => undefined);
  if (!options.apiKey) throw new PushError("ELEVENLABS_API_KEY: must be set to push (an API key of the ElevenLabs workspace the agents live in)");

  const known = playbooks.map((playbook) => playbook.id);
  const unknown = (options.only ?? []).filter((id) => !known.includes(id));
  if (unknown.length > 0) throw new PushError(`unknown agent '${unknown[0]}': the agents are ${known.join(", ")} (agents.json)`);
  const wanted = (config: string) => options.only === undefined || options.only.length === 0 || options.only.includes(scenarioOf(config));

  let registries = readRegistries(dir);

  // Every file as the API's request, before any request.
  const problems: string[] = [];
  const requests = new Map<string, unknown>();
  const readRequest = (kind: Kind, config: string, text = readFileSync(join(dir, config), "utf8")) => {
    const file: unknown = JSON.parse(text);
    problems.push(...serviceRefusals(config, file, knownIds(registries)));
    const parsed = kind === "agent" ? agentRequest(file, config) : kind === "tool" ? toolRequest(file, config) : testRequest(file, config);
    if (parsed.ok) requests.set(config, parsed.value);
    else problems.push(...parsed.problems);
  };
  for (const entry of registries.tools.tools) readRequest("tool", entry.config);
  for (const entry of registries.agents.agents.filter((item) => wanted(item.config))) readRequest("agent", entry.config);
  for (const entry of registries.tests.tests.filter((item) => wanted(item.config))) readRequest("test", entry.config);
  if (problems.length > 0) throw new ConfigShapeError(problems);
  const stale = differences(dir, generateTree(playbooks, settings, registries));
  if (stale.length > 0) throw new PushError(`${dir} is not what the generator writes (${stale.join(", ")}): run npm run agents -- generate, review and commit`);

  const client = new ElevenLabsClient({ apiKey: options.apiKey, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), maxRetries: 0, headers: { "X-Source": "mockingbird-agents" } });
  const api = {
    tool: {
      get: async (id: string) => (await client.conversationalAi.tools.get(id)).toolConfig,
      create: async (body: unknown) => (await client.conversationalAi.tools.create(body as Parameters<typeof client.conversationalAi.tools.create>[0])).id,
      update: async (id: string, body: unknown) => void (await client.conversationalAi.tools.update(id, body as Parameters<typeof client.conversationalAi.tools.update>[1])),
      sent: (body: unknown) => (body as { toolConfig: unknown }).toolConfig,
    },
    agent: {
      get: (id: string) => client.conversationalAi.agents.get(id),
      create: async (body: unknown) => (await client.conversationalAi.agents.create(body as Parameters<typeof client.conversationalAi.agents.create>[0])).agentId,
      update: async (id: string, body: unknown) => void (await client.conversationalAi.agents.update(id, body as Parameters<typeof client.conversationalAi.agents.update>[1])),
      sent: (body: unknown) => body,
    },
    test: {
      get: (id: string) => client.conversationalAi.tests.get(id),
      create: async (body: unknown) => (await client.conversationalAi.tests.create(body as Parameters<typeof client.conversationalAi.tests.create>[0])).id,
      update: async (id: string, body: unknown) => void (await client.conversationalAi.tests.update(id, body as Parameters<typeof client.conversationalAi.tests.update>[1])),
      sent: (body: unknown) => body,
    },
  } satisfies Record<Kind, { get(id: string): Promise<unknown>; create(body: unknown): Promise<string>; update(id: string, body: unknown): Promise<void>; sent(body: unknown): unknown }>;

  // What ElevenLabs keeps for every recorded id, read before anything is written: an id it does not have stops the push here.
  const current = new Map<string, unknown>();
  const entriesOf = (kind: Kind): RegistryEntry[] => (registries[registryOf[kind]] as Record<string, RegistryEntry[]>)[registryOf[kind]]!.filter((entry) => kind === "tool" || wanted(entry.config));
  for (const kind of ["tool", "agent", "test"] as const) {
    for (const entry of entriesOf(kind)) {
      if (entry.id === undefined) continue;
      try {
        current.set(entry.config, await api[kind].get(entry.id));
      } catch (error) {
        if (isNotFound(error)) throw new PushError(`${registryFiles[registryOf[kind]]}: ${entry.config} names ${kind} ${entry.id}, which this workspace does not have (deleted, or another workspace's key): remove its "id" to create it again`);
        throw new PushError(`reading ${kind} ${entry.id} (${entry.config}): ${describe(error)}`);
      }
    }
  }

  const pushed: PushedItem[] = [];
  const saveRegistry = (kind: Kind) => writeFileSync(join(dir, registryFiles[registryOf[kind]]), jsonText(registries[registryOf[kind]]));
  const pushEntry = async (kind: Kind, entry: RegistryEntry) => {
    const body = requests.get(entry.config);
    let result: PushResult;
    try {
      if (entry.id === undefined) {
        entry.id = await api[kind].create(body);
        saveRegistry(kind);
        result = "created";
      } else if (notKept(current.get(entry.config), api[kind].sent(body)).length === 0) {
        result = "unchanged";
      } else {
        await api[kind].update(entry.id, body);
        result = "updated";
      }
    } catch (error) {
      throw new PushError(`${kind} ${entry.config}: ${describe(error)}`);
    }
    pushed.push({ kind, config: entry.config, id: entry.id, result });
    log(`${result.padEnd(9)} ${kind.padEnd(5)} ${entry.config} (${entry.id})`);
  };

  // The tool first, then the tests that name it, then the agents that name both: each by the id the
  // step before recorded, with the folder written again in between (ElevenLabs' CLI keeps ids in the configs).
  for (const kind of ["tool", "test", "agent"] as const) {
    if (kind !== "tool") {
      const files = generateTree(playbooks, settings, registries);
      writeTree(dir, files);
      registries = readRegistries(dir);
      for (const entry of entriesOf(kind)) readRequest(kind, entry.config, files.get(entry.config));
      if (problems.length > 0) throw new ConfigShapeError(problems);
    }
    for (const entry of entriesOf(kind)) await pushEntry(kind, entry);
  }
  return pushed;
}
