import { z } from "zod";
import { EnvConfigError, httpUrl, parseEnv } from "../../../lib/config/env-schema";
import { parseServerEnv } from "../../../lib/config/server-env";
import { createAdmission } from "../../../lib/signed-url/admission";
import { signedUrlConfigFromEnv } from "../../../lib/signed-url/config";
import { createSignedUrlHandler, type SignedUrlHandler } from "../../../lib/signed-url/handler";
import { createMemoryCounters } from "../../../lib/signed-url/memory-counters";

/**
 * The Supabase host's view of its environment. Supabase injects SUPABASE_ANON_KEY into
 * every function; NEXT_PUBLIC_SUPABASE_ANON_KEY (a function secret) wins when set, for
 * projects whose site ships a different public key. The static site's origin must be
 * named, because here the browser is always on another origin.
 */
const edgeSiteSchema = z.object({
  NEXT_PUBLIC_SITE_URL: httpUrl.optional(),
  NEXT_PUBLIC_SUPABASE_ANON_KEY: z.string().min(20, { message: "must be the project's anon key (a long token)" }).optional(),
  SUPABASE_ANON_KEY: z.string().min(20, { message: "must be the project's anon key (a long token)" }).optional(),
});

/**
 * Builds the shared handler for the Edge Function. Counters are in memory: ioredis
 * needs Node sockets, and an Edge Function isolate lives for many requests, so the
 * limits hold per isolate (see supabase/README.md).
 */
export function createEdgeSignedUrlHandler(source: Record<string, string | undefined>): SignedUrlHandler {
  const env = parseServerEnv(source);
  const site = parseEnv(edgeSiteSchema, source);
  const anonKey = site.NEXT_PUBLIC_SUPABASE_ANON_KEY ?? site.SUPABASE_ANON_KEY;
  if (anonKey === undefined) {
    throw new EnvConfigError("Invalid environment configuration:\n  - SUPABASE_ANON_KEY: missing; set NEXT_PUBLIC_SUPABASE_ANON_KEY as a function secret");
  }
  if (site.NEXT_PUBLIC_SITE_URL === undefined && env.ALLOWED_ORIGINS === undefined) {
    throw new EnvConfigError("Invalid environment configuration:\n  - NEXT_PUBLIC_SITE_URL: set it (or ALLOWED_ORIGINS) to the static site's origin");
  }
  if (env.REDIS_URL !== undefined) {
    console.warn("[signed-url] REDIS_URL is ignored by the Edge Function: its limits are kept in memory per isolate.");
  }
  const config = signedUrlConfigFromEnv(env, { siteUrl: site.NEXT_PUBLIC_SITE_URL, anonKey });
  return createSignedUrlHandler(config, { admission: createAdmission(createMemoryCounters(config.limits)) });
}
