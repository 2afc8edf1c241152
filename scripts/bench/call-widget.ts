/**
 * `npm run bench -- widget`: what the call widget costs and how fast a call starts, per engine,
 * against the production build (`next start`) and the local voice agent.
 *   --engine=chromium|firefox|webkit|all (default all)   --calls=N (default 10)
 * For each engine:
 * - JS on intent: the scripts the page fetches when the visitor shows intent (focus on Start
 *   Call), gzip -9 as the budget gate weighs them, and whether the voice SDK is among them
 *   (and not among the scripts before intent);
 * - requests to another origin, over the whole run: must be 0;
 * - a voice call: Start Call -> 'Connected' and Start Call -> the caller's first audio, p50/p95
 *   over N calls, each on a freshly loaded page (HTTP cache warm after the first), read from the
 *   performance marks the widget leaves (lib/call/call-marks.ts);
 * - a typed call: Start -> 'Connected' and Start -> the caller's first line, likewise.
 * Chromium, Firefox ESR and WebKitGTK run through testkit/browser, as in the engine suite (fake microphones, a
 * PulseAudio null sink). Run `npm run build` first. Timings are the machine's: 2 shared cores.
 */
import { gzipSync } from "node:zlib";
import { callMarks } from "../../lib/call/call-marks";
import { launch, type EngineName, type Tab } from "@mockingbird/testkit/browser/engines";
import { startAudioSink } from "@mockingbird/testkit/browser/audio-sink";
import { startSite, type Site } from "@mockingbird/testkit/browser/engine-site";
import { installRecorders, isConnected, isIdle, waitForView, xpaths } from "@mockingbird/testkit/browser/widget";
import { numberOption, stringOption } from "@mockingbird/testkit/cli-options";
import { loadAverage } from "@mockingbird/testkit/figures/figures";
import { percentile } from "@mockingbird/testkit/stats";

const calls = numberOption("calls", 10);
const engineOption = stringOption("engine") ?? "all";
const allEngines: EngineName[] = ["chromium", "firefox", "webkit"];
const engines = engineOption === "all" ? allEngines : (engineOption.split(",") as EngineName[]);
for (const engine of engines) {
  if (!allEngines.includes(engine)) {
    console.error(`--engine=${engineOption}: expected chromium, firefox, webkit or all`);
    process.exit(2);
  }
}
/** A string only the voice SDK contains: how a script is recognised as the SDK. */
const sdkMarker = "conversation_initiation_client_data";

const ms = (values: number[]) => `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

type Resource = { name: string; initiatorType: string };
const resources = (tab: Tab) => tab.run<Resource[]>(`return performance.getEntriesByType("resource").map((e) => ({ name: e.name, initiatorType: e.initiatorType }));`);

/** A script's weight, gzip -9 as scripts/quality/budgets.ts weighs it, and whether it is the SDK. */
async function weigh(url: string): Promise<{ bytes: number; sdk: boolean }> {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  return { bytes: gzipSync(body, { level: 9 }).length, sdk: body.includes(sdkMarker) };
}

const isScript = (entry: Resource) => entry.initiatorType === "script" || /\.js(\?|$)/.test(new URL(entry.name).pathname);

/** The page's resources once nothing new has arrived for a second (idle-time prefetches included). */
async function settle(tab: Tab): Promise<Resource[]> {
  let last = -1;
  for (let round = 0; round < 60; round++) {
    const list = await resources(tab);
    if (list.length === last) return list;
    last = list.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return resources(tab);
}

async function weighIntent(tab: Tab, site: Site) {
  await tab.goto(`${site.origin}/`);
  const before = await settle(tab);
  await tab.run(`[...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Start Call").focus();`);
  const after = await settle(tab);
  const added = after.slice(before.length).filter(isScript);
  const weights = await Promise.all(added.map((entry) => weigh(entry.name)));
  return {
    bytes: weights.reduce((sum, weight) => sum + weight.bytes, 0),
    sdkInside: weights.some((weight) => weight.sdk),
    sdkBefore: (await Promise.all(before.filter(isScript).map((entry) => weigh(entry.name)))).some((weight) => weight.sdk),
    files: added.length,
  };
}

/** The signed-URL request of the call just made (the Supabase function's path), from Resource Timing: when it left and when its answer was in. */
const signedUrlRequest = (tab: Tab) =>
  tab.run<{ startTime: number; responseEnd: number } | null>(
    `const entry = performance.getEntriesByType("resource").filter((e) => e.name.includes("/functions/v1/")).at(-1); return entry ? { startTime: entry.startTime, responseEnd: entry.responseEnd } : null;`,
  );

async function timeCall(tab: Tab, site: Site, kind: "voice" | "typed") {
  await tab.goto(`${site.origin}/`);
  await installRecorders(tab);
  await tab.click(kind === "voice" ? xpaths.start : xpaths.typed);
  const second = kind === "voice" ? callMarks.firstAudio : callMarks.firstLine;
  const seen = await waitForView(tab, (v) => isConnected(v) && v.marks[second] !== undefined, `the ${kind} call to connect and the caller to start`, 30_000);
  const start = seen.marks[callMarks.start]!;
  const request = await signedUrlRequest(tab);
  // Where the start goes: before the signed-URL request (microphone, call chunk), the request, then the socket until 'Connected'.
  const steps = request ? { beforeRequest: request.startTime - start, request: request.responseEnd - request.startTime, socket: seen.marks[callMarks.connected]! - request.responseEnd } : null;
  const result = { connected: seen.marks[callMarks.connected]! - start, caller: seen.marks[second]! - start, foreign: seen.foreignRequests.length, steps };
  await tab.click(xpaths.end);
  await waitForView(tab, isIdle, "the call to end");
  return result;
}

type Steps = { beforeRequest: number; request: number; socket: number };
/** The p50 of each step of the start, over the calls whose signed-URL request Resource Timing showed. */
function stepsLine(timed: { steps: Steps | null }[]): string {
  const steps = timed.flatMap((call) => (call.steps ? [call.steps] : []));
  if (steps.length === 0) return "steps: no signed-URL request in Resource Timing";
  const p50 = (pick: (s: Steps) => number) => `${percentile(steps.map(pick), 50).toFixed(0)} ms`;
  return `steps, p50: before the signed-URL request (microphone, call chunk) ${p50((s) => s.beforeRequest)}; the request ${p50((s) => s.request)}; its answer -> 'Connected' ${p50((s) => s.socket)}`;
}

async function main() {
  const sink = await startAudioSink();
  const site = await startSite().catch((error: unknown) => {
    sink.stop();
    throw error;
  });
  try {
    console.log(`Call widget, ${calls} calls of each kind per engine, production build + local agent; load average ${loadAverage().join(", ")}\n`);
    for (const engine of engines) {
      const browser = await launch(engine, "fake", sink.env);
      try {
        const tab = await browser.newTab();
        await tab.setViewport(1280, 900);
        const intent = await weighIntent(tab, site);
        const voice = [];
        const typed = [];
        for (let call = 0; call < calls; call++) voice.push(await timeCall(tab, site, "voice"));
        for (let call = 0; call < calls; call++) typed.push(await timeCall(tab, site, "typed"));
        const foreign = [...voice, ...typed].reduce((sum, call) => sum + call.foreign, 0);
        console.log(`${engine}`);
        console.log(`  JS on intent: ${kb(intent.bytes)} gzip -9 in ${intent.files} scripts; voice SDK inside: ${intent.sdkInside ? "yes" : "no"}; voice SDK before intent: ${intent.sdkBefore ? "YES" : "no"}`);
        console.log(`  requests to another origin during ${voice.length + typed.length} calls: ${foreign}`);
        if (calls === 0) continue;
        console.log(`  voice: Start Call -> 'Connected' ${ms(voice.map((call) => call.connected))}; -> first caller audio ${ms(voice.map((call) => call.caller))}`);
        console.log(`    ${stepsLine(voice)}`);
        console.log(`  typed: Start -> 'Connected' ${ms(typed.map((call) => call.connected))}; -> first caller line ${ms(typed.map((call) => call.caller))}`);
        console.log(`    ${stepsLine(typed)}`);
        console.log(`  load average after ${engine}: ${loadAverage().join(", ")}`);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await site.stop();
    sink.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
