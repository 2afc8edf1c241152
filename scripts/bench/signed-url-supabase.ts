/**
 * `npm run bench:signed-url-supabase`: the Supabase Edge Function's limits under load,
 * as a CDN-hosted static site gets them. Four instances of
 * supabase/functions/elevenlabs-auth run under Deno (npm `deno`), all counting in one
 * throwaway PostgreSQL with the project's migration; the voice upstream is a loopback
 * fake in its own process. Requests carry the visitor's address in X-Forwarded-For, which
 * the instances trust (TRUST_PROXY_HEADER, as on Supabase behind its edge).
 *
 * Limits: 5 a minute and 10 a day per visitor, 40 a day per network (/24), a daily cap of
 * 2,000; 50 requests in flight, spread round robin over the instances. Three phases, each
 * on empty counters:
 * 1. 10,000 requests from 1,000 addresses (4 in each of 250 /24 networks), every address
 *    once per round: the daily cap binds.
 * 2. 2,000 requests from 200 addresses in 20 networks, each address's 10 back to back:
 *    the per-visitor minute and the per-network day bind.
 * 3. 1,000 requests while the upstream fails, then one call per visitor once it is back:
 *    failed calls give every slot back.
 *
 * Checks (exit 1 when one breaks; timing figures never fail the run): issued signed URLs
 * never exceed the daily cap, no visitor gets more than its minute or day limit, no
 * network more than its day; issued equals exactly what the limits allow for the load (no
 * over-refusal either); one upstream call per signed URL; only documented statuses and
 * bodies; Retry-After on every refusal. Exit 2: could not run.
 *
 * Options: --requests=<n> (10000) --clients=<n> (1000) --instances=<n> (4) --concurrency=<n> (50)
 */
import postgres from "postgres";
import { numberOption } from "../../testkit/cli-options";
import { startEdgeFunction, type EdgeFunction } from "../../testkit/servers/edge-function";
import { spawnFakeVoiceUpstream, type FakeVoiceUpstreamProcess } from "../../testkit/fakes/voice-upstream";
import { startPostgres } from "../../testkit/servers/postgres";
import { checkAnswers, groupBy, loadAverage, mostWithinAMinute, percentile, printStatuses, sendLoad, type Load, type Sent, type Target } from "./signed-url-load";

const benchUpstreamKey = "bench-upstream-key";

const totalRequests = numberOption("requests", 10_000);
const clientCount = numberOption("clients", 1_000);
const instanceCount = numberOption("instances", 4);
const concurrency = numberOption("concurrency", 50);
const limits = { perMinute: 5, perDay: 10, perNetworkPerDay: 40, dailyCap: 2_000 };
const siteOrigin = "https://www.mockingbird.example";
const anonKey = "bench-anon-key-0123456789abcdef";

const cleanUps: (() => Promise<void> | void)[] = [];
async function cleanUp(): Promise<void> {
  for (const step of cleanUps.splice(0).reverse()) await step();
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void cleanUp().then(() => process.exit(130)));

/** 198.18.0.0/15 (benchmarking addresses, RFC 2544): `perNetwork` addresses in each /24. */
function addressOf(visitor: number, perNetwork: number, firstNetwork = 0): { address: string; network: string } {
  const network = firstNetwork + Math.floor(visitor / perNetwork);
  const third = network % 256;
  const second = 18 + Math.floor(network / 256);
  return { address: `198.${second}.${third}.${(visitor % perNetwork) + 1}`, network: `198.${second}.${third}.0/24` };
}

type Phase = {
  readonly title: string;
  readonly requests: number;
  readonly visitorOf: (index: number) => number;
  readonly address: (visitor: number) => { address: string; network: string };
};

async function main(): Promise<void> {
  console.log(`Supabase function limits: ${instanceCount} Deno instances, one PostgreSQL; load average ${loadAverage()}`);
  console.log(
    `limits: ${limits.perMinute}/min and ${limits.perDay}/day per visitor, ${limits.perNetworkPerDay}/day per /24, daily cap ${limits.dailyCap}; ${concurrency} in flight`,
  );
  const database = await startPostgres();
  cleanUps.push(() => database.stop());
  const upstream = await spawnFakeVoiceUpstream({ apiKey: benchUpstreamKey });
  cleanUps.push(() => upstream.stop());
  const instances = await Promise.all(
    Array.from({ length: instanceCount }, () =>
      startEdgeFunction({
        SUPABASE_DB_URL: database.url,
        SUPABASE_ANON_KEY: anonKey,
        NEXT_PUBLIC_SITE_URL: siteOrigin,
        ELEVENLABS_API_KEY: benchUpstreamKey,
        ELEVENLABS_AGENT_ID: "agent_bench",
        ELEVENLABS_API_BASE: upstream.baseUrl,
        TRUST_PROXY_HEADER: "x-forwarded-for",
        SIGNED_URL_LIMIT_PER_MINUTE: String(limits.perMinute),
        SIGNED_URL_LIMIT_PER_DAY: String(limits.perDay),
        SIGNED_URL_LIMIT_PER_NETWORK_PER_DAY: String(limits.perNetworkPerDay),
        SIGNED_URL_DAILY_CAP: String(limits.dailyCap),
      }),
    ),
  );
  for (const instance of instances) cleanUps.push(() => instance.stop());
  const targets: Target[] = instances.map((instance) => ({ url: instance.url, origin: siteOrigin, anonKey }));
  const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
  cleanUps.push(() => sql.end({ timeout: 1 }));

  const failures: string[] = [];
  const phases: Phase[] = [
    {
      title: `${totalRequests} requests from ${clientCount} addresses (4 per /24), each address once per round`,
      requests: totalRequests,
      visitorOf: (index) => index % clientCount,
      address: (visitor) => addressOf(visitor, 4),
    },
    {
      title: "2,000 requests from 200 addresses in 20 networks (10 per /24), each address's 10 back to back",
      requests: 2_000,
      visitorOf: (index) => Math.floor(index / 10),
      address: (visitor) => addressOf(visitor, 10, 1_000),
    },
  ];
  for (const phase of phases) {
    await sql`truncate signed_url_limits.counters`;
    failures.push(...(await runPhase(phase, targets, upstream, instances)));
  }
  await sql`truncate signed_url_limits.counters`;
  failures.push(...(await failingUpstreamPhase(targets, upstream, sql)));

  console.log(`\nload average after: ${loadAverage()}`);
  await cleanUp();
  if (failures.length > 0) {
    console.error(`\nFAILED:\n- ${failures.join("\n- ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nall checks passed: issued <= daily cap and exactly what the limits allow, per-visitor and per-network limits held across every instance, slots given back on upstream failure");
  }
}

async function runPhase(phase: Phase, targets: Target[], upstream: FakeVoiceUpstreamProcess, instances: EdgeFunction[]): Promise<string[]> {
  console.log(`\n== ${phase.title}, over ${targets.length} instances`);
  const before = await upstream.served();
  const load: Load = {
    requests: phase.requests,
    concurrency,
    visitorOf: phase.visitorOf,
    targetOf: (index) => targets[index % targets.length] as Target,
    from: (visitor) => ({ headers: { "x-forwarded-for": phase.address(visitor).address } }),
  };
  const { sent, seconds } = await sendLoad(load);
  printStatuses(sent, seconds);
  const all = sent.map((answer) => answer.ms);
  console.log(`latency, all requests: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms`);
  const upstreamCalls = (await upstream.served()) - before;

  const issued = sent.filter((answer) => answer.status === 200);
  const byVisitor = groupBy(sent, (answer) => answer.visitor);
  const byNetwork = groupBy([...byVisitor.keys()], (visitor) => phase.address(visitor).network);
  // What the limits allow this load, network by network, then under the cap.
  let allowed = 0;
  for (const visitors of byNetwork.values()) {
    const perVisitor = visitors.reduce((sum, visitor) => sum + Math.min(byVisitor.get(visitor)?.length ?? 0, limits.perMinute, limits.perDay), 0);
    allowed += Math.min(perVisitor, limits.perNetworkPerDay);
  }
  const exact = Math.min(limits.dailyCap, allowed);
  const issuedByVisitor = groupBy(issued, (answer) => answer.visitor);
  const mostPerMinute = Math.max(0, ...[...issuedByVisitor.values()].map(mostWithinAMinute));
  const mostPerDay = Math.max(0, ...[...issuedByVisitor.values()].map((list) => list.length));
  const mostPerNetwork = Math.max(0, ...[...groupBy(issued, (answer) => phase.address(answer.visitor).network).values()].map((list) => list.length));
  console.log(`signed URLs issued: ${issued.length} (daily cap ${limits.dailyCap}; exactly allowed for this load: ${exact}); upstream calls: ${upstreamCalls}`);
  console.log(
    `most per visitor within a minute: ${mostPerMinute} (limit ${limits.perMinute}); per visitor in the run: ${mostPerDay} (limit ${limits.perDay}); per /24: ${mostPerNetwork} (limit ${limits.perNetworkPerDay})`,
  );
  const perInstance = instances.map((_, n) => sent.filter((answer, index) => index % instances.length === n && answer.status === 200).length);
  console.log(`issued by instance: ${perInstance.join(", ")}`);

  const failures = checkAnswers(sent, [200, 429, 503]);
  if (issued.length > limits.dailyCap) failures.push(`${issued.length} signed URLs issued, above the daily cap of ${limits.dailyCap}`);
  if (seconds < 60 && issued.length !== exact) failures.push(`${issued.length} signed URLs issued; the limits allow exactly ${exact} for this load`);
  if (seconds < 60 && mostPerMinute > limits.perMinute) failures.push(`a visitor got ${mostPerMinute} signed URLs within a minute (limit ${limits.perMinute})`);
  if (mostPerDay > limits.perDay) failures.push(`a visitor got ${mostPerDay} signed URLs (per-day limit ${limits.perDay})`);
  if (mostPerNetwork > limits.perNetworkPerDay) failures.push(`a network got ${mostPerNetwork} signed URLs (limit ${limits.perNetworkPerDay})`);
  if (upstreamCalls !== issued.length) failures.push(`${upstreamCalls} upstream calls for ${issued.length} signed URLs`);
  return failures.map((failure) => `${phase.title}: ${failure}`);
}

async function failingUpstreamPhase(targets: Target[], upstream: FakeVoiceUpstreamProcess, sql: postgres.Sql): Promise<string[]> {
  const visitors = 100;
  console.log(`\n== 1,000 requests from ${visitors} addresses while the upstream fails, then one call each once it is back`);
  await upstream.setFailing(true);
  const address = (visitor: number) => addressOf(visitor, 10, 2_000).address;
  const failed = await sendLoad({
    requests: 1_000,
    concurrency,
    visitorOf: (index) => index % visitors,
    targetOf: (index) => targets[index % targets.length] as Target,
    from: (visitor) => ({ headers: { "x-forwarded-for": address(visitor) } }),
  });
  printStatuses(failed.sent, failed.seconds);
  const [{ held } = { held: -1 }] = await sql<{ held: number }[]>`select coalesce(sum(used), 0)::int as held from signed_url_limits.counters`;
  await upstream.setFailing(false);
  const recovered = await sendLoad({
    requests: visitors,
    concurrency,
    visitorOf: (index) => index,
    targetOf: (index) => targets[index % targets.length] as Target,
    from: (visitor) => ({ headers: { "x-forwarded-for": address(visitor) } }),
  });
  const served = recovered.sent.filter((answer: Sent) => answer.status === 200).length;
  console.log(`slots still held after 1,000 failed calls: ${held}; visitors served once the upstream is back: ${served} of ${visitors}`);
  const failures = checkAnswers(failed.sent, [502]);
  if (held !== 0) failures.push(`${held} slots still counted after failed calls`);
  if (served !== visitors) failures.push(`${visitors - served} visitors refused after their failed calls`);
  return failures.map((failure) => `failing upstream: ${failure}`);
}

main().catch(async (error: unknown) => {
  console.error(`signed-URL Supabase bench could not run: ${error instanceof Error ? error.message : String(error)}`);
  await cleanUp();
  process.exit(2);
});
