/**
 * `npm run bench:signed-url-abuse`: an abuse run on the demo-call endpoint of `npm start`
 * (server/site-server.ts over the production build: run `npm run build` first), with no
 * proxy and no configuration, from many loopback addresses. Each client socket binds its
 * own local address in 127.0.0.0/8, so the server sees distinct visitors exactly as it
 * would see internet addresses. The voice upstream is a loopback fake in its own process.
 *
 * Production limits (5 a minute and 10 a day per visitor, 40 a day per /24, 500 a day in
 * all), 50 requests in flight:
 * A. one address floods 300 requests, each with a different spoofed X-Forwarded-For,
 *    X-Real-IP and Forwarded header;
 * B. then 100 other visitors (each in its own /24) call once each;
 * C. a small range: 30 addresses of one /24, 5 calls each; then a visitor of another /24;
 * D. a visitor's 30 calls while the upstream fails, then 5 once it is back.
 * Before, for comparison: A and B on a bare `next start` (what `npm start` ran before),
 * where every visitor shares one bucket.
 *
 * Checks (exit 1 when one breaks): A issues exactly 5 (the flooder's minute) whatever its
 * headers claim; every B visitor is served; C issues exactly 40 and the next network is
 * served; D's failures are all 502 and its visitor then gets a full minute's 5. Exit 2:
 * could not run. Options: --flood=<n> (300) --others=<n> (100) --no-before
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { publicEnvDefaults } from "../../lib/config/public-env";
import { numberOption } from "../../testkit/cli-options";
import { spawnFakeVoiceUpstream, type FakeVoiceUpstreamProcess } from "../../testkit/fakes/voice-upstream";
import { startProductionServer } from "../../testkit/servers/next-start";
import { startSiteServer } from "../../testkit/servers/site-server";
import { checkAnswers, loadAverage, percentile, sendLoad, type Sent, type Target } from "./signed-url-load";

const benchUpstreamKey = "bench-upstream-key";

const projectRoot = path.resolve(__dirname, "../..");
const floodRequests = numberOption("flood", 300);
const otherVisitors = numberOption("others", 100);
const withBefore = !process.argv.includes("--no-before");
const concurrency = 50;
// The anon key is inlined at build time; requests must carry the build's value.
const anonKey = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || publicEnvDefaults.NEXT_PUBLIC_SUPABASE_ANON_KEY;
const limits = { perMinute: 5, perDay: 10, perNetworkPerDay: 40, dailyCap: 500 };

const cleanUps: (() => Promise<void> | void)[] = [];
async function cleanUp(): Promise<void> {
  for (const step of cleanUps.splice(0).reverse()) await step();
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void cleanUp().then(() => process.exit(130)));

const flooder = "127.1.0.7";
/** Each other visitor in a /24 of its own: 127.10.0.1, 127.11.0.1, … */
const otherVisitor = (visitor: number) => `127.${10 + Math.floor(visitor / 200)}.${visitor % 200}.1`;
const spoofed = (index: number) => ({
  "x-forwarded-for": `203.0.${index % 250}.${(index % 200) + 1}`,
  "x-real-ip": `198.51.100.${index % 250}`,
  forwarded: `for=192.0.2.${index % 250}`,
});

type Row = { server: string; phase: string; requests: number; issued: number; refused: string; "p50 ms": number; "p99 ms": number };
const rows: Row[] = [];

function record(server: string, phase: string, sent: Sent[]): void {
  const refused = new Map<number, number>();
  for (const answer of sent) if (answer.status !== 200) refused.set(answer.status, (refused.get(answer.status) ?? 0) + 1);
  rows.push({
    server,
    phase,
    requests: sent.length,
    issued: sent.filter((answer) => answer.status === 200).length,
    refused: [...refused.entries()].map(([status, count]) => `${count} x ${status}`).join(", ") || "none",
    "p50 ms": Number(percentile(sent.map((answer) => answer.ms), 50).toFixed(1)),
    "p99 ms": Number(percentile(sent.map((answer) => answer.ms), 99).toFixed(1)),
  });
}

function fromAddresses(target: Target, requests: number, visitorOf: (index: number) => number, address: (visitor: number) => string, headers?: (index: number) => Record<string, string>) {
  return sendLoad({ requests, concurrency, visitorOf, targetOf: () => target, from: (visitor, index) => ({ localAddress: address(visitor), headers: headers?.(index) }) });
}

const issuedBy = (sent: Sent[]) => sent.filter((answer) => answer.status === 200).length;

async function main(): Promise<void> {
  if (!existsSync(path.join(projectRoot, ".next", "BUILD_ID"))) throw new Error("no production build in .next/: run `npm run build` first");
  console.log(`signed-URL abuse run on npm start: load average ${loadAverage()}`);
  console.log(`limits (production defaults): ${limits.perMinute}/min and ${limits.perDay}/day per visitor, ${limits.perNetworkPerDay}/day per /24, daily cap ${limits.dailyCap}`);
  const upstream = await spawnFakeVoiceUpstream({ apiKey: benchUpstreamKey });
  cleanUps.push(() => upstream.stop());
  const env = {
    ELEVENLABS_API_KEY: "",
    REDIS_URL: "",
    ALLOWED_ORIGINS: "",
    TRUST_PROXY_HEADER: "",
    LOCAL_AGENT_URL: upstream.baseUrl,
    LOCAL_AGENT_API_KEY: benchUpstreamKey,
    SIGNED_URL_LIMIT_PER_MINUTE: String(limits.perMinute),
    SIGNED_URL_LIMIT_PER_DAY: String(limits.perDay),
    SIGNED_URL_LIMIT_PER_NETWORK_PER_DAY: String(limits.perNetworkPerDay),
    SIGNED_URL_DAILY_CAP: String(limits.dailyCap),
  };
  const failures: string[] = [];

  if (withBefore) {
    const bare = await startProductionServer(env);
    const target = { url: `${bare.origin}/functions/v1/elevenlabs-auth`, origin: bare.origin, anonKey };
    const flood = await fromAddresses(target, floodRequests, () => 0, () => flooder, spoofed);
    record("before: next start", "A. one address floods, spoofing headers", flood.sent);
    const others = await fromAddresses(target, otherVisitors, (index) => index, otherVisitor);
    record("before: next start", `B. then ${otherVisitors} other visitors, once each`, others.sent);
    bare.stop();
  }

  const site = await startSiteServer(env);
  cleanUps.push(() => site.stop());
  const target = { url: `${site.origin}/functions/v1/elevenlabs-auth`, origin: site.origin, anonKey };
  const server = "after: npm start";

  const flood = await fromAddresses(target, floodRequests, () => 0, () => flooder, spoofed);
  record(server, "A. one address floods, spoofing headers", flood.sent);
  failures.push(...checkAnswers(flood.sent, [200, 429]).map((failure) => `A: ${failure}`));
  if (issuedBy(flood.sent) !== limits.perMinute) failures.push(`A: the flooding address got ${issuedBy(flood.sent)} signed URLs (its minute allows ${limits.perMinute})`);

  const others = await fromAddresses(target, otherVisitors, (index) => index, otherVisitor);
  record(server, `B. then ${otherVisitors} other visitors, once each`, others.sent);
  if (issuedBy(others.sent) !== otherVisitors) failures.push(`B: ${otherVisitors - issuedBy(others.sent)} other visitors refused`);

  const range = await fromAddresses(target, 150, (index) => index % 30, (visitor) => `127.2.0.${visitor + 1}`);
  record(server, "C. 30 addresses of one /24, 5 calls each", range.sent);
  failures.push(...checkAnswers(range.sent, [200, 429]).map((failure) => `C: ${failure}`));
  if (issuedBy(range.sent) !== limits.perNetworkPerDay) failures.push(`C: the /24 got ${issuedBy(range.sent)} signed URLs (its day allows ${limits.perNetworkPerDay})`);
  const neighbourNetwork = await fromAddresses(target, 1, () => 0, () => "127.3.0.1");
  record(server, "C. then a visitor of another /24", neighbourNetwork.sent);
  if (issuedBy(neighbourNetwork.sent) !== 1) failures.push("C: the visitor of another network was refused");

  failures.push(...(await failingUpstream(upstream, target)));

  console.log("");
  console.table(rows);
  console.log(`signed URLs the upstream issued in all: ${await upstream.served()}`);
  console.log(`load average after: ${loadAverage()}`);
  await cleanUp();
  if (failures.length > 0) {
    console.error(`\nFAILED:\n- ${failures.join("\n- ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nall checks passed: the flooding address got its own minute's 5 whatever its headers said, every other visitor was served, a /24 got its 40, failed calls cost the visitor nothing");
  }
}

async function failingUpstream(upstream: FakeVoiceUpstreamProcess, target: Target): Promise<string[]> {
  const visitor = () => "127.4.0.1";
  await upstream.setFailing(true);
  const failed = await fromAddresses(target, 30, () => 0, visitor);
  record("after: npm start", "D. 30 calls while the voice upstream fails", failed.sent);
  await upstream.setFailing(false);
  const recovered = await fromAddresses(target, limits.perMinute, () => 0, visitor);
  record("after: npm start", "D. then the same visitor once it is back", recovered.sent);
  const failures = checkAnswers(failed.sent, [502]).map((failure) => `D: ${failure}`);
  if (issuedBy(recovered.sent) !== limits.perMinute) failures.push(`D: after failed calls the visitor got ${issuedBy(recovered.sent)} of ${limits.perMinute}`);
  return failures;
}

main().catch(async (error: unknown) => {
  console.error(`signed-URL abuse run could not run: ${error instanceof Error ? error.message : String(error)}`);
  await cleanUp();
  process.exit(2);
});
