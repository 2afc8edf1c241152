/**
 * `npm run bench -- signed-url`: the signed-URL route under `next start`, limiter on (needs a
 * production build: `npm run build`).
 *
 * A loopback fake of ElevenLabs' get-signed-url endpoint runs in its own process; `next start`
 * runs on a free port against it, and autocannon loads POST /functions/v1/elevenlabs-auth: once
 * with limits raised (every request takes the full path: checks, counters, upstream fetch),
 * once refused at the origin check (the framework floor: Next.js and the site's proxy before
 * the handler does any work) and once with the default limits (almost every request a 429).
 * Each server is warmed up first (JIT), and that load is not counted.
 *
 * The handler's overhead is measured twice, each time as the median latency of the route (or
 * handler) minus that of a plain call of the upstream, the two called alternately one at a time:
 * through `next start` (Next.js and the proxy included), and in process, calling lib/signed-url's
 * handler directly, which isolates the handler's own cost from the framework's.
 *
 * Options: --duration=<s> (10) --connections=<n> (50) --overhead-duration=<s> (3) --warm-up=<s> (3)
 * --dist-dir=<dir> (.next, or NEXT_DIST_DIR)
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { createSignedUrlHandler } from "../../../lib/signed-url/handler";
import { createMemoryLimitStore } from "../../../lib/signed-url/memory-store";
import { defaultOriginRules } from "@mockingbird/contract/origin-policy";
import { autocannon, statusCounts, type AutocannonOptions, type AutocannonResult } from "@mockingbird/testkit/autocannon";
import { numberOption, stringOption } from "@mockingbird/testkit/cli-options";
import { startProductionServer } from "@mockingbird/testkit/servers/next-start";
import { median } from "@mockingbird/testkit/stats";
import { benchUpstreamKey as upstreamApiKey } from "@mockingbird/testkit/fakes/voice-upstream";
import { demoCall, limitsEnv, productionLimits, runSignedUrlBench, type Limits, type Run } from "./harness";

const duration = numberOption("duration", 10);
const connections = numberOption("connections", 50);
const overheadDuration = numberOption("overhead-duration", 3);
const warmUpDuration = numberOption("warm-up", 3);
const distDir = stringOption("dist-dir") ?? process.env.NEXT_DIST_DIR ?? ".next";
// The anon key is inlined at build time; the request must carry the build's value.
const anonKey = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY ?? "mockingbird-local-anon-key-0000000000";
const raisedLimits: Limits = { perMinute: 1_000_000, perDay: 10_000_000, perNetworkPerDay: 10_000_000, dailyCap: 1_000_000_000 };
const siteOrigin = "http://localhost:3000";

const routeLoad = (url: string, connectionCount: number, seconds: number): AutocannonOptions => ({ url, method: "POST", connections: connectionCount, duration: seconds, ...demoCall({ origin: siteOrigin, anonKey }) });
const load = (options: AutocannonOptions) => autocannon({ ...options, timeout: 10 });

const columns = ["run", "req/s", "p50 ms", "p99 ms", "mean ms", "statuses", "errors"];
const row = (name: string, result: AutocannonResult) => [
  name,
  Math.round(result.requests.average),
  result.latency.p50,
  result.latency.p99,
  Number(result.latency.average.toFixed(2)),
  statusCounts(result),
  result.errors + result.timeouts,
];

runSignedUrlBench("signed-url", undefined, async (run) => {
  if (!existsSync(path.join(process.cwd(), distDir, "BUILD_ID"))) throw new Error(`no production build in ${distDir}/: run \`npm run build\` first`);
  const upstream = (await run.upstream()).baseUrl;
  const route = (origin: string) => `${origin}/functions/v1/elevenlabs-auth`;
  const upstreamUrl = `${upstream}/v1/convai/conversation/get-signed-url?agent_id=agent_bench`;
  console.log(`signed-URL route benchmark: ${connections} connections for ${duration} s per run after ${warmUpDuration} s of uncounted warm-up; overhead runs: 1 connection for ${overheadDuration} s\n`);

  const rows: (string | number)[][] = [];
  const direct = await load({ url: upstreamUrl, method: "GET", headers: { "xi-api-key": upstreamApiKey }, connections: 1, duration: overheadDuration });
  rows.push(row("upstream called directly (1 connection)", direct));
  const inProcess = await measureHandlerInProcess(upstream);

  const raised = await startRoute(run, upstream, raisedLimits);
  await warmUp(route(raised.origin), [200]);
  await load(routeLoad(route(raised.origin), connections, warmUpDuration));
  rows.push(row("route, limiter on, limits raised (1 connection)", await load(routeLoad(route(raised.origin), 1, overheadDuration))));
  const viaNext = await overheadThroughNext(route(raised.origin), upstreamUrl);
  const full = await load(routeLoad(route(raised.origin), connections, duration));
  rows.push(row(`route, limiter on, limits raised (${connections} connections)`, full));
  const floor = await load({ ...routeLoad(route(raised.origin), connections, duration), headers: { origin: "https://not-allowed.example" } });
  rows.push(row(`route, refused at the origin check: framework floor (${connections} connections)`, floor));
  raised.stop();

  const defaults = await startRoute(run, upstream, productionLimits);
  await warmUp(route(defaults.origin), [200, 429]);
  await load(routeLoad(route(defaults.origin), connections, warmUpDuration));
  const limited = await load(routeLoad(route(defaults.origin), connections, duration));
  rows.push(row(`route, default limits: ${productionLimits.perMinute}/min, mostly 429 (${connections} connections)`, limited));
  defaults.stop();

  console.table(rows.map((cells) => Object.fromEntries(columns.map((column, index) => [column, cells[index]]))));
  const notes = [
    `Overhead per request through \`next start\`: route ${viaNext.routeMicros.toFixed(0)} µs vs upstream ${viaNext.upstreamMicros.toFixed(0)} µs (medians, one at a time, alternating) => ${(viaNext.routeMicros - viaNext.upstreamMicros).toFixed(0)} µs, Next.js included.`,
    `Handler alone, in process: ${inProcess.handlerMicros.toFixed(0)} µs per call vs ${inProcess.directMicros.toFixed(0)} µs for a plain fetch of the upstream (medians) => handler overhead ${(inProcess.handlerMicros - inProcess.directMicros).toFixed(0)} µs per request; ${Math.round(inProcess.handlerPerSecond)} calls/s with ${connections} in flight.`,
    `Throughput, full path: ${Math.round(full.requests.average)} req/s (target >= 3000 req/s on 2 cores); limiter refusing: ${Math.round(limited.requests.average)} req/s; framework floor: ${Math.round(floor.requests.average)} req/s.`,
  ];
  for (const note of notes) console.log(note);
  run.tables.push({ id: "route", title: `POST /functions/v1/elevenlabs-auth under \`next start\`, loopback fake upstream, ${duration} s per run after ${warmUpDuration} s of warm-up`, columns, rows });
  run.notes.push(...notes);
  run.headlines.push({ figure: `signed-URL route under \`next start\`, ${connections} connections, full path (checks, counters, upstream)`, value: `${Math.round(full.requests.average)} req/s, p50 ${full.latency.p50} ms, p99 ${full.latency.p99} ms` });
});

function startRoute(run: Run, upstreamBaseUrl: string, limits: Limits) {
  return startProductionServer({
    NODE_ENV: "production",
    NEXT_DIST_DIR: distDir,
    ELEVENLABS_API_KEY: upstreamApiKey,
    ELEVENLABS_AGENT_ID: "agent_bench",
    ELEVENLABS_API_BASE: upstreamBaseUrl,
    ALLOWED_ORIGINS: "http://localhost:*",
    REDIS_URL: "",
    TRUST_PROXY_HEADER: "",
    ...limitsEnv(limits),
  }).then((server) => {
    run.atEnd(server.stop);
    return server;
  });
}

/** Also proves the wiring before timing anything: a 401 here means the anon key differs from the build's. */
async function warmUp(url: string, acceptable: number[]): Promise<void> {
  const call = demoCall({ origin: siteOrigin, anonKey });
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await fetch(url, { method: "POST", headers: call.headers, body: call.body });
    const text = await response.text();
    if (acceptable.includes(response.status)) return;
    if (response.status === 401) throw new Error("the route answered 401: set NEXT_PUBLIC_SUPABASE_ANON_KEY to the value the build was made with");
    if (attempt === 19) throw new Error(`the route answered ${response.status}: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Median latency of two calls made alternately, one at a time. Alternating exposes both to the
 * same background load, and the median ignores the stalls a busy machine adds.
 */
async function interleavedMedians(first: () => Promise<void>, second: () => Promise<void>, count: number) {
  for (let warm = 0; warm < 300; warm += 1) {
    await first();
    await second();
  }
  const firstTimes: number[] = [];
  const secondTimes: number[] = [];
  for (let index = 0; index < count; index += 1) {
    let started = performance.now();
    await first();
    firstTimes.push(performance.now() - started);
    started = performance.now();
    await second();
    secondTimes.push(performance.now() - started);
  }
  return { firstMicros: median(firstTimes) * 1000, secondMicros: median(secondTimes) * 1000 };
}

const callUpstream = (upstreamUrl: string) => async () => {
  const response = await fetch(upstreamUrl, { headers: { "xi-api-key": upstreamApiKey } });
  await response.text();
};

/** Route and upstream called alternately from here: the route's extra cost per request, framework included. */
async function overheadThroughNext(routeUrl: string, upstreamUrl: string) {
  const call = demoCall({ origin: siteOrigin, anonKey });
  const callRoute = async () => {
    const response = await fetch(routeUrl, { method: "POST", headers: call.headers, body: call.body });
    await response.text();
  };
  const { firstMicros: upstreamMicros, secondMicros: routeMicros } = await interleavedMedians(callUpstream(upstreamUrl), callRoute, 1000);
  return { upstreamMicros, routeMicros };
}

/** The handler without Next.js: the config a host builds (ElevenLabs upstream, limits raised, memory counters), called with web Requests. */
async function measureHandlerInProcess(upstreamBaseUrl: string) {
  const limits = { ...raisedLimits };
  const handle = createSignedUrlHandler(
    {
      upstream: { kind: "elevenlabs", baseUrl: upstreamBaseUrl, apiKey: upstreamApiKey, defaultAgentId: "agent_bench", agentIdsByScenario: {} },
      upstreamTimeoutMs: 5000,
      anonKey,
      allowedOrigins: defaultOriginRules(undefined),
      trustedProxy: undefined,
      limits,
    },
    { admission: createMemoryLimitStore(limits) },
  );
  const call = demoCall({ origin: siteOrigin, anonKey });
  const callHandler = async () => {
    const response = await handle(new Request("http://bench/functions/v1/elevenlabs-auth", { method: "POST", headers: call.headers, body: call.body }));
    if (response.status !== 200) throw new Error(`handler answered ${response.status}`);
    await response.text();
  };
  const { firstMicros: directMicros, secondMicros: handlerMicros } = await interleavedMedians(
    async () => {
      const response = await fetch(`${upstreamBaseUrl}/v1/convai/conversation/get-signed-url?agent_id=agent_bench`, { headers: { "xi-api-key": upstreamApiKey } });
      JSON.parse(await response.text());
    },
    callHandler,
    3000,
  );
  const until = performance.now() + overheadDuration * 1000;
  let calls = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        await callHandler();
        calls += 1;
      }
    }),
  );
  return { directMicros, handlerMicros, handlerPerSecond: calls / overheadDuration };
}
