import "server-only";
import { z } from "zod";
import { isScenarioId, scenarioIds, type ScenarioId } from "@mockingbird/contract/scenarios";
import { originRules } from "@mockingbird/contract/origin-policy";
import { httpUrl, parseEnv } from "./env-schema";

/**
 * Server-only variables: secrets and operational limits. Never read these from client
 * code; scripts/quality/client-secrets.mjs proves none of them reaches a browser bundle.
 *
 * Imports stay relative (no `@/`) because the Supabase Edge Function (Deno) loads this
 * module too, through the import map in supabase/functions/elevenlabs-auth/deno.json.
 */

function wholeNumber(min: number, max: number, fallback: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message }).default(fallback);
}

const agentIdsByScenario = z
  .string()
  .transform((text, context): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      context.addIssue({ code: "custom", message: 'must be a JSON object such as {"ceo-urgent-wire":"agent_0123"}' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), z.string().min(1, { message: "must be a non-empty agent id" }), { message: "must be a JSON object of scenario id to agent id" }))
  .superRefine((map, context) => {
    for (const key of Object.keys(map)) {
      if (!isScenarioId(key)) {
        context.addIssue({ code: "custom", path: [key], message: `is not a scenario id (known: ${scenarioIds.join(", ")})` });
      }
    }
  })
  .transform((map) => map as Partial<Record<ScenarioId, string>>);

export const serverEnvSchema = z
  .object({
    /** Set: signed URLs come from ElevenLabs. Unset: from the local voice agent. */
    ELEVENLABS_API_KEY: z.string().min(1).optional(),
    ELEVENLABS_API_BASE: httpUrl.default("https://api.elevenlabs.io"),
    ELEVENLABS_AGENT_ID: z.string().min(1).optional(),
    ELEVENLABS_AGENT_IDS: agentIdsByScenario.optional(),
    LOCAL_AGENT_URL: httpUrl.default("http://127.0.0.1:8787"),
    /** The local agent's documented development key; set the same value on both sides in production. */
    LOCAL_AGENT_API_KEY: z.string().min(1).default("mockingbird-local-agent-key"),
    SIGNED_URL_TIMEOUT_MS: wholeNumber(100, 60_000, 5000),
    /** Replaces the default allow-list (NEXT_PUBLIC_SITE_URL plus localhost on any port). */
    ALLOWED_ORIGINS: originRules.optional(),
    SIGNED_URL_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000, 5),
    SIGNED_URL_LIMIT_PER_DAY: wholeNumber(1, 10_000_000, 10),
    /** One IPv4 /24 or IPv6 /48 per 24 hours, so a small range of addresses cannot drain the day (sizing: docs/signed-url.md). */
    SIGNED_URL_LIMIT_PER_NETWORK_PER_DAY: wholeNumber(1, 10_000_000, 40),
    SIGNED_URL_DAILY_CAP: wholeNumber(1, 1_000_000_000, 500),
    TRUST_PROXY_HEADER: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]+$/, { message: "must be a header name such as x-forwarded-for or x-real-ip" })
      .optional(),
    TRUST_PROXY_HOPS: wholeNumber(1, 10, 1),
    REDIS_URL: z
      .string()
      .refine((value) => /^rediss?:\/\//.test(value) && URL.canParse(value), { message: "must be a redis:// or rediss:// URL" })
      .optional(),
  })
  .superRefine((env, context) => {
    if (env.ELEVENLABS_API_KEY !== undefined && env.ELEVENLABS_AGENT_ID === undefined) {
      context.addIssue({
        code: "custom",
        path: ["ELEVENLABS_AGENT_ID"],
        message: "must be set when ELEVENLABS_API_KEY is set (the agent a demo call reaches by default)",
      });
    }
  });

export type ServerEnv = z.infer<typeof serverEnvSchema>;

/** Validates once; the error names every bad variable (see describeEnvIssues). */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  return parseEnv(serverEnvSchema, source);
}
