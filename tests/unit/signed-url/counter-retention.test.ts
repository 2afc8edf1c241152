/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";
import postgres from "postgres";
import { demoCounterLifetime, demoCounterRetentionHours } from "@/content/legal/data-practices";
import type { ClientIdentity, Limits } from "@/lib/signed-url/admission";
import { deletedWithinMs, longestWindowMs, memorySweepEveryMs, postgresPruneEveryMs } from "@/lib/signed-url/counter-lifetime";
import { createMemoryLimitStore } from "@/lib/signed-url/memory-store";
import { createPostgresLimitStore, type PostgresLimitStore } from "@/lib/signed-url/postgres-store";
import { createRedisLimitStore, redisKeyPrefix } from "@/lib/signed-url/redis-store";
import { applyMigrations, migrationsDir, startPostgres, type PostgresServer } from "@mockingbird/testkit/servers/postgres";
import { startRedisServer, type RedisServer } from "@mockingbird/testkit/servers/redis-server";

/**
 * The privacy policy says how long the demo's counters are kept (content/legal/data-practices.ts).
 * Each store, run for real, deletes a counter by then: if a store keeps one longer, or the
 * policy promises less than the stores do, a test here fails.
 */

const limits: Limits = { perMinute: 5, perDay: 20, perNetworkPerDay: 50, dailyCap: 500 };
const alice: ClientIdentity = { client: "ipv4:203.0.113.7", network: "ipv4:203.0.113.0/24" };
const bob: ClientIdentity = { client: "ipv4:198.51.100.20", network: "ipv4:198.51.100.0/24" };
const tenPastNoonJune1 = Date.UTC(2025, 5, 1, 12, 10, 0);
const policyMs = demoCounterRetentionHours * 60 * 60 * 1000;

test("the policy's retention covers the longest window and the time any store takes to delete a counter after it", () => {
  expect(longestWindowMs + deletedWithinMs).toBeLessThanOrEqual(policyMs);
});

const spelledDurations: Record<string, number> = { "a minute": 60_000, "an hour": 3_600_000, "24 hours": longestWindowMs };
const durationMs = (words: string | undefined) => spelledDurations[words ?? ""] ?? Number.NaN;

test("the policy's 'deleted within' after a window's end is the code's bound, and every store's clean-up interval is inside it", () => {
  const promised = durationMs(/deleted within (a minute|an hour|24 hours) after the window ends/.exec(demoCounterLifetime)?.[1]);

  expect(promised).toBe(deletedWithinMs);
  // A Postgres row a visitor's call holds at the prune waits for the next one: two intervals.
  expect(Math.max(memorySweepEveryMs, 2 * postgresPruneEveryMs)).toBeLessThanOrEqual(promised);
});

test("the policy's longest window is the code's", () => {
  const windows = /lasts for its window \(([^)]*)\)/.exec(demoCounterLifetime)?.[1] ?? "";

  expect(windows).toContain("24 hours");
  expect(Math.max(...windows.split(/, (?:or )?/).map(durationMs).filter(Number.isFinite))).toBe(longestWindowMs);
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
  const stores: PostgresLimitStore[] = [];
  beforeAll(async () => {
    server = await startPostgres();
    sql = postgres(server.url, { max: 4, onnotice: () => undefined });
  }, 60_000);
  afterEach(async () => {
    for (const store of stores.splice(0)) store.stop();
    await sql`truncate signed_url_limits.counters`;
  });
  afterAll(async () => {
    await sql.end({ timeout: 1 });
    await server.stop();
  });

  /** A store as the function's process holds one, stopped after the test. */
  const storeAt = (clock: () => number, options: { limits?: Limits; pruneEveryMs?: number } = {}) => {
    const store = createPostgresLimitStore(sql, options.limits ?? limits, { now: clock, pruneEveryMs: options.pruneEveryMs });
    stores.push(store);
    return store;
  };
  const keys = async () => (await sql<{ key: string }[]>`select key from signed_url_limits.counters order by key`).map((row) => row.key);
  const stored = async (at: number) => {
    await sql`select signed_url_limits.prune(${new Date(at).toISOString()}::timestamptz)`;
    return keys();
  };

  test("prune() deletes the counters whose windows have ended, and only those", async () => {
    await storeAt(() => tenPastNoonJune1).admit(alice);

    const afterTheMinute = await stored(tenPastNoonJune1 + 60_000);
    const afterTheDay = await stored(tenPastNoonJune1 + longestWindowMs);

    expect(afterTheMinute).toHaveLength(3);
    expect(afterTheMinute.some((key) => key.startsWith("minute:"))).toBe(false);
    expect(afterTheDay).toEqual([]);
  });

  test("a refused call deletes another visitor's ended counter and keeps the counters whose windows run", async () => {
    let now = tenPastNoonJune1;
    const store = storeAt(() => now, { limits: { ...limits, perDay: 1 } });
    await store.pruning;
    await store.admit(alice);
    await store.admit(bob);
    now += 60_000;

    const refusal = await store.admit(alice);

    const left = await keys();

    expect(refusal).toMatchObject({ admitted: false, reason: "client-per-day" });
    expect(left).not.toContain(`minute:${bob.client}`);
    expect(left).toEqual(expect.arrayContaining([`cap:2025-06-01`, `day:${alice.client}`, `day:${bob.client}`, `network-day:${alice.network}`, `network-day:${bob.network}`]));
  });

  test("each call deletes ended counters by the window-end index, never by reading the whole table", async () => {
    const at = new Date(tenPastNoonJune1).toISOString();
    await sql`
      insert into signed_url_limits.counters (key, used, window_ends_at)
      select 'minute:ipv4:10.0.' || n, 1, ${at}::timestamptz + (n - 100) * interval '1 second' from generate_series(1, 20000) n`;
    await sql`analyze signed_url_limits.counters`;

    // Inside one transaction no other work lands in this connection's statistics.
    const [before, after] = await sql.begin(async (transaction) => {
      const scans = async () => {
        const [row] = await transaction<{ sequential: string; by_index: string }[]>`
          select seq_scan as sequential, idx_scan as by_index from pg_stat_xact_user_tables
          where schemaname = 'signed_url_limits' and relname = 'counters'`;
        return { sequential: Number(row?.sequential), byIndex: Number(row?.by_index) };
      };
      const start = await scans();
      for (const client of ["ipv4:192.0.2.1", "ipv4:192.0.2.2", "ipv4:192.0.2.3"]) {
        await transaction`select * from signed_url_limits.admit(${client}, 'ipv4:192.0.2.0/24', 5, 20, 50, 500, ${at}::timestamptz)`;
      }
      return [start, await scans()];
    });
    const [endedLeft] = await sql<{ ended: number }[]>`select count(*)::integer as ended from signed_url_limits.counters where window_ends_at <= ${at}::timestamptz`;

    expect(after.sequential - before.sequential).toBe(0);
    expect(after.byIndex).toBeGreaterThan(before.byIndex);
    expect(endedLeft?.ended).toBe(100 - 3 * 20);
  });

  test("without pg_cron the store prunes on its own timer, every interval of counter-lifetime.ts", async () => {
    const store = storeAt(() => tenPastNoonJune1);

    expect(await store.pruning).toEqual({ by: "timer", everyMs: postgresPruneEveryMs });
  });

  test("with no calls at all, the store's timer deletes an ended counter within its interval and keeps the running ones", async () => {
    let now = tenPastNoonJune1;
    const everyMs = 300;
    const store = storeAt(() => now, { pruneEveryMs: everyMs });
    await store.pruning;
    await store.admit(alice);
    now += 60_000;

    await new Promise((resolve) => setTimeout(resolve, everyMs + 500));
    const afterTheMinute = await keys();
    now += longestWindowMs;
    await new Promise((resolve) => setTimeout(resolve, everyMs + 500));

    expect(afterTheMinute).toEqual([`cap:2025-06-01`, `day:${alice.client}`, `network-day:${alice.network}`]);
    expect(await keys()).toEqual([]);
  });

  test("the store prunes as it starts, so counters that ended while no process served them go at once", async () => {
    await storeAt(() => tenPastNoonJune1).admit(alice);

    await storeAt(() => tenPastNoonJune1 + longestWindowMs).pruning;

    expect(await keys()).toEqual([]);
  });

  test("where pg_cron runs prune(), the store runs no timer of its own", async () => {
    let now = tenPastNoonJune1;
    await sql`create schema cron`;
    try {
      await sql`create table cron.job (jobid bigserial primary key, jobname text, schedule text, command text, active boolean not null default true)`;
      await sql`insert into cron.job (jobname, schedule, command) values ('signed-url-limits-prune', '*/5 * * * *', 'select signed_url_limits.prune()')`;
      const store = storeAt(() => now, { pruneEveryMs: 100 });
      const pruning = await store.pruning;
      await store.admit(alice);
      now += longestWindowMs;
      await new Promise((resolve) => setTimeout(resolve, 300));

      expect(pruning).toEqual({ by: "pg_cron" });
      expect(await keys()).toHaveLength(4);
    } finally {
      await sql`drop schema cron cascade`;
    }
  });

  test("the migrations refuse a database where nothing would prune: no pg_cron and no process declared", async () => {
    const bare = await startPostgres({ migrations: false, pruner: "none" });
    try {
      await expect(applyMigrations(bare.url)).rejects.toThrow(/nothing would delete ended demo counters without traffic/);
    } finally {
      await bare.stop();
    }
  }, 60_000);

  test("a migration schedules prune() with pg_cron at the interval the store's timer uses", () => {
    const migrations = readdirSync(migrationsDir).map((name) => readFileSync(path.join(migrationsDir, name), "utf8"));
    const schedules = migrations.flatMap((text) => [...text.matchAll(/cron\.schedule\('[^']+', '\*\/(\d+) \* \* \* \*', 'select signed_url_limits\.prune\(\)'\)/g)]);

    expect(schedules).toHaveLength(1);
    expect(Number(schedules[0]?.[1]) * 60_000).toBe(postgresPruneEveryMs);
  });
});
