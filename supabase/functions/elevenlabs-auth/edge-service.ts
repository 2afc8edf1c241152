import postgres from "postgres";
import { z } from "zod";
import { EnvConfigError, httpUrl, parseEnv } from "../../../lib/config/env-schema";
import { parseServerEnv } from "../../../lib/config/server-env";
import { signedUrlConfigFromEnv } from "../../../lib/signed-url/config";
import { createSignedUrlHandler, type SignedUrlHandler } from "../../../lib/signed-url/handler";
import { createPostgresLimitStore } from "../../../lib/signed-url/postgres-store";

/**
 * The Supabase host's view of its environment. Supabase injects SUPABASE_ANON_KEY and
 * SUPABASE_DB_URL into every function; NEXT_PUBLIC_SUPABASE_ANON_KEY (a function secret)
 * wins when set, for projects whose site ships a different public key. The static site's
 * origin must be named, because here the browser is always on another origin.
 */
const edgeSiteSchema = z.object({
  NEXT_PUBLIC_SITE_URL: httpUrl.optional(),
  NEXT_PUBLIC_SUPABASE_ANON_KEY: z.string().min(20, { message: "must be the project's anon key (a long token)" }).optional(),
  SUPABASE_ANON_KEY: z.string().min(20, { message: "must be the project's anon key (a long token)" }).optional(),
  SUPABASE_DB_URL: z
    .string()
    .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), { message: "must be a postgres:// or postgresql:// URL" })
    .optional(),
});

export type EdgeSignedUrlService = {
  readonly handle: SignedUrlHandler;
  /** Stops the counters' prune timer and closes the database connections, so a test (or an isolate shutting down) can exit. */
  readonly close: () => Promise<void>;
};

export type EdgeServiceOptions = {
  /** A clock for tests; by default the database's own. */
  readonly now?: () => number;
};

/**
 * Builds the shared handler for the Edge Function, with its limits in the project's
 * Postgres (supabase/migrations/*_signed_url_limits.sql), so every isolate enforces one
 * per-visitor limit and one daily cap. A database that fails refuses calls (503) rather
 * than letting them through uncounted.
 */
export function createEdgeSignedUrlService(source: Record<string, string | undefined>, options: EdgeServiceOptions = {}): EdgeSignedUrlService {
  const env = parseServerEnv(source);
  const site = parseEnv(edgeSiteSchema, source);
  const anonKey = site.NEXT_PUBLIC_SUPABASE_ANON_KEY ?? site.SUPABASE_ANON_KEY;
  const problems: string[] = [];
  if (anonKey === undefined) problems.push("SUPABASE_ANON_KEY: missing; set NEXT_PUBLIC_SUPABASE_ANON_KEY as a function secret");
  if (site.NEXT_PUBLIC_SITE_URL === undefined && env.ALLOWED_ORIGINS === undefined) {
    problems.push("NEXT_PUBLIC_SITE_URL: set it (or ALLOWED_ORIGINS) to the static site's origin");
  }
  if (site.SUPABASE_DB_URL === undefined) {
    problems.push("SUPABASE_DB_URL: missing; Supabase sets it for deployed functions (elsewhere, point it at the database holding supabase/migrations)");
  }
  if (problems.length > 0 || anonKey === undefined || site.SUPABASE_DB_URL === undefined) {
    throw new EnvConfigError(`Invalid environment configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
  if (env.REDIS_URL !== undefined) {
    console.warn("[signed-url] REDIS_URL is ignored by the Edge Function: its limits are kept in the project's Postgres.");
  }
  if (env.TRUST_PROXY_HEADER === undefined) {
    console.warn("[signed-url] TRUST_PROXY_HEADER is unset: every visitor counts as one client (see supabase/README.md, Client address).");
  }

  const config = signedUrlConfigFromEnv(env, { siteUrl: site.NEXT_PUBLIC_SITE_URL, anonKey });
  const sql = postgres(site.SUPABASE_DB_URL, {
    // A few connections per isolate: each admission holds one for about a millisecond.
    max: 3,
    // Works through Supabase's transaction-mode pooler as well as a direct connection.
    prepare: false,
    // A dead database must refuse the visitor within seconds, not hang the call.
    connect_timeout: 3,
    // Idle isolates give their connections back to the database.
    idle_timeout: 20,
    onnotice: () => undefined,
  });
  // Without pg_cron (a self-hosted PostgreSQL) the store prunes ended counters on a timer in
  // this process: see supabase/README.md, Retention.
  const admission = createPostgresLimitStore(sql, config.limits, { now: options.now });
  return {
    handle: createSignedUrlHandler(config, { admission }),
    close: async () => {
      admission.stop();
      await sql.end({ timeout: 1 });
    },
  };
}
