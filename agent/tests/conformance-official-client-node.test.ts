/** @jest-environment node */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { projectRoot, startLocalAgent, type LocalAgent } from "@mockingbird/testkit/servers/agent-process";
import { serveServiceDouble, type ServedDouble } from "@mockingbird/testkit/fakes/elevenlabs-service";
import { textScenarios, type ScenarioResult } from "@mockingbird/testkit/conformance/scenarios";
import playbook from "../playbooks/it-helpdesk-mfa-reset.json";

/**
 * The agent's conformance with ElevenLabs' own client in Node (the Node running the tests, the
 * project's own, outside any test environment): @elevenlabs/client,
 * unmodified, runs the text scenarios (greeting, typed turn, end_call, time limit) against the
 * double of the service and against the local agent, and counts the greetings it hears in 10
 * calls. The same scenarios run in Chromium with a microphone in tests/e2e/agent-official-client.spec.ts.
 */
jest.setTimeout(180_000);

const run = promisify(execFile);
const opening = playbook.opening.line.replace(/\{\{(\w+)\}\}/g, (_, name: string) => (playbook.variables as Record<string, string>)[name] ?? "");
const goodbye = "I'm not doing that. Goodbye.";
const maxDurationMs = 10_000;

type Report = { node: string; results: ScenarioResult[]; greetings: { heard: number; runs: number } };

async function runOfficialClient(api: string, apiKey: string, agentId: string, greeting: string): Promise<Report> {
  const args = { api, apiKey, agentId, greeting, goodbye, maxDurationMs, scenarios: textScenarios, greetingRuns: 10 };
  const { stdout } = await run(process.execPath, ["--import", "tsx", path.join(projectRoot, "testkit/conformance/run-node.ts"), JSON.stringify(args)], { cwd: projectRoot, timeout: 170_000 });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Report;
}

function expectPassed(report: Report): void {
  expect(report.node).toBe(process.version);
  for (const result of report.results) for (const check of result.checks) expect({ scenario: result.scenario, ...check }).toEqual({ scenario: result.scenario, what: check.what, ok: true });
  expect(report.results.map((result) => result.scenario)).toEqual([...textScenarios]);
  expect(report.greetings).toEqual({ heard: 10, runs: 10 });
}

describe("@elevenlabs/client in Node", () => {
  let double: ServedDouble;
  let agent: LocalAgent;
  beforeAll(async () => {
    double = await serveServiceDouble({
      greeting: opening,
      answer: (turn) =>
        /goodbye/i.test(turn.text)
          ? [{ clientTool: "show_red_flag_debrief", parameters: { outcome: "held-firm" } }, { say: "Fine. Bye." }, { endCall: true }]
          : [{ say: "It's Dave from the service desk, I need that code." }],
      maxDurationMs,
    });
    agent = await startLocalAgent({ env: { LOCAL_AGENT_API_KEY: "conformance-key", AGENT_MAX_CALL_SECONDS: String(maxDurationMs / 1000) } });
  }, 90_000);
  afterAll(async () => {
    await double?.close();
    await agent?.stop();
  });

  it("holds every text scenario with the double of the service, and hears the greeting in 10 of 10 calls", async () => {
    expectPassed(await runOfficialClient(double.origin, "unused", "agent_double", opening));
  });

  it("holds every text scenario with the local agent, and hears the greeting in 10 of 10 calls", async () => {
    expectPassed(await runOfficialClient(agent.origin, "conformance-key", "it-helpdesk-mfa-reset", opening));
  });
});
