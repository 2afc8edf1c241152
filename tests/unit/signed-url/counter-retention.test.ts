/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";
import postgres from "postgres";
import { demoCounterRetentionHours } from "@/content/legal/data-practices";
import type { ClientIdentity, Limits } from "@/lib/signed-url/admission";
import { deletedWithinMs, longestWindowMs, memorySweepEveryMs } from "@/lib/signed-url/counter-lifetime";
import { createMemoryLimitStore } from "@/lib/signed-url/memory-store";
import { createPostgresLimitStore } from "@/lib/signed-url/postgres-store";
import { createRedisLimitStore, redisKeyPrefix } from "@/lib/signed-url/redis-store";
import { migrationsDir, startPostgres, type PostgresServer } from "@mockingbird/testkit/servers/postgres";
import { startRedisServer, type RedisServer } from "@mockingbird/testkit/servers/redis-server";

/**
 * The privacy policy says how long the demo's counters are kept (content/legal/data-practices.ts).
 * Each store, run for real, deletes a counter by then: if a store keeps one longer, or the
 * policy promises less than the stores do, a test here fails.
 */

const limits: Limits = { perMinute: 5, perDay: 20, perNetworkPerDay: 50, dailyCap: 500 };
const alice: ClientIdentity = { client: "ipv4:203.0.113.7", network: "ipv4:203.0.113.0/24" };
const tenPastNoonJune1 = Date.UTC(2025, 5, 1, 12, 10, 0);
const policyMs = demoCounterRetentionHours * 60 * 60 * 1000;

test("the policy's retention covers the longest window and the time any store takes to delete a counter after it", () => {
  expect(longestWindowMs + deletedWithinMs).toBeLessThanOrEqual(policyMs);
});

describe("the memory store", () => {
  beforeEach(() => jest.useFakeTimers({ now: tenPastNoonJune1 }));
  afterEach(() => jest.useRealTimers());

  test("deletes every counter by the policy's retention, with no further calls", async () => {
    const store = createMemoryLimitStore(limits, Date.now);
    await store.admit(alice);
    jest.advanceTimersByTime(longestWindowMs - memorySweepEveryMs);
    const beforeTheDayEnds = store.storedKeys();
    jest.advanceTimersByTime(memorySweepEveryMs + deletedWithinMs);

    expect(beforeTheDayEnds.length).toBeGreaterThan(0);
    expect(store.storedKeys()).toEqual([]);
  });

  test("deletes a visitor's minute within a sweep of the minute's end", async () => {
    const store = createMemoryLimitStore(limits, Date.now);
    await store.admit(alice);
    jest.advanceTimersByTime(60_000 + memorySweepEveryMs);

    expect(store.storedKeys().some((key) => key.startsWith("minute:"))).toBe(false);
    expect(store.storedKeys().length).toBe(3);
  });
});

describe("the Redis store", () => {
  let server: RedisServer;
  let redis: Redis;
  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
  }, 60_000);
  afterAll(async () => {
    await redis.quit();
    await server.stop();
  });

  test("sets every counter to expire when its window ends, well within the policy's retention", async () => {
    const store = createRedisLimitStore(redis, limits, { now: () => tenPastNoonJune1, onFallback: (error) => { throw error; } });
    await store.admit(alice);
    const keys = await redis.keys(`${redisKeyPrefix}:*`);
    const ttls = await Promise.all(keys.map((key) => redis.pttl(key)));

    expect(keys).toHaveLength(4);
    for (const ttl of ttls) {
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(longestWindowMs);
    }
    expect(Math.min(...ttls)).toBeLessThanOrEqual(60_000);
  });
});

describe("the Postgres store", () => {
  let server: PostgresServer;
  let sql: postgres.Sql;
  beforeAll(async () => {
    server = await startPostgres();
    sql = postgres(server.url, { max: 2, onnotice: () => undefined });
  }, 60_000);
  afterAll(async () => {
    await sql.end({ timeout: 1 });
    await server.stop();
  });

  const stored = async (at: number) => {
    await sql`select signed_url_limits.prune(${new Date(at).toISOString()}::timestamptz)`;
    return (await sql<{ key: string }[]>`select key from signed_url_limits.counters`).map((row) => row.key);
  };

  test("prune() deletes the counters whose windows have ended, and only those", async () => {
    await createPostgresLimitStore(sql, limits, { now: () => tenPastNoonJune1 }).admit(alice);

    const afterTheMinute = await stored(tenPastNoonJune1 + 60_000);
    const afterTheDay = await stored(tenPastNoonJune1 + longestWindowMs);

    expect(afterTheMinute).toHaveLength(3);
    expect(afterTheMinute.some((key) => key.startsWith("minute:"))).toBe(false);
    expect(afterTheDay).toEqual([]);
  });

  test("a migration schedules prune() with pg_cron often enough to delete each counter in time", () => {
    const migrations = readdirSync(migrationsDir).map((name) => readFileSync(path.join(migrationsDir, name), "utf8"));
    const schedules = migrations.flatMap((text) => [...text.matchAll(/cron\.schedule\('[^']+', '\*\/(\d+) \* \* \* \*', 'select signed_url_limits\.prune\(\)'\)/g)]);

    expect(schedules).toHaveLength(1);
    expect(Number(schedules[0]?.[1]) * 60_000).toBeLessThanOrEqual(deletedWithinMs);
  });
});
