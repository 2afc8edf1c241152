import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import type { PushedItem } from "./push";
import { scenarioOf } from "./tree";

/**
 * `npm run agents -- test`: each pushed agent's caller tests run on ElevenLabs, which plays each
 * conversation to the agent and has a model judge its next turn; this waits for the verdicts.
 * True when every test passed.
 */
export async function runCallerTests(options: { apiKey: string; baseUrl?: string; pushed: readonly PushedItem[]; log: (line: string) => void; pollMs?: number }): Promise<boolean> {
  const client = new ElevenLabsClient({ apiKey: options.apiKey, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), maxRetries: 0 });
  let passed = true;
  for (const agent of options.pushed.filter((item) => item.kind === "agent")) {
    const tests = options.pushed.filter((item) => item.kind === "test" && scenarioOf(item.config) === scenarioOf(agent.config));
    let invocation = await client.conversationalAi.agents.runTests(agent.id, { tests: tests.map((item) => ({ testId: item.id })) });
    while (invocation.testRuns.some((run) => run.status === "pending")) {
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 3_000));
      invocation = await client.conversationalAi.tests.invocations.get(invocation.id);
    }
    for (const run of invocation.testRuns) {
      passed &&= run.status === "passed";
      options.log(`${run.status.padEnd(7)} ${run.testName ?? run.testId}`);
    }
  }
  return passed;
}
