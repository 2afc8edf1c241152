/**
 * How long a rate-limit counter exists, in every store. No window is longer than a day (the
 * visitor's and the network's 24 hours; the daily cap's UTC day is shorter), and each store
 * deletes a counter at the latest `deletedWithinMs` after its window ends: Redis by the key's
 * expiry, memory by a sweep every minute, Postgres by a prune every 5 minutes (pg_cron where
 * the migration could schedule it, the serving process's timer where it could not).
 * The privacy policy's retention of the demo's counters (content/legal/data-practices.ts) is
 * held to these numbers by tests/unit/signed-url/counter-retention.test.ts.
 */
export const longestWindowMs = 24 * 60 * 60 * 1000;

export const deletedWithinMs = 60 * 60 * 1000;

/** How often the memory store deletes ended counters: well inside `deletedWithinMs`. */
export const memorySweepEveryMs = 60 * 1000;

/**
 * How often ended Postgres counters are pruned without traffic: pg_cron's schedule in
 * supabase/migrations, and the serving process's timer where there is no schedule. A row a
 * visitor's call holds at that moment waits for the next prune, so the worst case is twice
 * this, still well inside `deletedWithinMs`.
 */
export const postgresPruneEveryMs = 5 * 60 * 1000;
