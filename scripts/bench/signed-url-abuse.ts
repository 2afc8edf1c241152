/**
 * `npx tsx scripts/bench/signed-url-abuse.ts`: the signed-URL endpoint under 10,000
 * requests from 1,000 distinct client addresses, against `next start` (production build
 * required: `npm run build`).
 *
 * The upstream is a loopback fake of the local voice agent's get-signed-url endpoint, in its
 * own process (the limiter is under test, not the agent). `next start` runs with
 * TRUST_PROXY_HEADER=x-forwarded-for and explicit caps (5/min and 20/day per client, 2,000
 * a day in all). Every request is a well-formed POST /functions/v1/elevenlabs-auth (anon
 * key, allowed Origin, a scenario), 50 in flight. Two phases, each on a fresh server:
 * 1. 10,000 requests whose X-Forwarded-For cycles over 1,000 addresses: the daily cap binds;
 * 2. 2,000 requests from 200 other addresses, each address's 10 back to back: the
 *    per-minute limit binds (and its concurrent requests race for it).
 *
 * Checks (exit 1 when one breaks; timing figures never fail the run):
 * - signed URLs issued (200) never exceed min(daily cap, addresses x per-minute limit),
 *   and equal what the limits allow for the load (no over-refusal either); the upstream
 *   is called exactly once per signed URL;
 * - no address gets more than the per-minute limit within a minute (nor the per-day limit);
 * - no 5xx other than the daily cap's 503 with its documented message; no status at all
 *   but 200, 429 (documented messages) and that 503;
 * - every 429 and 503 carries Retry-After (whole seconds > 0).
 * Prints counts per status, throughput and p50/p99 latency. Exit 2: could not run.
 *
 * Options: --requests=<n> (10000) --clients=<n> (1000) --burst-clients=<n> (200) --concurrency=<n> (50)
 */
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { signedUrlMessages } from "../../lib/signed-url/messages";
import { startProductionServer } from "../lib/serve";
import { numberOption } from "../lib/cli-options";
import { percentile } from "../lib/stats";
import { spawnFakeVoiceUpstream } from "../lib/fake-voice-upstream";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const totalRequests = numberOption("requests", 10_000);
const clientCount = numberOption("clients", 1_000);
const concurrency = numberOption("concurrency", 50);
const burstClients = numberOption("burst-clients", 200);
const limits = { perMinute: 5, perDay: 20, dailyCap: 2_000 };
const agentKey = "abuse-bench-agent-key";
// The anon key is inlined at build time; requests must carry the build's value.
const anonKey = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || "mockingbird-local-anon-key-0000000000";
const scenario = "it-helpdesk-mfa-reset";

const children = new Set<ChildProcess>();
const stops: (() => void)[] = [];
function cleanUp(): void {
  for (const stop of stops.splice(0)) stop();
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  children.clear();
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

function cannotRun(message: string): never {
  console.error(`signed-URL abuse check: ${message}`);
  process.exit(2);
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

type Outcome = { client: number; status: number; ms: number; at: number; retryAfter: string | undefined; error: string | undefined };

function post(agent: Agent, origin: string, headers: Record<string, string>, body: string): Promise<{ status: number; retryAfter: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}/functions/v1/elevenlabs-auth`, { method: "POST", agent, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const retryAfter = res.headers["retry-after"];
        resolve({ status: res.statusCode ?? 0, retryAfter: typeof retryAfter === "string" ? retryAfter : undefined, body: Buffer.concat(chunks).toString("utf8") });
      });
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timed out after 30 s")));
    req.on("error", reject);
    req.end(body);
  });
}

type Phase = {
  readonly title: string;
  readonly requests: number;
  readonly clients: number;
  /** Which client sends request `index`. */
  readonly clientOf: (index: number) => number;
  readonly address: (client: number) => string;
};

const phases: Phase[] = [
  {
    title: `${totalRequests} requests from ${clientCount} addresses, X-Forwarded-For cycling over them (every address once per round)`,
    requests: totalRequests,
    clients: clientCount,
    clientOf: (index) => index % clientCount,
    address: (client) => `198.18.${Math.floor(client / 250)}.${(client % 250) + 1}`,
  },
  {
    // Each address fires its 10 requests at once, so its per-minute limit binds (and races)
    // instead of the daily cap: the per-client check above is then not trivially met.
    title: `${burstClients * 10} requests from ${burstClients} addresses in bursts (each address's 10 requests back to back, fresh server)`,
    requests: burstClients * 10,
    clients: burstClients,
    clientOf: (index) => Math.floor(index / 10),
    address: (client) => `198.19.${Math.floor(client / 250)}.${(client % 250) + 1}`,
  },
];

async function main(): Promise<void> {
  if (!existsSync(path.join(projectRoot, ".next", "BUILD_ID"))) cannotRun("no production build in .next/: run `npm run build` first.");
  console.log(`signed-URL abuse check: ${os.cpus().length} CPU(s), Node ${process.version}, load average ${loadAverage()}`);
  console.log(`limits: ${limits.perMinute}/min and ${limits.perDay}/day per client, daily cap ${limits.dailyCap}; ${concurrency} requests in flight; fake upstream`);
  const failures: string[] = [];
  for (const phase of phases) failures.push(...(await runPhase(phase)));
  console.log(`
load average after: ${loadAverage()}`);
  if (failures.length > 0) {
    console.error(`\nFAILED (correctness):\n- ${failures.join("\n- ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nall checks passed: issued <= ceiling (and exactly what the limits allow), per-client limits held, only 200/429/503 with the documented bodies, Retry-After on every refusal");
  }
}

/** One phase on a fresh `next start` (fresh in-memory counters) and a fresh fake upstream. */
async function runPhase(phase: Phase): Promise<string[]> {
  console.log(`\n== ${phase.title}`);
  // The fake agent endpoint runs in its own process, so it does not share an event loop with the load.
  const upstream = await spawnFakeVoiceUpstream({ apiKey: agentKey });
  stops.push(upstream.stop);
  const site = await startProductionServer({
    ELEVENLABS_API_KEY: "",
    REDIS_URL: "",
    ALLOWED_ORIGINS: "",
    LOCAL_AGENT_URL: upstream.baseUrl,
    LOCAL_AGENT_API_KEY: agentKey,
    TRUST_PROXY_HEADER: "x-forwarded-for",
    TRUST_PROXY_HOPS: "1",
    SIGNED_URL_LIMIT_PER_MINUTE: String(limits.perMinute),
    SIGNED_URL_LIMIT_PER_DAY: String(limits.perDay),
    SIGNED_URL_DAILY_CAP: String(limits.dailyCap),
  });
  stops.push(site.stop);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const headers = {
    origin: site.origin,
    apikey: anonKey,
    authorization: `Bearer ${anonKey}`,
    "x-client-info": "supabase-js/abuse-check",
    "content-type": "application/json",
  };
  const body = JSON.stringify({ scenario });

  // Warm-up that the limiter never counts (refused at the origin check, before any counter).
  for (let index = 0; index < 100; index += 1) await post(agent, site.origin, { ...headers, origin: "https://not-allowed.example" }, body);

  const failures: string[] = [];
  const outcomes: Outcome[] = new Array(phase.requests);
  const wrongBodies = new Map<string, number>();
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const index = next;
        next += 1;
        if (index >= phase.requests) return;
        const client = phase.clientOf(index);
        const sentAt = performance.now();
        try {
          const answer = await post(agent, site.origin, { ...headers, "x-forwarded-for": phase.address(client) }, body);
          const done = performance.now();
          outcomes[index] = { client, status: answer.status, ms: done - sentAt, at: done, retryAfter: answer.retryAfter, error: undefined };
          if (!expectedBody(answer.status, answer.body)) {
            const key = `${answer.status} ${answer.body.slice(0, 160)}`;
            wrongBodies.set(key, (wrongBodies.get(key) ?? 0) + 1);
          }
        } catch (error) {
          outcomes[index] = { client, status: 0, ms: performance.now() - sentAt, at: performance.now(), retryAfter: undefined, error: error instanceof Error ? error.message : String(error) };
        }
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  agent.destroy();
  const upstreamCalls = await upstream.served();
  site.stop();
  upstream.stop();

  // ---- figures
  const byStatus = groupBy(outcomes, (o) => o.status);
  console.log(`${phase.requests} requests in ${seconds.toFixed(1)} s: ${Math.round(phase.requests / seconds)} req/s`);
  console.table(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => ({
        status: status === 0 ? "no answer" : status,
        count: list.length,
        "p50 ms": Number(percentile(list.map((o) => o.ms), 50).toFixed(1)),
        "p99 ms": Number(percentile(list.map((o) => o.ms), 99).toFixed(1)),
      })),
  );
  const all = outcomes.map((o) => o.ms);
  console.log(`latency, all requests: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms`);
  console.log(`upstream get-signed-url calls: ${upstreamCalls}`);

  // ---- checks
  const issued = byStatus.get(200)?.length ?? 0;
  const requestsPerClient = groupBy(outcomes, (o) => o.client);
  const withinOneMinute = seconds < 60;
  const allowedByClients = [...requestsPerClient.values()].reduce((sum, list) => sum + Math.min(list.length, limits.perMinute, limits.perDay), 0);
  const ceiling = Math.min(limits.dailyCap, phase.clients * limits.perMinute);
  const exact = Math.min(limits.dailyCap, allowedByClients);
  console.log(`signed URLs issued: ${issued} (ceiling min(daily cap ${limits.dailyCap}, ${phase.clients} x ${limits.perMinute}/min) = ${ceiling}; this load: exactly ${exact})`);
  if (issued > ceiling) failures.push(`${issued} signed URLs issued, above the ceiling of ${ceiling}`);
  if (withinOneMinute && issued !== exact) failures.push(`${issued} signed URLs issued; the limits allow exactly ${exact} for this load (over-refusal or over-issue)`);
  if (upstreamCalls !== issued) failures.push(`${upstreamCalls} upstream calls for ${issued} signed URLs: refused requests must never reach the upstream`);

  // Per client: at most perMinute within any minute (the limiter's window is fixed from the
  // client's first request, so in a run over a minute two windows may touch: 2 x limit).
  let worst = { client: -1, count: 0 };
  for (const [client, list] of groupBy(byStatus.get(200) ?? [], (o) => o.client)) {
    const times = list.map((o) => o.at).sort((a, b) => a - b);
    let inWindow = 0;
    for (let end = 0, start = 0; end < times.length; end += 1) {
      while ((times[end] ?? 0) - (times[start] ?? 0) >= 60_000) start += 1;
      inWindow = Math.max(inWindow, end - start + 1);
    }
    if (inWindow > worst.count) worst = { client, count: inWindow };
    const allowed = withinOneMinute ? limits.perMinute : 2 * limits.perMinute;
    if (inWindow > allowed) failures.push(`client ${phase.address(client)} got ${inWindow} signed URLs within a minute (limit ${limits.perMinute})`);
    if (list.length > limits.perDay) failures.push(`client ${phase.address(client)} got ${list.length} signed URLs in the run (per-day limit ${limits.perDay})`);
  }
  console.log(`most signed URLs one client got within a minute: ${worst.count} (${worst.client >= 0 ? phase.address(worst.client) : "none"}; limit ${limits.perMinute})`);

  for (const [status, list] of byStatus) {
    if (status === 0) failures.push(`${list.length} requests got no answer (${list[0]?.error})`);
    else if (status >= 500 && status !== 503) failures.push(`${list.length} answers with status ${status}`);
    else if (![200, 429, 503].includes(status)) failures.push(`${list.length} unexpected answers with status ${status}`);
  }
  for (const [text, count] of wrongBodies) failures.push(`${count} answers with an unexpected body: ${text}`);
  for (const status of [429, 503]) {
    const list = byStatus.get(status) ?? [];
    const missing = list.filter((o) => !/^[1-9]\d*$/.test(o.retryAfter ?? "")).length;
    console.log(`${status}: Retry-After on ${list.length - missing} of ${list.length}${list[0] ? ` (e.g. ${list[0].retryAfter} s)` : ""}`);
    if (missing > 0) failures.push(`${missing} ${status} answers without a valid Retry-After`);
  }
  return failures.map((failure) => `${phase.requests}-request phase: ${failure}`);
}

/** The documented body for each status this load may get; anything else is a finding. */
function expectedBody(status: number, text: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  const field = (name: string) => (typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined);
  if (status === 200) return field("signedUrl") === "ws://127.0.0.1:1/x";
  if (status === 429) return field("error") === signedUrlMessages.tooManyPerMinute || field("error") === signedUrlMessages.tooManyPerDay;
  if (status === 503) return field("error") === signedUrlMessages.dailyCapSpent;
  return false;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 2;
  })
  .finally(cleanUp);
