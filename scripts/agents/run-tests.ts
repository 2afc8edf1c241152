import { ElevenLabsClient, type ElevenLabs } from "@elevenlabs/elevenlabs-js";
import type { PushedItem } from "./push";
import { scenarioOf } from "./tree";

/**
 * `npm run agents -- test`: each pushed agent's caller tests (the ones attached to it) run on
 * ElevenLabs, which plays each conversation to the agent and judges its next step; this waits for
 * the verdicts and prints each with the judge's reason. True when every test passed.
 */

/**
 * One verdict as a line: status, test, and why. The reason is the run's condition result
 * rationale (UnitTestRunResponseModel.condition_result.rationale: a summary, or its messages);
 * a run without one says so, rather than leaving a failure unexplained.
 */
export function verdictLine(run: ElevenLabs.UnitTestRunResponseModel): string {
  const rationale = run.conditionResult?.rationale;
  const reason = rationale?.summary?.trim() || rationale?.messages?.join(" ").trim() || (run.conditionResult ? `result ${run.conditionResult.result}, no rationale given` : "no condition result given");
  return `${run.status.padEnd(7)} ${run.testName ?? run.testId}: ${reason}`;
}

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
      options.log(verdictLine(run));
    }
  }
  return passed;
}
