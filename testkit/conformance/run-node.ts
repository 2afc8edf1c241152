/**
 * Runs the conformance scenarios (scenarios.ts) with @elevenlabs/client in Node: started by
 * agent/tests/conformance-official-client-node.test.ts in a Node process of its own, outside the
 * test environment. Prints one JSON object on stdout:
 * { results: ScenarioResult[], greetings: { heard, runs } }.
 *
 * Arguments (JSON, one): { api, apiKey, agentId, greeting, goodbye, maxDurationMs, scenarios, greetingRuns }.
 */
import { Conversation } from "@elevenlabs/client";
import { agentSignedUrl } from "../servers/agent-process";
import { greetingsHeard, runScenario, type ScenarioContext, type ScenarioName } from "./scenarios";

type Arguments = { api: string; apiKey: string; agentId: string; greeting: string; goodbye: string; maxDurationMs: number; scenarios: ScenarioName[]; greetingRuns: number };

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2] ?? "{}") as Arguments;
  const context: ScenarioContext = {
    startSession: (options) => Conversation.startSession(options),
    signedUrl: () => agentSignedUrl(args.api, args.agentId, args.apiKey),
    greeting: args.greeting,
    goodbye: args.goodbye,
    maxDurationMs: args.maxDurationMs,
  };
  const results = [];
  for (const scenario of args.scenarios) results.push(await runScenario(scenario, context));
  const heard = args.greetingRuns > 0 ? await greetingsHeard(context, args.greetingRuns) : 0;
  process.stdout.write(`${JSON.stringify({ node: process.version, results, greetings: { heard, runs: args.greetingRuns } })}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
