import "server-only";
import { EnvConfigError } from "../config/env-schema";
import { publicEnv } from "../config/public-env";
import { siteOrigin } from "../config/site-links";
import { parseServerEnv } from "../config/server-env";
import { signedUrlConfigFromEnv, type SiteIdentity } from "./config";
import { createSignedUrlHandler, type SignedUrlHandler } from "./handler";
import { errorResponse } from "./json-response";
import { createMemoryLimitStore } from "./memory-store";
import { signedUrlMessages } from "./messages";
import { connectRedis, createRedisLimitStore } from "./redis-store";

export type NodeSignedUrlService = {
  readonly handle: SignedUrlHandler;
  /** Settles once the counters' store answers; until then Redis counters fall back to memory. */
  readonly ready: Promise<void>;
  /** Closes the Redis connection, if any, so a process or test can exit. */
  readonly close: () => Promise<void>;
};

/**
 * The service as a Node host runs it: counters in Redis when REDIS_URL is set (so every
 * instance enforces one limit), in this process otherwise.
 */
export function createNodeSignedUrlService(source: Record<string, string | undefined>, site: SiteIdentity): NodeSignedUrlService {
  const env = parseServerEnv(source);
  const config = signedUrlConfigFromEnv(env, site);
  if (env.REDIS_URL === undefined) {
    const handle = createSignedUrlHandler(config, { admission: createMemoryLimitStore(config.limits) });
    return { handle, ready: Promise.resolve(), close: async () => undefined };
  }
  const reportOutage = reportRedisError();
  const redis = connectRedis(env.REDIS_URL, reportOutage);
  const handle = createSignedUrlHandler(config, { admission: createRedisLimitStore(redis, config.limits, { onFallback: reportOutage }) });
  const ready = new Promise<void>((resolve) => {
    if (redis.status === "ready") resolve();
    else redis.once("ready", () => resolve());
  });
  return {
    handle,
    ready,
    close: async () => {
      // QUIT needs a live connection; during an outage there is only a retry loop to stop.
      if (redis.status === "ready") await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

/** An outage makes ioredis retry every few hundred milliseconds; one line per minute is enough to notice it. */
function reportRedisError(): (error: Error) => void {
  let lastReportMs = 0;
  return (error) => {
    const now = Date.now();
    if (now - lastReportMs < 60_000) return;
    lastReportMs = now;
    console.warn(`[signed-url] Redis unavailable (${error.name}); limits hold per instance until it returns.`);
  };
}

type ServiceState = { readonly ok: true; readonly service: NodeSignedUrlService } | { readonly ok: false };

// Kept on globalThis so `next dev` reloading this module reuses one Redis connection.
const stateKey = Symbol.for("mockingbird.signed-url.node-service");
type GlobalWithService = typeof globalThis & { [stateKey]?: ServiceState };

function processService(): ServiceState {
  const holder = globalThis as GlobalWithService;
  const existing = holder[stateKey];
  if (existing) return existing;
  let state: ServiceState;
  try {
    state = {
      ok: true,
      service: createNodeSignedUrlService(process.env, {
        siteUrl: siteOrigin,
        anonKey: publicEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY,
      }),
    };
  } catch (error) {
    if (!(error instanceof EnvConfigError)) throw error;
    // The message names each bad variable, never its value.
    console.error(`[signed-url] ${error.message}`);
    state = { ok: false };
  }
  holder[stateKey] = state;
  return state;
}

/**
 * The route handler's entry point. Configuration is read on the first request rather
 * than at import, because `next build` imports route modules without runtime secrets.
 */
export async function handleSignedUrlRequest(request: Request): Promise<Response> {
  const state = processService();
  if (!state.ok) return errorResponse(500, signedUrlMessages.notConfigured);
  return state.service.handle(request);
}
