import type { Sql } from "postgres";
import type { Admission, Limits, RefusalReason } from "./admission";
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
 */
export type PostgresLimitStoreOptions = {
  /** A clock for tests; by default every isolate reads the database's own. */
  readonly now?: () => number;
  /** How long an admission may wait for the database before the call is refused. */
  readonly timeoutMs?: number;
};

type AdmitRow = { admitted: boolean; refused_by: RefusalReason | null; retry_after_seconds: number | null; ticket: unknown };

export function createPostgresLimitStore(sql: Sql, limits: Limits, options: PostgresLimitStoreOptions = {}): Admission {
  const timeoutMs = options.timeoutMs ?? 3000;
  return {
    async admit(identity) {
      const at = options.now ? new Date(options.now()).toISOString() : null;
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
