/**
 * `npm run bench -- signed-url-abuse`: an abuse run on the demo-call endpoint of `npm start`
 * (server/site-server.ts over the production build: run `npm run build` first), with no proxy
 * and no configuration, from many loopback addresses. Each client socket binds its own local
 * address in 127.0.0.0/8, so the server sees distinct visitors exactly as it would see internet
 * addresses. Production limits, 50 requests in flight:
 * A. one address floods 300 requests, each with a different spoofed X-Forwarded-For, X-Real-IP
 *    and Forwarded header;
 * B. then 100 other visitors (each in its own /24) call once each;
 * C. a small range: 30 addresses of one /24, 5 calls each; then a visitor of another /24;
 * D. a visitor's 30 calls while the upstream fails, one after another as a visitor retries, then
 *    5 once it is back.
 * Before, for comparison: A and B on a bare `next start` (what `npm start` ran before), where
 * every visitor shares one bucket.
 *
 * Checks: A issues exactly the flooder's minute whatever its headers claim; every B visitor is
 * served; C issues exactly the network's day and the next network is served; D's failures are
 * all 502 and its visitor then gets a full minute. Options: --flood=<n> (300) --others=<n> (100)
 * --no-before
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { publicEnvDefaults } from "../../../lib/config/public-env";
import { flagOption, numberOption } from "@mockingbird/testkit/cli-options";
import { benchUpstreamKey } from "@mockingbird/testkit/fakes/voice-upstream";
import { startProductionServer } from "@mockingbird/testkit/servers/next-start";
import { startSiteServer } from "@mockingbird/testkit/servers/site-server";
import { describeLimits, issuedBy, limitsEnv, phaseTable, productionLimits as limits, runSignedUrlBench, type Load, type Sent, type Target } from "./harness";

const floodRequests = numberOption("flood", 300);
const otherVisitors = numberOption("others", 100);
const withBefore = !flagOption("no-before");
// The anon key is inlined at build time; requests must carry the build's value.
const anonKey = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || publicEnvDefaults.NEXT_PUBLIC_SUPABASE_ANON_KEY;

const flooder = "127.1.0.7";
/** Each other visitor in a /24 of its own: 127.10.0.1, 127.11.0.1, … */
const otherVisitor = (visitor: number) => `127.${10 + Math.floor(visitor / 200)}.${visitor % 200}.1`;
const spoofed = (index: number) => ({
  "x-forwarded-for": `203.0.${index % 250}.${(index % 200) + 1}`,
  "x-real-ip": `198.51.100.${index % 250}`,
  forwarded: `for=192.0.2.${index % 250}`,
});
const floodPhase = "A. one address floods, a different spoofed `X-Forwarded-For`/`X-Real-IP`/`Forwarded` on each request";
const othersPhase = `B. then ${otherVisitors} other visitors, once each`;

/** `requests` calls to `target`, each from the loopback address of its visitor, 50 in flight unless `concurrency` says otherwise. */
function fromAddresses(
  target: Target,
  requests: number,
  visitorOf: (index: number) => number,
  address: (visitor: number) => string,
  { headers, concurrency = 50 }: { headers?: (index: number) => Record<string, string>; concurrency?: number } = {},
): Load {
  return { requests, concurrency, visitorOf, targetOf: () => target, from: (visitor, index) => ({ localAddress: address(visitor), headers: headers?.(index) }) };
}
const issuedExactly = (count: number, what: string) => (sent: readonly Sent[]) => (issuedBy(sent) === count ? undefined : `${what} got ${issuedBy(sent)} signed URLs (${count} allowed)`);

runSignedUrlBench(
  "signed-url-abuse",
  "the flooding address got its own minute's 5 whatever its headers said, every other visitor was served, a /24 got its 40, failed calls cost the visitor nothing",
  async (run) => {
    if (!existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) throw new Error("no production build in .next/: run `npm run build` first");
    console.log(`signed-URL abuse run on npm start; limits (production defaults): ${describeLimits(limits)}`);
    const upstream = await run.upstream();
    const env = { ELEVENLABS_API_KEY: "", REDIS_URL: "", ALLOWED_ORIGINS: "", TRUST_PROXY_HEADER: "", LOCAL_AGENT_URL: upstream.baseUrl, LOCAL_AGENT_API_KEY: benchUpstreamKey, ...limitsEnv(limits) };
    const phases = phaseTable(run, { id: "phases", title: "Abuse of the demo-call endpoint, production limits, each visitor its own loopback address", labels: ["server", "phase"] });
    const endpoint = (origin: string): Target => ({ url: `${origin}/functions/v1/elevenlabs-auth`, origin, anonKey });
    let servedBefore: number | undefined;

    if (withBefore) {
      const bare = await startProductionServer(env);
      run.atEnd(bare.stop);
      const before = ["before: bare `next start`"];
      await phases.phase([...before, floodPhase], fromAddresses(endpoint(bare.origin), floodRequests, () => 0, () => flooder, { headers: spoofed }));
      servedBefore = issuedBy((await phases.phase([...before, othersPhase], fromAddresses(endpoint(bare.origin), otherVisitors, (index) => index, otherVisitor))).sent);
      bare.stop();
    }

    const site = await startSiteServer(env);
    run.atEnd(() => site.stop());
    const target = endpoint(site.origin);
    const after = ["after: `npm start`"];
    await phases.phase([...after, floodPhase], fromAddresses(target, floodRequests, () => 0, () => flooder, { headers: spoofed }), { allowed: [200, 429], expect: issuedExactly(limits.perMinute, "the flooding address") });
    const others = await phases.phase([...after, othersPhase], fromAddresses(target, otherVisitors, (index) => index, otherVisitor), { expect: issuedExactly(otherVisitors, "the other visitors") });
    await phases.phase([...after, "C. 30 addresses of one /24, 5 calls each"], fromAddresses(target, 150, (index) => index % 30, (visitor) => `127.2.0.${visitor + 1}`), {
      allowed: [200, 429],
      expect: issuedExactly(limits.perNetworkPerDay, "the /24"),
    });
    await phases.phase([...after, "C. then a visitor of another /24"], fromAddresses(target, 1, () => 0, () => "127.3.0.1"), { expect: issuedExactly(1, "the visitor of another network") });

    // A failed call gives its slots back once its answer is out; 30 calls in flight at once would
    // find the minute's 5 slots held by the calls still waiting for the failing upstream.
    const visitor = () => "127.4.0.1";
    await upstream.setFailing(true);
    await phases.phase([...after, "D. 30 calls, one after another, while the voice upstream fails"], fromAddresses(target, 30, () => 0, visitor, { concurrency: 1 }), { allowed: [502] });
    await upstream.setFailing(false);
    await phases.phase([...after, "D. then the same visitor once it is back"], fromAddresses(target, limits.perMinute, () => 0, visitor), { expect: issuedExactly(limits.perMinute, "after failed calls the visitor") });

    console.log("");
    phases.print();
    console.log(`signed URLs the upstream issued in all: ${await upstream.served()}`);
    run.headlines.push({
      figure: `demo calls for ${otherVisitors} other visitors while one address floods with spoofed headers (\`npm start\`)`,
      value: `${issuedBy(others.sent)} served${servedBefore === undefined ? "" : ` (bare \`next start\`: ${servedBefore})`}`,
    });
  },
);
