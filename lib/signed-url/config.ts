import { EnvConfigError } from "../config/env-schema";
import type { ServerEnv } from "../config/server-env";
import type { Limits } from "./admission";
import type { TrustedProxy } from "./client-address";
import { defaultOriginRules, type OriginRule } from "@mockingbird/contract/origin-policy";
import type { Upstream } from "./upstream";

/** Everything the handler needs to know, validated and resolved; hosts build it once. */
export type SignedUrlConfig = {
  readonly upstream: Upstream;
  readonly upstreamTimeoutMs: number;
  readonly anonKey: string;
  readonly allowedOrigins: readonly OriginRule[];
  readonly trustedProxy: TrustedProxy | undefined;
  readonly limits: Limits;
};

/** The two public values the service shares with the browser build. */
export type SiteIdentity = {
  readonly siteUrl: string | undefined;
  readonly anonKey: string;
};

export function signedUrlConfigFromEnv(env: ServerEnv, site: SiteIdentity): SignedUrlConfig {
  return {
    upstream: upstreamFromEnv(env),
    upstreamTimeoutMs: env.SIGNED_URL_TIMEOUT_MS,
    anonKey: site.anonKey,
    allowedOrigins: env.ALLOWED_ORIGINS ?? defaultOriginRules(site.siteUrl),
    trustedProxy: env.TRUST_PROXY_HEADER === undefined ? undefined : { header: env.TRUST_PROXY_HEADER, hops: env.TRUST_PROXY_HOPS },
    limits: {
      perMinute: env.SIGNED_URL_LIMIT_PER_MINUTE,
      perDay: env.SIGNED_URL_LIMIT_PER_DAY,
      perNetworkPerDay: env.SIGNED_URL_LIMIT_PER_NETWORK_PER_DAY,
      dailyCap: env.SIGNED_URL_DAILY_CAP,
    },
  };
}

/** One code path, two upstreams: an ElevenLabs key selects ElevenLabs, its absence the local agent. */
function upstreamFromEnv(env: ServerEnv): Upstream {
  if (env.ELEVENLABS_API_KEY === undefined) {
    return { kind: "local-agent", baseUrl: env.LOCAL_AGENT_URL, apiKey: env.LOCAL_AGENT_API_KEY };
  }
  // parseServerEnv already refuses this; the check keeps hand-built env objects honest too.
  if (env.ELEVENLABS_AGENT_ID === undefined) {
    throw new EnvConfigError("ELEVENLABS_AGENT_ID must be set when ELEVENLABS_API_KEY is set.");
  }
  return {
    kind: "elevenlabs",
    baseUrl: env.ELEVENLABS_API_BASE,
    apiKey: env.ELEVENLABS_API_KEY,
    defaultAgentId: env.ELEVENLABS_AGENT_ID,
    agentIdsByScenario: env.ELEVENLABS_AGENT_IDS ?? {},
  };
}
