/**
 * `npm run bench -- signed-url-supabase`: the Supabase Edge Function's limits under load, as a
 * CDN-hosted static site gets them. Four instances of supabase/functions/elevenlabs-auth run
 * under Deno (npm `deno`), all counting in one throwaway PostgreSQL with the project's
 * migration; the voice upstream is a loopback fake in its own process. Requests carry the
 * visitor's address in X-Forwarded-For, which the instances trust (TRUST_PROXY_HEADER, as on
 * Supabase behind its edge).
 *
 * Limits: 5 a minute and 10 a day per visitor, 40 a day per network (/24), a daily cap of 2,000;
 * 50 requests in flight, spread round robin over the instances. Three phases, each on empty
 * counters:
 * 1. 10,000 requests from 1,000 addresses (4 in each of 250 /24 networks), every address once
 *    per round: the daily cap binds.
 * 2. 2,000 requests from 200 addresses in 20 networks, each address's 10 back to back: the
 *    per-visitor minute and the per-network day bind.
 * 3. 1,000 requests while the upstream fails, then one call per visitor once it is back: failed
 *    calls give every slot back.
 *
 * Checks: issued signed URLs never exceed the daily cap, no visitor gets more than its minute or
 * day limit, no network more than its day; issued equals exactly what the limits allow for the
 * load (no over-refusal either); one upstream call per signed URL; only documented statuses and
 * bodies; Retry-After on every refusal.
 *
 * Options: --requests=<n> (10000) --clients=<n> (1000) --instances=<n> (4) --concurrency=<n> (50)
 */
import postgres from "postgres";
import { numberOption } from "@mockingbird/testkit/cli-options";
import { benchUpstreamKey, type FakeVoiceUpstreamProcess } from "@mockingbird/testkit/fakes/voice-upstream";
import { startEdgeFunction, type EdgeFunction } from "@mockingbird/testkit/servers/edge-function";
import { startPostgres } from "@mockingbird/testkit/servers/postgres";
import { describeLimits, groupBy, limitsEnv, mostWithinAMinute, phaseTable, printStatuses, runSignedUrlBench, type Limits, type Load, type Run, type Target } from "./harness";

const totalRequests = numberOption("requests", 10_000);
const clientCount = numberOption("clients", 1_000);
const instanceCount = numberOption("instances", 4);
const concurrency = numberOption("concurrency", 50);
const limits: Limits = { perMinute: 5, perDay: 10, perNetworkPerDay: 40, dailyCap: 2_000 };
const siteOrigin = "https://www.mockingbird.example";
const anonKey = "bench-anon-key-0123456789abcdef";

/** 198.18.0.0/15 (benchmarking addresses, RFC 2544): `perNetwork` addresses in each /24. */
function addressOf(visitor: number, perNetwork: number, firstNetwork = 0): { address: string; network: string } {
  const network = firstNetwork + Math.floor(visitor / perNetwork);
  const third = network % 256;
  const second = 18 + Math.floor(network / 256);
  return { address: `198.${second}.${third}.${(visitor % perNetwork) + 1}`, network: `198.${second}.${third}.0/24` };
}

/** Requests round robin over the instances, each carrying its visitor's address as the edge would. */
const overInstances = (targets: Target[], requests: number, visitorOf: (index: number) => number, address: (visitor: number) => string): Load => ({
  requests,
  concurrency,
  visitorOf,
  targetOf: (index) => targets[index % targets.length] as Target,
  from: (visitor) => ({ headers: { "x-forwarded-for": address(visitor) } }),
});

runSignedUrlBench(
  "signed-url-supabase",
  "issued <= daily cap and exactly what the limits allow, per-visitor and per-network limits held across every instance, slots given back on upstream failure",
  async (run) => {
    console.log(`Supabase function limits: ${instanceCount} Deno instances, one PostgreSQL`);
    console.log(`limits: ${describeLimits(limits)}; ${concurrency} in flight`);
    const database = await startPostgres();
    run.atEnd(() => database.stop());
    const upstream = await run.upstream();
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
          ...limitsEnv(limits),
        }),
      ),
    );
    for (const instance of instances) run.atEnd(() => instance.stop());
    const targets: Target[] = instances.map((instance) => ({ url: instance.url, origin: siteOrigin, anonKey }));
    const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
    run.atEnd(() => sql.end({ timeout: 1 }));
    const phases = phaseTable(run, {
      id: "phases",
      title: `Limits on Supabase: ${instanceCount} Edge Function instances under Deno, one PostgreSQL, ${describeLimits(limits)}, ${concurrency} requests in flight`,
      labels: ["phase"],
      extraColumns: ["req/s", "limits held"],
    });
    const emptyCounters = () => sql`truncate signed_url_limits.counters`;

    await emptyCounters();
    const capped = await limitedPhase(
      run,
      phases,
      `${totalRequests} requests from ${clientCount} addresses (4 per /24), each address once per round`,
      overInstances(targets, totalRequests, (index) => index % clientCount, (visitor) => addressOf(visitor, 4).address),
      (visitor) => addressOf(visitor, 4).network,
      upstream,
      instances,
    );
    run.headlines.push({ figure: `${totalRequests} demo-call requests over ${instanceCount} Supabase function instances sharing one PostgreSQL, daily cap ${limits.dailyCap}`, value: `${capped.issued} signed URLs issued; ${capped.rate} req/s` });
    await emptyCounters();
    await limitedPhase(
      run,
      phases,
      "2,000 requests from 200 addresses in 20 networks (10 per /24), each address's 10 back to back",
      overInstances(targets, 2_000, (index) => Math.floor(index / 10), (visitor) => addressOf(visitor, 10, 1_000).address),
      (visitor) => addressOf(visitor, 10, 1_000).network,
      upstream,
      instances,
    );

    await emptyCounters();
    const visitors = 100;
    const address = (visitor: number) => addressOf(visitor, 10, 2_000).address;
    console.log(`\n== 1,000 requests from ${visitors} addresses while the upstream fails, then one call each once it is back`);
    await upstream.setFailing(true);
    const failed = await phases.phase(["1,000 requests from 100 addresses while the upstream fails"], overInstances(targets, 1_000, (index) => index % visitors, address), { allowed: [502] });
    printStatuses(failed.sent, failed.seconds);
    const [{ held } = { held: -1 }] = await sql<{ held: number }[]>`select coalesce(sum(used), 0)::int as held from signed_url_limits.counters`;
    failed.row.push(Math.round(failed.sent.length / failed.seconds), `${held} slots still counted after the failures`);
    if (held !== 0) run.failures.push(`${held} slots still counted after failed calls`);
    await upstream.setFailing(false);
    const recovered = await phases.phase(["then one call per visitor once it is back"], overInstances(targets, visitors, (index) => index, address), {
      expect: (sent) => (sent.every((answer) => answer.status === 200) ? undefined : `${sent.filter((answer) => answer.status !== 200).length} visitors refused after their failed calls`),
    });
    recovered.row.push(Math.round(recovered.sent.length / recovered.seconds), "");
    console.log(`slots still held after 1,000 failed calls: ${held}; visitors served once the upstream is back: ${recovered.sent.filter((answer) => answer.status === 200).length} of ${visitors}`);
    console.log("");
    phases.print();
  },
);

/** A phase the limits bind: issued must be exactly what they allow this load, and no visitor or network above its limit. */
async function limitedPhase(run: Run, phases: ReturnType<typeof phaseTable>, title: string, load: Load, networkOf: (visitor: number) => string, upstream: FakeVoiceUpstreamProcess, instances: EdgeFunction[]) {
  console.log(`\n== ${title}, over ${instances.length} instances`);
  const before = await upstream.served();
  const result = await phases.phase([title], load, { allowed: [200, 429, 503] });
  const { sent, seconds } = result;
  printStatuses(sent, seconds);
  const upstreamCalls = (await upstream.served()) - before;
  const issued = sent.filter((answer) => answer.status === 200);
  const byVisitor = groupBy(sent, (answer) => answer.visitor);
  // What the limits allow this load, network by network, then under the cap.
  let allowed = 0;
  for (const visitors of groupBy([...byVisitor.keys()], networkOf).values()) {
    allowed += Math.min(limits.perNetworkPerDay, visitors.reduce((sum, visitor) => sum + Math.min(byVisitor.get(visitor)?.length ?? 0, limits.perMinute, limits.perDay), 0));
  }
  const exact = Math.min(limits.dailyCap, allowed);
  const issuedByVisitor = [...groupBy(issued, (answer) => answer.visitor).values()];
  const mostPerMinute = Math.max(0, ...issuedByVisitor.map(mostWithinAMinute));
  const mostPerDay = Math.max(0, ...issuedByVisitor.map((list) => list.length));
  const mostPerNetwork = Math.max(0, ...[...groupBy(issued, (answer) => networkOf(answer.visitor)).values()].map((list) => list.length));
  const perInstance = instances.map((_, n) => sent.filter((answer, index) => index % instances.length === n && answer.status === 200).length);
  console.log(`signed URLs issued: ${issued.length} (daily cap ${limits.dailyCap}; exactly allowed for this load: ${exact}); upstream calls: ${upstreamCalls}`);
  console.log(`most per visitor within a minute: ${mostPerMinute} (limit ${limits.perMinute}); per visitor in the run: ${mostPerDay} (limit ${limits.perDay}); per /24: ${mostPerNetwork} (limit ${limits.perNetworkPerDay})`);
  console.log(`issued by instance: ${perInstance.join(", ")}`);

  const broken: string[] = [];
  if (issued.length > limits.dailyCap) broken.push(`${issued.length} signed URLs issued, above the daily cap of ${limits.dailyCap}`);
  if (seconds < 60 && issued.length !== exact) broken.push(`${issued.length} signed URLs issued; the limits allow exactly ${exact} for this load`);
  if (seconds < 60 && mostPerMinute > limits.perMinute) broken.push(`a visitor got ${mostPerMinute} signed URLs within a minute (limit ${limits.perMinute})`);
  if (mostPerDay > limits.perDay) broken.push(`a visitor got ${mostPerDay} signed URLs (per-day limit ${limits.perDay})`);
  if (mostPerNetwork > limits.perNetworkPerDay) broken.push(`a network got ${mostPerNetwork} signed URLs (limit ${limits.perNetworkPerDay})`);
  if (upstreamCalls !== issued.length) broken.push(`${upstreamCalls} upstream calls for ${issued.length} signed URLs`);
  run.failures.push(...broken.map((failure) => `${title}: ${failure}`));
  const rate = Math.round(sent.length / seconds);
  result.row.push(
    rate,
    `exactly what the limits allow: ${exact}; ${perInstance.join("/")} per instance; ${upstreamCalls} upstream calls; most per visitor ${mostPerMinute} within a minute (limit ${limits.perMinute}), ${mostPerDay} in all (limit ${limits.perDay}); per /24 ${mostPerNetwork} (limit ${limits.perNetworkPerDay})`,
  );
  return { issued: issued.length, rate };
}
