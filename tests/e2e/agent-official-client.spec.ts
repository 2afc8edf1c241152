import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { chromium, expect, test, type Browser } from "@playwright/test";
import { serveServiceDouble, type ServedDouble } from "@mockingbird/testkit/fakes/elevenlabs-service";
import { textScenarios, type ScenarioName, type ScenarioResult } from "@mockingbird/testkit/conformance/scenarios";
import { defaultLaunchArgs, openingLine, spokenLine, writeSpeechWav } from "./support/call-widget";
import { shortCallAgent } from "../../playwright.config";

/**
 * The agent's conformance with ElevenLabs' own client in Chromium: @elevenlabs/client,
 * unmodified, with a fake microphone, runs every scenario (testkit/conformance/scenarios.ts:
 * greeting, typed turn, voice turn, barge-in, end_call, time limit) against the double of the
 * service and against the local agent, and counts the greetings it hears in 10 calls. The
 * Node run of the text scenarios is agent/tests/conformance-official-client-node.test.ts.
 * The local agent is the run's agent with a short call limit (playwright.config.ts says why 14 s;
 * the global setup starts it); the double gets the same limit, and the time-limit scenario waits
 * it out.
 */
const { key: apiKey, origin: agentOrigin } = shortCallAgent;
const maxDurationMs = shortCallAgent.maxCallSeconds * 1000;
const goodbye = "I'm not doing that. Goodbye.";
type Target = "double" | "agent";

let dir: string;
let double: ServedDouble;
let pageServer: Server;
let pageOrigin: string;
/** A visitor who answers once the greeting is over, and one who talks over it. */
let answering: Browser;
let interrupting: Browser;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(path.join(tmpdir(), "official-client-"));
  const late = path.join(dir, "late.wav");
  const early = path.join(dir, "early.wav");
  writeSpeechWav(late, 7000, 4000, spokenLine);
  writeSpeechWav(early, 2000, 4000, spokenLine);

  const bundle = await build({ entryPoints: [require.resolve("@mockingbird/testkit/conformance/page")], bundle: true, format: "esm", platform: "browser", write: false, logLevel: "silent" });
  const script = bundle.outputFiles[0]!.text;
  double = await serveServiceDouble({
    greeting: openingLine,
    heard: [spokenLine],
    answer: (turn) =>
      /goodbye/i.test(turn.text)
        ? [{ clientTool: "show_red_flag_debrief", parameters: { outcome: "held-firm" } }, { say: "Fine. Bye." }, { endCall: true }]
        : [{ say: "It's Dave from the service desk, I need that code." }],
    maxDurationMs,
    msPerChar: 45,
  });
  pageServer = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://page.test");
    if (url.pathname === "/client.js") return void response.writeHead(200, { "content-type": "text/javascript" }).end(script);
    if (url.pathname === "/signed-url") {
      const target = request.headers.referer?.includes("target=double") ? double.origin : agentOrigin;
      const agentId = target === agentOrigin ? "it-helpdesk-mfa-reset" : "agent_double";
      const upstream = await fetch(`${target}/v1/convai/conversation/get-signed-url?agent_id=${agentId}`, { headers: { "xi-api-key": apiKey } });
      return void response.writeHead(upstream.status, { "content-type": "application/json" }).end(await upstream.text());
    }
    response.writeHead(200, { "content-type": "text/html" }).end('<!doctype html><title>conformance</title><script type="module" src="/client.js"></script>');
  });
  await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
  pageOrigin = `http://127.0.0.1:${(pageServer.address() as { port: number }).port}`;

  const launch = (wav: string) =>
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [...defaultLaunchArgs, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-audio-capture=${wav}%noloop`, "--autoplay-policy=no-user-gesture-required"],
    });
  answering = await launch(late);
  interrupting = await launch(early);
});

test.afterAll(async () => {
  await answering?.close();
  await interrupting?.close();
  await double?.close();
  await new Promise((resolve) => pageServer?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

type Report = { results: ScenarioResult[]; greetings: { heard: number; runs: number } } | { failed: string };

async function runInChromium(browser: Browser, target: Target, scenarios: readonly ScenarioName[], greetingRuns: number): Promise<Report> {
  const context = await browser.newContext({ permissions: ["microphone"] });
  const tab = await context.newPage();
  const args = { greeting: openingLine, goodbye, maxDurationMs, scenarios, greetingRuns };
  await tab.goto(`${pageOrigin}/?target=${target}&args=${encodeURIComponent(JSON.stringify(args))}`);
  await tab.waitForFunction(() => (window as unknown as { conformance?: unknown }).conformance !== undefined, null, { timeout: 110_000, polling: 250 });
  const report = await tab.evaluate(() => (window as unknown as { conformance: Report }).conformance);
  await context.close();
  return report;
}

function expectPassed(report: Report, scenarios: readonly ScenarioName[], greetingRuns: number): void {
  if ("failed" in report) throw new Error(`the page failed: ${report.failed}`);
  expect(report.results.map((result) => result.scenario)).toEqual([...scenarios]);
  for (const result of report.results) for (const check of result.checks) expect({ scenario: result.scenario, ...check }).toEqual({ scenario: result.scenario, what: check.what, ok: true });
  expect(report.greetings).toEqual({ heard: greetingRuns, runs: greetingRuns });
}

for (const target of ["double", "agent"] as const) {
  const against = target === "double" ? "the double of the service" : "the local agent";

  test(`the official client in Chromium holds the greeting, a typed turn, end_call and the time limit with ${against}, and hears the greeting in 10 of 10 calls`, async () => {
    test.setTimeout(120_000);
    expectPassed(await runInChromium(answering, target, textScenarios, 10), textScenarios, 10);
  });

  test(`the official client in Chromium holds a voice turn with ${against}: the visitor's words come back, with vad_score while they speak`, async () => {
    test.setTimeout(60_000);
    expectPassed(await runInChromium(answering, target, ["voice-turn"], 0), ["voice-turn"], 0);
  });

  test(`the official client in Chromium is interrupted by a visitor who talks over the greeting of ${against}`, async () => {
    test.setTimeout(60_000);
    expectPassed(await runInChromium(interrupting, target, ["barge-in"], 0), ["barge-in"], 0);
  });
}
