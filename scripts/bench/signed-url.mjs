#!/usr/bin/env node
/**
 * Benchmark of the signed-URL route under `next start`, limiter on.
 *
 *   npx next build            # or: npm run build (a production build is required)
 *   node scripts/bench/signed-url.mjs [--duration 10] [--connections 50] [--dist-dir .next]
 *
 * Starts a loopback fake of ElevenLabs' get-signed-url endpoint in a child process, runs
 * `next start` on a free port against it, and loads POST /functions/v1/elevenlabs-auth
 * with autocannon: once with limits raised (every request takes the full path: checks,
 * counters, upstream fetch) and once with the default limits (almost every request is
 * a 429 from the limiter). Each server is warmed up for a few seconds first (JIT), and
 * that load is not counted.
 *
 * Handler overhead is measured twice, each time as the median latency of the route (or
 * handler) minus that of a plain call of the upstream, the two called alternately one at
 * a time: through `next start` (so Next.js and the site's proxy are included), and in
 * process, calling lib/signed-url's handler directly (loaded with tsx), which isolates
 * the handler's own cost from the framework's.
 * It prints figures and asserts nothing: a benchmark, not a test.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { tsImport } from "tsx/esm/api";

// The project's shared helpers are TypeScript; tsx loads them into this plain-JS script.
const { freePort, waitForPort } = await tsImport("../../testkit/ports.ts", import.meta.url);
const { spawnFakeVoiceUpstream } = await tsImport("../../testkit/fakes/voice-upstream.ts", import.meta.url);

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const options = parseArguments(process.argv.slice(2));
// The anon key is inlined at build time; the request must carry the build's value.
const anonKey = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY ?? "mockingbird-local-anon-key-0000000000";
const raisedLimits = {
  SIGNED_URL_LIMIT_PER_MINUTE: "1000000",
  SIGNED_URL_LIMIT_PER_DAY: "10000000",
  SIGNED_URL_LIMIT_PER_NETWORK_PER_DAY: "10000000",
  SIGNED_URL_DAILY_CAP: "1000000000",
};

const children = new Set();
process.on("exit", () => {
  for (const child of children) child.kill("SIGTERM");
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

async function main() {
  const distDir = options.distDir;
  if (!existsSync(path.join(projectRoot, distDir, "BUILD_ID"))) {
    fail(`No production build in ${distDir}/. Run \`npx next build\` (or \`npm run build\`) first.`);
  }

  // The fake runs in its own process so it does not share an event loop with autocannon.
  const upstream = await spawnFakeVoiceUpstream();
  const route = (port) => `http://127.0.0.1:${port}/functions/v1/elevenlabs-auth`;
  const upstreamUrl = `${upstream.baseUrl}/v1/convai/conversation/get-signed-url?agent_id=agent_bench`;

  console.log(`signed-URL route benchmark: ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ""}, Node ${process.version}`);
  // Other work on the machine skews every figure; the load average says how much.
  console.log(`load average before: ${os.loadavg().map((value) => value.toFixed(2)).join(" ")}`);
  console.log(
    `load: ${options.connections} connections for ${options.duration} s per run after ${options.warmUpDuration} s of uncounted warm-up; overhead runs: 1 connection for ${options.overheadDuration} s\n`,
  );

  const rows = [];

  const direct = await load({ url: upstreamUrl, method: "GET", connections: 1, duration: options.overheadDuration });
  rows.push(row("upstream called directly (1 connection)", direct));

  const inProcess = await measureHandlerInProcess(upstream.baseUrl);

  const raised = await startNextServer(distDir, upstream.baseUrl, raisedLimits);
  await warmUp(route(raised.port));
  await load(routeRequest(route(raised.port), options.connections, options.warmUpDuration));
  const single = await load(routeRequest(route(raised.port), 1, options.overheadDuration));
  rows.push(row("route, limiter on, limits raised (1 connection)", single));
  const viaNext = await overheadThroughNext(route(raised.port), upstreamUrl);
  const full = await load(routeRequest(route(raised.port), options.connections, options.duration));
  rows.push(row(`route, limiter on, limits raised (${options.connections} connections)`, full));
  // The cheapest answer the route gives (header checks only): what Next.js and the
  // site's proxy cost per request before the handler does any work.
  const floor = await load({ ...routeRequest(route(raised.port), options.connections, options.duration), headers: { origin: "https://not-allowed.example" } });
  rows.push(row(`route, refused at the origin check: framework floor (${options.connections} connections)`, floor));
  await raised.stop();

  const defaults = await startNextServer(distDir, upstream.baseUrl, {});
  await warmUp(route(defaults.port), [200, 429]);
  await load(routeRequest(route(defaults.port), options.connections, options.warmUpDuration));
  const limited = await load(routeRequest(route(defaults.port), options.connections, options.duration));
  rows.push(row(`route, default limits: 5/min, mostly 429 (${options.connections} connections)`, limited));
  await defaults.stop();
  await upstream.stop();

  console.table(rows);
  console.log(
    `overhead per request through next start: route ${viaNext.routeMicros.toFixed(0)} µs vs upstream ${viaNext.upstreamMicros.toFixed(0)} µs ` +
      `(medians, one at a time, alternating) => ${(viaNext.routeMicros - viaNext.upstreamMicros).toFixed(0)} µs, Next.js included`,
  );
  console.log(
    `handler alone, in process: ${inProcess.handlerMicros.toFixed(0)} µs per call vs ${inProcess.directMicros.toFixed(0)} µs for a plain fetch of the upstream (medians) ` +
      `=> handler overhead ${(inProcess.handlerMicros - inProcess.directMicros).toFixed(0)} µs per request; ` +
      `${Math.round(inProcess.handlerPerSecond)} calls/s with ${options.connections} in flight`,
  );
  console.log(`throughput, full path: ${Math.round(full.requests.average)} req/s (target >= 3000 req/s on 2 cores)`);
  console.log(`throughput, limiter refusing: ${Math.round(limited.requests.average)} req/s; framework floor: ${Math.round(floor.requests.average)} req/s`);
  console.log(`load average after: ${os.loadavg().map((value) => value.toFixed(2)).join(" ")}`);
}

/**
 * The handler without Next.js: the same config a host builds (ElevenLabs upstream, limits
 * raised, memory counters), called directly with web Requests.
 */
async function measureHandlerInProcess(upstreamBaseUrl) {
  const load = (specifier) => tsImport(specifier, import.meta.url);
  const { createSignedUrlHandler } = await load("../../lib/signed-url/handler.ts");
  const { createMemoryLimitStore } = await load("../../lib/signed-url/memory-store.ts");
  const { defaultOriginRules } = await load("../../lib/signed-url/origin-policy.ts");
  const limits = { perMinute: 1e6, perDay: 1e7, perNetworkPerDay: 1e7, dailyCap: 1e9 };
  const handle = createSignedUrlHandler(
    {
      upstream: { kind: "elevenlabs", baseUrl: upstreamBaseUrl, apiKey: "sk_bench", defaultAgentId: "agent_bench", agentIdsByScenario: {} },
      upstreamTimeoutMs: 5000,
      anonKey,
      allowedOrigins: defaultOriginRules(undefined),
      trustedProxy: undefined,
      limits,
    },
    { admission: createMemoryLimitStore(limits) },
  );
  const { headers, body } = routeRequest("http://bench", 1, 1);
  const callHandler = async () => {
    const response = await handle(new Request("http://bench/functions/v1/elevenlabs-auth", { method: "POST", headers, body }));
    if (response.status !== 200) throw new Error(`handler answered ${response.status}`);
    await response.text();
  };
  const callUpstream = async () => {
    const response = await fetch(`${upstreamBaseUrl}/v1/convai/conversation/get-signed-url?agent_id=agent_bench`, { headers: { "xi-api-key": "sk_bench" } });
    JSON.parse(await response.text());
  };
  const { firstMicros: directMicros, secondMicros: handlerMicros } = await interleavedMedians(callUpstream, callHandler, 3000);
  const until = performance.now() + options.overheadDuration * 1000;
  let calls = 0;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < until) {
        await callHandler();
        calls += 1;
      }
    }),
  );
  return { directMicros, handlerMicros, handlerPerSecond: calls / options.overheadDuration };
}

/**
 * Median latency of two calls made alternately, one at a time. Alternating exposes both
 * to the same background load, and the median ignores the stalls a busy machine adds.
 */
async function interleavedMedians(first, second, count) {
  for (let warm = 0; warm < 300; warm += 1) {
    await first();
    await second();
  }
  const firstTimes = [];
  const secondTimes = [];
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

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function routeRequest(url, connections, duration) {
  return {
    url,
    method: "POST",
    connections,
    duration,
    headers: {
      origin: "http://localhost:3000",
      apikey: anonKey,
      authorization: `Bearer ${anonKey}`,
      "x-client-info": "supabase-js/bench",
      "content-type": "application/json",
    },
    body: JSON.stringify({ scenario: "ceo-urgent-wire" }),
  };
}

function load(request) {
  return autocannon({ ...request, timeout: 10 });
}

function row(name, result) {
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}:${count}`)
    .join(" ");
  return {
    run: name,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "mean ms": Number(result.latency.average.toFixed(2)),
    statuses,
    errors: result.errors + result.timeouts,
  };
}

/** Route and upstream called alternately from here: the route's extra cost per request, framework included. */
async function overheadThroughNext(routeUrl, upstreamUrl) {
  const { headers, body } = routeRequest(routeUrl, 1, 1);
  const callRoute = async () => {
    const response = await fetch(routeUrl, { method: "POST", headers, body });
    await response.text();
  };
  const callUpstream = async () => {
    const response = await fetch(upstreamUrl, { headers: { "xi-api-key": "sk_bench" } });
    await response.text();
  };
  const { firstMicros: upstreamMicros, secondMicros: routeMicros } = await interleavedMedians(callUpstream, callRoute, 1000);
  return { upstreamMicros, routeMicros };
}

async function startNextServer(distDir, upstreamBaseUrl, limits) {
  const port = await freePort();
  const nextBin = path.join(projectRoot, "node_modules/next/dist/bin/next");
  const child = spawn(process.execPath, [nextBin, "start", "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: projectRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: distDir,
      ELEVENLABS_API_KEY: "sk_bench_not_a_real_key",
      ELEVENLABS_AGENT_ID: "agent_bench",
      ELEVENLABS_API_BASE: upstreamBaseUrl,
      ALLOWED_ORIGINS: "http://localhost:*",
      REDIS_URL: "",
      TRUST_PROXY_HEADER: "",
      ...limits,
    },
  });
  children.add(child);
  await waitForPort(port, { child, name: "next start" });
  return { port, stop: () => stopChild(child) };
}

/** Also proves the wiring before timing anything: a 401 here means the anon key differs from the build's. */
async function warmUp(url, acceptable = [200]) {
  const request = routeRequest(url, 1, 1);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await fetch(url, { method: "POST", headers: request.headers, body: request.body });
    const text = await response.text();
    if (acceptable.includes(response.status)) return;
    if (response.status === 401) fail("The route answered 401: set NEXT_PUBLIC_SUPABASE_ANON_KEY to the value the build was made with.");
    if (attempt === 19) fail(`The route answered ${response.status}: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopChild(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  children.delete(child);
}

function parseArguments(argv) {
  const parsed = { duration: 10, connections: 50, overheadDuration: 3, warmUpDuration: 3, distDir: process.env.NEXT_DIST_DIR ?? ".next" };
  for (let index = 0; index < argv.length; index += 2) {
    const [flag, value] = [argv[index], argv[index + 1]];
    if (flag === "--duration") parsed.duration = Number(value);
    else if (flag === "--connections") parsed.connections = Number(value);
    else if (flag === "--overhead-duration") parsed.overheadDuration = Number(value);
    else if (flag === "--warm-up") parsed.warmUpDuration = Number(value);
    else if (flag === "--dist-dir") parsed.distDir = value;
    else fail(`Unknown option ${flag}. Options: --duration <s> --connections <n> --overhead-duration <s> --warm-up <s> --dist-dir <dir>`);
  }
  return parsed;
}

function fail(message) {
  console.error(`signed-url benchmark: ${message}`);
  process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
