/**
 * `npm run agents -- <command>`: the demo's production callers (elevenlabs/, docs/deploy.md).
 *
 *   generate          write elevenlabs/ from the playbooks, contract/ and the privacy policy's model
 *   check             exit 1 when elevenlabs/ is not what generate writes, or the API would reject a file
 *   push [ids...]     the tool, the agents and their tests onto ElevenLabs (ELEVENLABS_API_KEY)
 *   status            each agent's id, and the fields where ElevenLabs differs from the folder
 *   pull              what ElevenLabs holds for each agent, into elevenlabs/.pulled/ (not committed)
 *   test [ids...]     push, then run each agent's tests on ElevenLabs and print the verdicts
 *
 * ELEVENLABS_API_BASE points the commands at another API host (a data-residency one). The
 * commands read the project's env files as `next build` does (.env.production.local, .env.local,
 * .env.production, .env) under the shell's variables (deployment.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import * as serialization from "@elevenlabs/elevenlabs-js/serialization";
import { agentRequest, ConfigShapeError } from "./api-shapes";
import { configProblems } from "./check";
import { loadDeploymentEnv } from "./deployment";
import { notKept, pushAgents, PushError, type PushedItem } from "./push";
import { runCallerTests } from "./run-tests";
import { knownIds } from "./service-rules";
import { callerSettings, scenarioPlaybooks } from "./sources";
import { differences, elevenlabsDir, generateTree, jsonText, readRegistries, writeTree } from "./tree";

process.env.NEXT_TELEMETRY_DISABLED = "1";

const dir = elevenlabsDir;
loadDeploymentEnv(resolve(__dirname, "../.."));
const [command, ...args] = process.argv.slice(2);
const apiKey = process.env.ELEVENLABS_API_KEY || undefined;
const baseUrl = process.env.ELEVENLABS_API_BASE || undefined;
const print = (line: string) => process.stdout.write(`${line}\n`);

function generate(): void {
  const files = generateTree(scenarioPlaybooks(), callerSettings(dir), readRegistries(dir));
  const stale = differences(dir, files).filter((path) => !files.has(path));
  writeTree(dir, files);
  for (const path of stale) rmSync(join(dir, path));
  print(`agents: wrote ${files.size} files in ${dir}${stale.length > 0 ? `, removed ${stale.join(", ")}` : ""}`);
}

function check(): void {
  const registries = readRegistries(dir);
  const files = generateTree(scenarioPlaybooks(), callerSettings(dir), registries);
  const changed = differences(dir, files);
  if (changed.length > 0) throw new PushError(`${dir} is not what the generator writes (${changed.join(", ")}): run npm run agents -- generate`);
  const problems = configProblems(files, knownIds(registries));
  if (problems.length > 0) throw new ConfigShapeError(problems);
  print(`agents: ${dir} is what the generator writes, and every file is a request the API and the service take`);
}

async function push(only: readonly string[]): Promise<PushedItem[]> {
  const pushed = await pushAgents({ dir, playbooks: scenarioPlaybooks(), settings: callerSettings(dir), apiKey, baseUrl, only, log: print });
  const count = (result: string) => pushed.filter((item) => item.result === result).length;
  print(`agents: ${count("created")} created, ${count("updated")} updated, ${count("unchanged")} unchanged; commit the ids in ${dir}/*.json`);
  return pushed;
}

function client(): ElevenLabsClient {
  if (!apiKey) throw new PushError("ELEVENLABS_API_KEY: must be set (an API key of the ElevenLabs workspace the agents live in)");
  return new ElevenLabsClient({ apiKey, ...(baseUrl ? { baseUrl } : {}), maxRetries: 0 });
}

async function status(): Promise<void> {
  const registries = readRegistries(dir);
  const api = apiKey ? client() : undefined;
  for (const entry of registries.agents.agents) {
    if (entry.id === undefined) {
      print(`${entry.config}: not pushed yet`);
      continue;
    }
    if (!api) {
      print(`${entry.config}: ${entry.id} (set ELEVENLABS_API_KEY to compare it with ElevenLabs)`);
      continue;
    }
    const parsed = agentRequest(JSON.parse(generateTree(scenarioPlaybooks(), callerSettings(dir), registries).get(entry.config)!), entry.config);
    const live = await api.conversationalAi.agents.get(entry.id).catch(() => undefined);
    const differing = live === undefined || !parsed.ok ? [] : notKept(live, parsed.value);
    const state = live === undefined ? "missing on ElevenLabs" : differing.length === 0 ? "in step" : `differs from the folder in ${differing.join(", ")}: npm run agents -- push`;
    print(`${entry.config}: ${entry.id} ${state}`);
  }
}

/**
 * What ElevenLabs holds for each pushed agent, in the API's own fields, into elevenlabs/.pulled/:
 * to see what someone changed in the dashboard. The folder's configs are generated, so a change
 * worth keeping goes into the playbook or the generator, never into agent_configs/ by hand.
 */
async function pull(): Promise<void> {
  const api = client();
  const target = join(dir, ".pulled");
  for (const entry of readRegistries(dir).agents.agents) {
    if (entry.id === undefined) continue;
    const live = await api.conversationalAi.agents.get(entry.id);
    const raw = serialization.GetAgentResponseModel.jsonOrThrow(live, { unrecognizedObjectKeys: "passthrough" });
    mkdirSync(join(target, "agent_configs"), { recursive: true });
    writeFileSync(join(target, entry.config), jsonText(raw));
    print(`pulled ${entry.config} (${entry.id}) into ${join(target, entry.config)}`);
  }
}

async function test(only: readonly string[]): Promise<boolean> {
  const pushed = await push(only);
  return runCallerTests({ apiKey: apiKey!, baseUrl, pushed, log: print });
}

async function main(): Promise<number> {
  switch (command) {
    case "generate":
      generate();
      return 0;
    case "check":
      check();
      return 0;
    case "push":
      await push(args);
      return 0;
    case "status":
      await status();
      return 0;
    case "pull":
      await pull();
      return 0;
    case "test":
      return (await test(args)) ? 0 : 1;
    default:
      print("usage: npm run agents -- generate | check | push [scenario...] | status | pull | test [scenario...]  (docs/deploy.md)");
      return command === undefined ? 0 : 2;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A known failure is a sentence; anything else keeps its stack for whoever debugs it.
    process.stderr.write(`agents: ${error instanceof PushError || error instanceof ConfigShapeError ? error.message : (error as Error).stack}\n`);
    process.exit(1);
  },
);
