import { randomBytes } from "node:crypto";
import { z } from "zod";
import { DEFAULT_CALL_LIMIT_SECONDS } from "@mockingbird/contract/limits";
import { SILENCE_END_CALL_TIMEOUT_SECONDS, TURN_TIMEOUT_SECONDS } from "@mockingbird/contract/turn-timing";
import { defaultOriginRules, originRules } from "@mockingbird/contract/origin-policy";
import type { LogLevel } from "./log";
import { defaultOverrides, developmentApiKey, isLoopbackHost, isOverrideField, overrideFields, type OverrideField, type ServerSettings } from "./server";
import { defaultWorkerCount, MAX_WORKERS } from "./speech/synthesis";

/**
 * The agent's configuration, read once from the environment. A bad value stops the
 * start with one line per variable, naming it and saying what is expected.
 */

export type LlmSettings = {
  readonly url: string;
  readonly apiKey: string | undefined;
  readonly model: string;
};

export type AgentConfig = {
  /** Everything the server is told, each value once (server/settings.ts). */
  readonly server: ServerSettings;
  /** Whether the signing secret was generated for this process (signed URLs die with it). */
  readonly signingSecretGenerated: boolean;
  /** Whether a voice call is sent the visitor's words while they speak (tentative_user_transcript). */
  readonly tentativeTranscripts: boolean;
  /** Synthesis worker threads (or festival processes). */
  readonly synthesisWorkers: number;
  /** The caller's voice: festival's HTS voice when installed (the default), or flite. */
  readonly callerVoice: "festival" | "flite";
  /** Bytes of synthesized sentences kept in memory (0: no cache). */
  readonly synthesisCacheBytes: number;
  readonly llm: LlmSettings | undefined;
  readonly logLevel: LogLevel;
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

function wholeNumber(min: number, max: number, fallback: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message }).default(fallback);
}

const url = (protocols: readonly string[], example: string) =>
  z
    .string()
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
      message: `must be a ${protocols.map((p) => `${p}//`).join(" or ")} URL such as ${example}`,
    })
    .transform((value) => value.replace(/\/+$/, ""));

const envSchema = z.object({
  AGENT_HOST: z.string().min(1).default("127.0.0.1"),
  AGENT_PORT: wholeNumber(0, 65_535, 8787),
  AGENT_PUBLIC_URL: url(["ws:", "wss:"], "wss://agent.example.com").optional(),
  LOCAL_AGENT_API_KEY: z.string().min(1).default(developmentApiKey),
  AGENT_SIGNING_SECRET: z.string().min(32, { message: "must be at least 32 characters (for example: openssl rand -base64 32)" }).optional(),
  AGENT_MAX_CALL_SECONDS: wholeNumber(10, 3_600, DEFAULT_CALL_LIMIT_SECONDS),
  // A ceiling for memory and sockets: how many calls the machine serves well is measured (server/capacity.ts).
  AGENT_MAX_CONCURRENT_CALLS: wholeNumber(1, 1_000, 100),
  // The service's own bounds for turn_timeout (1 to 30 s); -1 for silence_end_call_timeout means never, as there.
  AGENT_TURN_TIMEOUT_SECONDS: wholeNumber(1, 30, TURN_TIMEOUT_SECONDS),
  AGENT_SILENCE_END_CALL_SECONDS: wholeNumber(-1, 3_600, SILENCE_END_CALL_TIMEOUT_SECONDS).refine((value) => value !== 0, { message: "must be -1 (never) or a whole number from 1 to 3600" }),
  ALLOWED_ORIGINS: originRules.optional(),
  AGENT_ALLOWED_OVERRIDES: z
    .string()
    // "none": no field at all (empty would mean unset, the default).
    .transform((value) => (value.trim() === "none" ? [] : value.split(",").map((field) => field.trim()).filter((field) => field !== "")))
    .pipe(z.array(z.string().refine(isOverrideField, { message: `must be override fields, comma-separated, of: ${overrideFields.join(", ")}` })))
    .transform((fields) => [...new Set(fields)] as OverrideField[])
    .optional(),
  AGENT_TRUST_PROXY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, { message: "must be a header name such as x-real-ip" })
    .transform((name) => name.toLowerCase())
    .optional(),
  // Only its origin matters here; a value that is not a URL leaves the default list without it, as on the site.
  NEXT_PUBLIC_SITE_URL: z.string().optional(),
  // The service sends tentative transcripts only when the agent's client_events list them; the production callers do.
  AGENT_TENTATIVE_TRANSCRIPTS: z.enum(["on", "off"], { message: "must be on or off" }).default("on"),
  AGENT_SYNTHESIS_WORKERS: wholeNumber(1, MAX_WORKERS, defaultWorkerCount()),
  AGENT_SYNTHESIS_CACHE_MB: wholeNumber(0, 1_024, 32),
  AGENT_VOICE: z.enum(["festival", "flite"], { message: "must be festival or flite" }).default("festival"),
  AGENT_LLM_URL: url(["http:", "https:"], "http://127.0.0.1:11434/v1").optional(),
  AGENT_LLM_API_KEY: z.string().min(1).optional(),
  AGENT_LLM_MODEL: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { message: "must be one of fatal, error, warn, info, debug, trace, silent" }).default("info"),
});

export function loadConfig(env: Readonly<Record<string, string | undefined>>): AgentConfig {
  // Empty means unset, as in .env files and CI variables.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".") || "(environment)"}: ${issue.message}`);
    throw new ConfigError(`Invalid agent configuration:\n${lines.join("\n")}\nSee agent/README.md for every variable.`);
  }
  const values = parsed.data;
  const llmProblem =
    values.AGENT_LLM_URL === undefined
      ? values.AGENT_LLM_API_KEY !== undefined || values.AGENT_LLM_MODEL !== undefined
        ? "  - AGENT_LLM_URL: must be set when AGENT_LLM_API_KEY or AGENT_LLM_MODEL is"
        : undefined
      : values.AGENT_LLM_MODEL === undefined
        ? "  - AGENT_LLM_MODEL: must be set when AGENT_LLM_URL is (the model name the endpoint serves)"
        : undefined;
  if (llmProblem !== undefined) throw new ConfigError(`Invalid agent configuration:\n${llmProblem}\nSee agent/README.md for every variable.`);
  // Anyone who reaches the agent could mint signed URLs with a key the README prints.
  if (values.LOCAL_AGENT_API_KEY === developmentApiKey && !isLoopbackHost(values.AGENT_HOST)) {
    throw new ConfigError(
      `Invalid agent configuration:\n  - LOCAL_AGENT_API_KEY: must be set to a secret of your own (and the site given the same) when AGENT_HOST (${values.AGENT_HOST}) is not a loopback address; the documented default key works only on 127.0.0.1 or ::1\nSee agent/README.md for every variable.`,
    );
  }
  return {
    server: {
      host: values.AGENT_HOST,
      port: values.AGENT_PORT,
      publicUrl: values.AGENT_PUBLIC_URL,
      apiKey: values.LOCAL_AGENT_API_KEY,
      signingSecret: values.AGENT_SIGNING_SECRET ?? randomBytes(32).toString("base64url"),
      maxConcurrentCalls: values.AGENT_MAX_CONCURRENT_CALLS,
      allowedOrigins: values.ALLOWED_ORIGINS ?? defaultOriginRules(values.NEXT_PUBLIC_SITE_URL),
      allowedOverrides: values.AGENT_ALLOWED_OVERRIDES ?? [...defaultOverrides],
      trustProxyHeader: values.AGENT_TRUST_PROXY_HEADER,
      call: {
        maxCallMs: values.AGENT_MAX_CALL_SECONDS * 1000,
        turnTimeoutMs: values.AGENT_TURN_TIMEOUT_SECONDS * 1000,
        silenceEndCallMs: values.AGENT_SILENCE_END_CALL_SECONDS < 0 ? Number.POSITIVE_INFINITY : values.AGENT_SILENCE_END_CALL_SECONDS * 1000,
      },
    },
    signingSecretGenerated: values.AGENT_SIGNING_SECRET === undefined,
    tentativeTranscripts: values.AGENT_TENTATIVE_TRANSCRIPTS === "on",
    synthesisWorkers: values.AGENT_SYNTHESIS_WORKERS,
    synthesisCacheBytes: values.AGENT_SYNTHESIS_CACHE_MB * 1024 * 1024,
    callerVoice: values.AGENT_VOICE,
    llm:
      values.AGENT_LLM_URL === undefined || values.AGENT_LLM_MODEL === undefined
        ? undefined
        : { url: values.AGENT_LLM_URL, apiKey: values.AGENT_LLM_API_KEY, model: values.AGENT_LLM_MODEL },
    logLevel: values.LOG_LEVEL,
  };
}
