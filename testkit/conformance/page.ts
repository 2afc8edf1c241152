/**
 * The conformance scenarios (scenarios.ts) in a browser page: the test serves this bundle with
 * the official client, and the page runs what its query string asks, with signed URLs from its
 * own origin's /signed-url (the test's server asks the server under test for them), then leaves
 * the report in window.conformance.
 */
import { Conversation } from "@elevenlabs/client";
import { greetingsHeard, runScenario, type ScenarioName, type ScenarioResult } from "./scenarios";

type Arguments = { greeting: string; goodbye: string; maxDurationMs: number; scenarios: ScenarioName[]; greetingRuns: number };
type Report = { results: ScenarioResult[]; greetings: { heard: number; runs: number } } | { failed: string };
const page = window as unknown as { conformance?: Report };

async function main(): Promise<Report> {
  const args = JSON.parse(new URLSearchParams(window.location.search).get("args") ?? "{}") as Arguments;
  const context = {
    startSession: (options: Parameters<typeof Conversation.startSession>[0]) => Conversation.startSession(options),
    signedUrl: async () => ((await (await fetch("/signed-url")).json()) as { signed_url: string }).signed_url,
    greeting: args.greeting,
    goodbye: args.goodbye,
    maxDurationMs: args.maxDurationMs,
  };
  const results: ScenarioResult[] = [];
  for (const scenario of args.scenarios) results.push(await runScenario(scenario, context));
  const heard = args.greetingRuns > 0 ? await greetingsHeard(context, args.greetingRuns) : 0;
  return { results, greetings: { heard, runs: args.greetingRuns } };
}

main().then(
  (report) => (page.conformance = report),
  (error: unknown) => (page.conformance = { failed: error instanceof Error ? error.message : String(error) }),
);
