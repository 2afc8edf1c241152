import type { Sql } from "postgres";
import type { Admission, Limits, RefusalReason } from "./admission";
import { postgresPruneEveryMs } from "./counter-lifetime";
import { LimitStoreError } from "./limit-store-error";

/**
 * Counters in Postgres through the SQL functions of
 * supabase/migrations/*_signed_url_limits.sql: one atomic call checks and counts, so
 * every Edge Function isolate (and every Node instance given the same database) enforces
 * one limit. Used by the Supabase function through SUPABASE_DB_URL.
 *
 * Unlike Redis there is no in-memory fallback: an isolate is short-lived and one of
 * many, so its own memory would not limit anything. A database that fails or does not
 * answer in time rejects the admission, and the handler refuses the call (fails closed).
 *
 * Ended counters are deleted by every admit() (a few, anyone's) and, without traffic, by
 * signed_url_limits.prune(): pg_cron runs it where the migration could schedule it; where it
 * could not (a PostgreSQL without pg_cron), this store runs it as it starts and then on a
 * timer, so the process serving the function keeps the privacy policy's deletion promise.
 */
export type PostgresLimitStoreOptions = {
  /** A clock for tests; by default every isolate reads the database's own. */
  readonly now?: () => number;
  /** How long an admission may wait for the database before the call is refused. */
  readonly timeoutMs?: number;
  /** How often the store prunes when pg_cron does not (counter-lifetime.ts by default). */
  readonly pruneEveryMs?: number;
  /** Where a failed prune is reported, described as describePostgresFailure does; the console by default. */
  readonly onPruneFailure?: (description: string) => void;
};

/** What deletes ended counters when no call arrives. */
export type PostgresPruning = { readonly by: "pg_cron" } | { readonly by: "timer"; readonly everyMs: number };

export type PostgresLimitStore = Admission & {
  /** Settles once the store knows whether pg_cron prunes; if not, once its timer runs and its first prune is done. */
  readonly pruning: Promise<PostgresPruning>;
  /** Stops the store's prune timer, if it runs one; the connection stays its owner's to end. */
  stop(): void;
};

type AdmitRow = { admitted: boolean; refused_by: RefusalReason | null; retry_after_seconds: number | null; ticket: unknown };

/** How long a call waits on the counters' database before it is refused as busy: a visitor waits seconds, not a minute, for a database that is down. */
export const postgresTimeoutMs = 3000;

export function createPostgresLimitStore(sql: Sql, limits: Limits, options: PostgresLimitStoreOptions = {}): PostgresLimitStore {
  const timeoutMs = options.timeoutMs ?? postgresTimeoutMs;
  const everyMs = options.pruneEveryMs ?? postgresPruneEveryMs;
  const reportPruneFailure = options.onPruneFailure ?? ((description) => console.warn(`[signed-url] prune-failed: ${description}`));
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  /** The test clock's time for the database's functions; null lets the database read its own. */
  const databaseNow = () => (options.now ? new Date(options.now()).toISOString() : null);

  async function prune(): Promise<void> {
    const at = databaseNow();
    try {
      await query(sql`select signed_url_limits.prune(${at}::timestamptz)`, timeoutMs);
    } catch (error) {
      if (!stopped) reportPruneFailure(describePostgresFailure(error));
    }
  }

  async function choosePruning(): Promise<PostgresPruning> {
    // A database that cannot say (down, no migration yet) gets the timer: pruning beside
    // pg_cron costs one indexed delete, while a missed prune breaks the policy.
    const scheduled = await query(sql<{ scheduled: boolean }[]>`select signed_url_limits.prune_scheduled() as scheduled`, timeoutMs).then(
      (rows) => rows[0]?.scheduled === true,
      () => false,
    );
    if (scheduled) return { by: "pg_cron" };
    if (!stopped) {
      timer = setInterval(() => void prune(), everyMs);
      unrefTimer(timer);
      // At once as well: counters that ended while no process served them go now.
      await prune();
    }
    return { by: "timer", everyMs };
  }
  const pruning = choosePruning();

  return {
    pruning,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
    async admit(identity) {
      const at = databaseNow();
      const rows = await query(
        sql<AdmitRow[]>`
          select admitted, refused_by, retry_after_seconds, ticket
          from signed_url_limits.admit(${identity.client}, ${identity.network}, ${limits.perMinute}, ${limits.perDay},
            ${limits.perNetworkPerDay}, ${limits.dailyCap}, ${at}::timestamptz)`,
        timeoutMs,
      );
      const row = rows[0];
      if (row === undefined) throw new LimitStoreError("Postgres: signed_url_limits.admit answered no row");
      if (!row.admitted) {
        return { admitted: false, reason: row.refused_by ?? "daily-cap", retryAfterSeconds: row.retry_after_seconds ?? 1 };
      }
      const ticket = row.ticket as Parameters<typeof sql.json>[0];
      return {
        admitted: true,
        release: async () => {
          await query(sql`select signed_url_limits.release(${sql.json(ticket)})`, timeoutMs);
        },
      };
    },
  };
}

/** Node's timers have unref(); Deno's are numbers, unref'd through Deno.unrefTimer. */
function unrefTimer(timer: unknown): void {
  if (typeof timer === "number") {
    (globalThis as { Deno?: { unrefTimer?: (id: number) => void } }).Deno?.unrefTimer?.(timer);
  } else {
    (timer as { unref?: () => void } | undefined)?.unref?.();
  }
}

/**
 * The database's failure in words an operator can act on: its class and code, never the
 * connection string or a server message (they can carry host and user names).
 */
export function describePostgresFailure(error: unknown): string {
  if (error instanceof LimitStoreError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "42883" || code === "3F000" || code === "42P01") {
    return `Postgres has no signed_url_limits functions (SQLSTATE ${code}): apply supabase/migrations (supabase db push)`;
  }
  if (code === "28P01" || code === "28000") return `Postgres refused the credentials in SUPABASE_DB_URL (SQLSTATE ${code})`;
  if (typeof code === "string" && /^[A-Z_]+$/.test(code)) return `Postgres unreachable (${code})`;
  if (typeof code === "string") return `Postgres failed (SQLSTATE ${code})`;
  return `Postgres failed (${error instanceof Error ? error.name : "unknown error"})`;
}

/** Runs one statement within the deadline; any failure becomes a LimitStoreError with a loggable description. */
async function query<T>(work: Promise<T> & { cancel?: () => unknown }, timeoutMs: number): Promise<T> {
  try {
    return await withDeadline(work, timeoutMs);
  } catch (error) {
    throw new LimitStoreError(describePostgresFailure(error));
  }
}

async function withDeadline<T>(work: Promise<T> & { cancel?: () => unknown }, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      work.cancel?.();
      reject(new LimitStoreError(`Postgres did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
