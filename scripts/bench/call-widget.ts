/**
 * `npm run bench -- widget`: what the call widget costs and how fast a call starts, per engine,
 * against the production build (`next start`) and the local voice agent.
 *   --engine=chromium|firefox|webkit|all (default all)   --calls=N (default 10)   --repeats=N (default 3)
 * For each engine:
 * - JS on intent: the scripts the page fetches when the visitor shows intent (focus on Start
 *   Call), gzip -9 as the budget gate weighs them, and whether the voice SDK is among them
 *   (and not among the scripts before intent);
 * - requests to another origin, over the whole run: must be 0;
 * - a voice call: Start Call -> 'Connected' and Start Call -> the caller's first audio, p50/p95
 *   over N calls, each on a freshly loaded page, read from the performance marks the widget
 *   leaves (lib/call/call-marks.ts), with where the start went (before the signed-URL request,
 *   the request, its answer -> 'Connected');
 * - a typed call: Start -> 'Connected' and Start -> the caller's first line, likewise.
 * One run of the same code against another varied by 50-80 ms per engine, so a record is the
 * median of --repeats rounds with the lowest and highest beside it. Each round visits the engines
 * in turn (a burst of load lands on all of them, not on one), in a fresh browser, and first makes
 * one uncounted call of each kind (a fresh browser's first call sets up its audio stack and cache).
 * Chromium, Firefox ESR and WebKitGTK run through testkit/browser, as in the engine suite (fake
 * microphones, a PulseAudio null sink). Run `npm run build` first. Timings are the machine's: 2
 * shared cores. Exits 1 when the SDK loads before intent, or a call asks another origin for anything.
 */
import { gzipSync } from "node:zlib";
import { callMarks } from "../../lib/call/call-marks";
import { launch, type EngineName, type Tab } from "@mockingbird/testkit/browser/engines";
import { startAudioSink } from "@mockingbird/testkit/browser/audio-sink";
import { startSite, type Site } from "@mockingbird/testkit/browser/engine-site";
import { installRecorders, isConnected, isIdle, signedUrlEntries, waitForView, xpaths } from "@mockingbird/testkit/browser/widget";
import { numberOption, stringOption } from "@mockingbird/testkit/cli-options";
import { loadAverage } from "@mockingbird/testkit/figures/figures";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { medianWithRange, percentile } from "@mockingbird/testkit/stats";

const calls = numberOption("calls", 10);
const repeats = numberOption("repeats", 3);
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
    `const entry = ${signedUrlEntries}.at(-1); return entry ? { startTime: entry.startTime, responseEnd: entry.responseEnd } : null;`,
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
type TimedCall = Awaited<ReturnType<typeof timeCall>>;
/** One round's figures for one engine and kind of call. */
type Round = { connectedP50: number; callerP50: number; callerP95: number; steps: Steps | null; foreign: number };

function round(timed: TimedCall[]): Round {
  const steps = timed.flatMap((call) => (call.steps ? [call.steps] : []));
  const p50 = (pick: (s: Steps) => number) => percentile(steps.map(pick), 50);
  return {
    connectedP50: percentile(timed.map((call) => call.connected), 50),
    callerP50: percentile(timed.map((call) => call.caller), 50),
    callerP95: percentile(timed.map((call) => call.caller), 95),
    steps: steps.length === 0 ? null : { beforeRequest: p50((s) => s.beforeRequest), request: p50((s) => s.request), socket: p50((s) => s.socket) },
    foreign: timed.reduce((sum, call) => sum + call.foreign, 0),
  };
}

/** The rounds' median with the lowest and highest: "257 ms (179-301)". */
const spread = (values: number[]) => medianWithRange(values, " ms");

const stepsSpread = (rounds: Round[]) => {
  const steps = rounds.flatMap((one) => (one.steps ? [one.steps] : []));
  if (steps.length === 0) return ["-", "-", "-"];
  return [spread(steps.map((s) => s.beforeRequest)), spread(steps.map((s) => s.request)), spread(steps.map((s) => s.socket))];
};

type Intent = Awaited<ReturnType<typeof weighIntent>>;
type EngineFigures = { intent: Intent; voice: Round[]; typed: Round[]; warmUpForeign: number };

async function measureRound(engine: EngineName, sinkEnv: Record<string, string>, site: Site, figures: Map<EngineName, EngineFigures>): Promise<void> {
  const browser = await launch(engine, "fake", sinkEnv);
  try {
    const tab = await browser.newTab();
    await tab.setViewport(1280, 900);
    const known = figures.get(engine);
    const intent = known?.intent ?? (await weighIntent(tab, site));
    // Uncounted but for their requests to another origin, which no call may make.
    const warmUp = [await timeCall(tab, site, "voice"), await timeCall(tab, site, "typed")];
    const voice: TimedCall[] = [];
    const typed: TimedCall[] = [];
    for (let call = 0; call < calls; call++) voice.push(await timeCall(tab, site, "voice"));
    for (let call = 0; call < calls; call++) typed.push(await timeCall(tab, site, "typed"));
    const entry = known ?? { intent, voice: [], typed: [], warmUpForeign: 0 };
    entry.voice.push(round(voice));
    entry.typed.push(round(typed));
    entry.warmUpForeign += warmUp.reduce((sum, call) => sum + call.foreign, 0);
    figures.set(engine, entry);
    const last = (rounds: Round[]) => rounds.at(-1)!;
    console.log(
      `  ${engine.padEnd(8)} voice first audio p50 ${last(entry.voice).callerP50.toFixed(0)} ms, p95 ${last(entry.voice).callerP95.toFixed(0)} ms; typed first line p50 ${last(entry.typed).callerP50.toFixed(0)} ms; load ${loadAverage()[0]}`,
    );
  } finally {
    await browser.close();
  }
}

async function main() {
  if (calls < 1 || repeats < 1) throw new Error("--calls and --repeats must be at least 1");
  const record = startFigures("widget");
  const sink = await startAudioSink();
  const site = await startSite().catch((error: unknown) => {
    sink.stop();
    throw error;
  });
  const figures = new Map<EngineName, EngineFigures>();
  try {
    console.log(`Call widget: ${repeats} rounds of ${calls} calls of each kind per engine (after one uncounted call of each), production build + local agent; load average ${loadAverage().join(", ")}`);
    for (let repeat = 1; repeat <= repeats; repeat++) {
      console.log(`round ${repeat}`);
      for (const engine of engines) await measureRound(engine, sink.env, site, figures);
    }
  } finally {
    await site.stop();
    sink.stop();
  }
  const measured = engines.map((engine) => ({ engine, ...figures.get(engine)! }));
  const of = (rounds: Round[], pick: (one: Round) => number) => spread(rounds.map(pick));
  const perCall = `median of ${repeats} rounds of ${calls} calls (lowest-highest)`;
  const tables = [
    {
      id: "start",
      title: `How fast a call starts, ${perCall}; targets: voice first audio p50 <= 200 ms, typed first line p50 <= 100 ms`,
      columns: ["engine", "voice: -> first caller audio p50", "p95", "-> 'Connected' p50", "typed: -> first caller line p50", "p95", "-> 'Connected' p50"],
      rows: measured.map(({ engine, voice, typed }) => [
        engine,
        of(voice, (one) => one.callerP50),
        of(voice, (one) => one.callerP95),
        of(voice, (one) => one.connectedP50),
        of(typed, (one) => one.callerP50),
        of(typed, (one) => one.callerP95),
        of(typed, (one) => one.connectedP50),
      ]),
    },
    {
      id: "steps",
      title: `Where the start goes, p50 per round, ${perCall}`,
      columns: ["engine", "call", "before the signed-URL request (microphone, call chunk)", "the request", "its answer -> 'Connected'"],
      rows: measured.flatMap(({ engine, voice, typed }) => [
        [engine, "voice", ...stepsSpread(voice)],
        [engine, "typed", ...stepsSpread(typed)],
      ]),
    },
    {
      id: "weight",
      title: "What the widget costs the page",
      columns: ["engine", "JS on intent (gzip -9)", "scripts", "voice SDK on intent", "voice SDK before intent", "requests to another origin, every call"],
      rows: measured.map(({ engine, intent, voice, typed, warmUpForeign }) => [
        engine,
        kb(intent.bytes),
        intent.files,
        intent.sdkInside ? "yes" : "NO",
        intent.sdkBefore ? "YES" : "no",
        [...voice, ...typed].reduce((sum, one) => sum + one.foreign, warmUpForeign),
      ]),
    },
  ];
  for (const table of tables) {
    console.log(`\n${table.title}\n${table.columns.join(" | ")}`);
    for (const row of table.rows) console.log(row.join(" | "));
  }
  // What no timing excuses: the SDK only on intent, and nothing fetched from another origin.
  const failures = measured.flatMap(({ engine, intent, voice, typed, warmUpForeign }) => [
    ...(intent.sdkBefore ? [`${engine}: the voice SDK loads before intent`] : []),
    ...(intent.sdkInside ? [] : [`${engine}: the voice SDK is not among the scripts loaded on intent`]),
    ...([...voice, ...typed].some((one) => one.foreign > 0) || warmUpForeign > 0 ? [`${engine}: a call made requests to another origin`] : []),
  ]);
  for (const failure of failures) console.error(`WIDGET: ${failure}`);
  const across = (pick: (engine: (typeof measured)[number]) => Round[]) => measured.map((one) => `${one.engine} ${of(pick(one), (r) => r.callerP50)}`).join(", ");
  record.record({
    tables,
    headlines: [
      { figure: `Start Call -> first caller audio, p50, ${perCall}`, value: across((one) => one.voice) },
      { figure: "Start a typed call -> first caller line, p50, likewise", value: across((one) => one.typed) },
      { figure: "JS on intent (gzip -9)", value: kb(measured[0]!.intent.bytes) },
    ],
    failures,
  });
  if (failures.length > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
