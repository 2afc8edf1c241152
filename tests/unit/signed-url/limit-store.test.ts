/** @jest-environment node */
import { Redis } from "ioredis";
import postgres from "postgres";
import type { Admission, AdmissionDecision, ClientIdentity, Limits } from "@/lib/signed-url/admission";
import { createMemoryLimitStore } from "@/lib/signed-url/memory-store";
import { createPostgresLimitStore } from "@/lib/signed-url/postgres-store";
import { createRedisLimitStore } from "@/lib/signed-url/redis-store";
import { startPostgres, type PostgresServer } from "@mockingbird/testkit/servers/postgres";
import { startRedisServer, type RedisServer } from "@mockingbird/testkit/servers/redis-server";

/**
 * One suite, three stores: memory (one Node process), Redis (every Node instance) and
 * Postgres (every Edge Function isolate, through the migration's SQL functions). Each
 * runs against the real thing, with a clock the test moves.
 */
type StoreUnderTest = {
  readonly name: string;
  setUp(): Promise<void>;
  reset(): Promise<void>;
  create(limits: Limits, now: () => number): Admission;
  tearDown(): Promise<void>;
};

let redisServer: RedisServer;
let redis: Redis;
let postgresServer: PostgresServer;
let sql: postgres.Sql;

const stores: StoreUnderTest[] = [
  {
    name: "memory",
    setUp: async () => undefined,
    reset: async () => undefined,
    create: (limits, now) => createMemoryLimitStore(limits, now),
    tearDown: async () => undefined,
  },
  {
    name: "Redis",
    async setUp() {
      redisServer = await startRedisServer();
      redis = new Redis(redisServer.url);
    },
    reset: async () => {
      await redis.flushall();
    },
    create: (limits, now) =>
      createRedisLimitStore(redis, limits, {
        now,
        onFallback: (error) => {
          throw error;
        },
      }),
    async tearDown() {
      await redis.quit();
      await redisServer.stop();
    },
  },
  {
    name: "Postgres",
    async setUp() {
      postgresServer = await startPostgres();
      sql = postgres(postgresServer.url, { max: 10, onnotice: () => undefined });
    },
    reset: async () => {
      await sql`truncate signed_url_limits.counters`;
    },
    create: (limits, now) => createPostgresLimitStore(sql, limits, { now }),
    async tearDown() {
      await sql.end({ timeout: 1 });
      await postgresServer.stop();
    },
  },
];

const visitor = (address: string, network = "203.0.113.0/24"): ClientIdentity => ({ client: `ipv4:${address}`, network: `ipv4:${network}` });
const alice = visitor("203.0.113.7");
const bob = visitor("198.51.100.20", "198.51.100.0/24");
const generous: Limits = { perMinute: 1000, perDay: 1000, perNetworkPerDay: 1000, dailyCap: 1000 };
const tenPastNoonJune1 = Date.UTC(2025, 5, 1, 12, 10, 0);

const outcome = (decision: AdmissionDecision) => (decision.admitted ? "admitted" : decision.reason);

describe.each(stores)("the $name limit store", (store) => {
  let now = tenPastNoonJune1;
  const clock = () => now;
  const storeWith = (limits: Partial<Limits>) => store.create({ ...generous, ...limits }, clock);

  async function outcomes(admission: Admission, identities: ClientIdentity[]): Promise<string[]> {
    const results: string[] = [];
    for (const identity of identities) results.push(outcome(await admission.admit(identity)));
    return results;
  }

  beforeAll(() => store.setUp(), 60_000);
  afterAll(() => store.tearDown());
  beforeEach(async () => {
    now = tenPastNoonJune1;
    await store.reset();
  });

  it("admits a visitor up to the per-minute limit and refuses the next call until the minute is over", async () => {
    const admission = storeWith({ perMinute: 2 });

    const statuses = await outcomes(admission, [alice, alice, alice]);
    const refusal = await admission.admit(alice);

    expect(statuses).toEqual(["admitted", "admitted", "client-per-minute"]);
    expect(refusal).toEqual({ admitted: false, reason: "client-per-minute", retryAfterSeconds: 60 });
  });

  it("opens a new minute for the visitor once the last one has ended", async () => {
    const admission = storeWith({ perMinute: 1 });

    await admission.admit(alice);
    now += 59_000;
    const sameMinute = outcome(await admission.admit(alice));
    now += 1_000;
    const nextMinute = outcome(await admission.admit(alice));

    expect([sameMinute, nextMinute]).toEqual(["client-per-minute", "admitted"]);
  });

  it("counts visitors apart: one visitor's spent minute leaves another's untouched", async () => {
    const admission = storeWith({ perMinute: 1 });

    expect(await outcomes(admission, [alice, alice, bob])).toEqual(["admitted", "client-per-minute", "admitted"]);
  });

  it("refuses a visitor past the per-day limit for the rest of the 24 hours from their first call", async () => {
    const admission = storeWith({ perDay: 2 });

    await admission.admit(alice);
    now += 3_600_000;
    await admission.admit(alice);
    const refusal = await admission.admit(alice);

    expect(refusal).toEqual({ admitted: false, reason: "client-per-day", retryAfterSeconds: 23 * 3600 });
  });

  it("refuses a network past its daily budget although each of its addresses is under its own limit", async () => {
    const admission = storeWith({ perDay: 2, perNetworkPerDay: 3 });
    const neighbours = ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"].map((address) => visitor(address));

    const statuses = await outcomes(admission, [...neighbours, bob]);

    expect(statuses).toEqual(["admitted", "admitted", "admitted", "network-per-day", "admitted"]);
  });

  it("refuses everyone past the daily cap until UTC midnight, then starts afresh", async () => {
    now = Date.UTC(2025, 5, 1, 23, 0, 0);
    const admission = storeWith({ dailyCap: 2 });

    const statuses = await outcomes(admission, [alice, bob]);
    const refusal = await admission.admit(visitor("192.0.2.1", "192.0.2.0/24"));
    now = Date.UTC(2025, 5, 2, 0, 0, 0);
    const nextDay = outcome(await admission.admit(visitor("192.0.2.1", "192.0.2.0/24")));

    expect(statuses).toEqual(["admitted", "admitted"]);
    expect(refusal).toEqual({ admitted: false, reason: "daily-cap", retryAfterSeconds: 3600 });
    expect(nextDay).toBe("admitted");
  });

  it("names the longest wait when several counters are full (a spent day outranks a spent minute)", async () => {
    const admission = storeWith({ perMinute: 1, perDay: 1 });

    await admission.admit(alice);
    const refusal = await admission.admit(alice);

    expect(refusal).toMatchObject({ admitted: false, reason: "client-per-day" });
  });

  it("counts a refused call nowhere: a visitor over their own limit never spends the daily cap", async () => {
    const admission = storeWith({ perMinute: 1, dailyCap: 2 });

    const statuses = await outcomes(admission, [alice, alice, alice, bob]);

    expect(statuses).toEqual(["admitted", "client-per-minute", "client-per-minute", "admitted"]);
  });

  it("gives every slot back on release: minute, day, network and daily cap", async () => {
    const admission = storeWith({ perMinute: 1, perDay: 1, perNetworkPerDay: 1, dailyCap: 1 });

    const first = await admission.admit(alice);
    if (!first.admitted) throw new Error("expected the first call to be admitted");
    await first.release();
    const again = outcome(await admission.admit(alice));
    const neighbour = outcome(await admission.admit(visitor("203.0.113.8")));

    expect([again, neighbour]).toEqual(["admitted", "network-per-day"]);
  });

  it("never locks out a visitor whose calls all failed upstream", async () => {
    const admission = storeWith({ perMinute: 5, perDay: 20 });

    const statuses: string[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      const decision = await admission.admit(alice);
      statuses.push(outcome(decision));
      if (decision.admitted) await decision.release();
    }

    expect(new Set(statuses)).toEqual(new Set(["admitted"]));
  });

  it("gives a slot back only in the window it was taken from, never to a later one", async () => {
    const admission = storeWith({ perMinute: 1 });

    const lastMinute = await admission.admit(alice);
    now += 60_000;
    await admission.admit(alice);
    if (lastMinute.admitted) await lastMinute.release();
    const refusal = outcome(await admission.admit(alice));

    expect(refusal).toBe("client-per-minute");
  });

  it("admits exactly the limit when one visitor's calls arrive all at once", async () => {
    const admission = storeWith({ perMinute: 5 });

    const decisions = await Promise.all(Array.from({ length: 40 }, () => admission.admit(alice)));

    expect(decisions.filter((decision) => decision.admitted)).toHaveLength(5);
  });

  it("admits exactly the daily cap when many visitors arrive all at once", async () => {
    const admission = storeWith({ dailyCap: 10 });
    const crowd = Array.from({ length: 40 }, (_, index) => visitor(`192.0.2.${index + 1}`, `10.${index}.0.0/24`));

    const decisions = await Promise.all(crowd.map((identity) => admission.admit(identity)));

    expect(decisions.filter((decision) => decision.admitted)).toHaveLength(10);
  });
});
