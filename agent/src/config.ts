import { randomBytes } from "node:crypto";
import { z } from "zod";
import { DEFAULT_CALL_LIMIT_SECONDS } from "@mockingbird/contract/limits";
import { SILENCE_END_CALL_TIMEOUT_SECONDS, TURN_TIMEOUT_SECONDS } from "@mockingbird/contract/turn-timing";
import { defaultOriginRules, originRules, type OriginRule } from "@mockingbird/contract/origin-policy";
import type { LogLevel } from "./log";
import { defaultOverrides, isOverrideField, overrideFields, type OverrideField } from "./server/overrides";
import { isLoopbackHost } from "./server/peer";
import { defaultWorkerCount, MAX_WORKERS } from "./speech/synthesis/synthesizer";

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
  readonly host: string;
  /** 0 picks a free port (tests). */
  readonly port: number;
  /** Websocket origin written into signed URLs; unset: ws://{host}:{bound port}. */
  readonly publicUrl: string | undefined;
  /** The xi-api-key the signed-URL endpoint requires. The documented default works only for requests from this machine (server/http.ts). */
  readonly apiKey: string;
  /** HMAC key for conversation signatures. */
  readonly signingSecret: string;
  /** Whether the signing secret was generated for this process (signed URLs die with it). */
  readonly signingSecretGenerated: boolean;
  readonly maxCallSeconds: number;
  /** A silent visitor: the re-prompt after this many seconds, the end of the call after that many (contract/turn-timing.ts; -1: never). */
  readonly turnTimeoutSeconds: number;
  readonly silenceEndCallSeconds: number;
  readonly maxConcurrentCalls: number;
  /** Whether a voice call is sent the visitor's words while they speak (tentative_user_transcript). */
  readonly tentativeTranscripts: boolean;
  /**
   * The browser origins whose pages may open a call: the site's own allow-list
   * (ALLOWED_ORIGINS, else NEXT_PUBLIC_SITE_URL plus http://localhost:* and
   * http://127.0.0.1:*), read the same way as the signed-URL handler reads it.
   */
  readonly allowedOrigins: readonly OriginRule[];
  /** The conversation_config_override fields a call may set (server/overrides.ts); any other is refused, as the service refuses it. */
  readonly allowedOverrides: readonly OverrideField[];
  /** The header a proxy in front of the agent sets to the visitor's address (lower case), trusted for it; unset: the socket's peer. */
  readonly trustProxyHeader: string | undefined;
  /** Synthesis worker threads (or festival processes). */
  readonly synthesisWorkers: number;
  /** The caller's voice: festival's HTS voice when installed (the default), or flite. */
  readonly callerVoice: "festival" | "flite";
  /** Bytes of synthesized sentences kept in memory (0: no cache). */
  readonly synthesisCacheBytes: number;
  readonly llm: LlmSettings | undefined;
  readonly logLevel: LogLevel;
};

export const developmentApiKey = "mockingbird-local-agent-key";

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
    host: values.AGENT_HOST,
    port: values.AGENT_PORT,
    publicUrl: values.AGENT_PUBLIC_URL,
    apiKey: values.LOCAL_AGENT_API_KEY,
    signingSecret: values.AGENT_SIGNING_SECRET ?? randomBytes(32).toString("base64url"),
    signingSecretGenerated: values.AGENT_SIGNING_SECRET === undefined,
    maxCallSeconds: values.AGENT_MAX_CALL_SECONDS,
    turnTimeoutSeconds: values.AGENT_TURN_TIMEOUT_SECONDS,
    silenceEndCallSeconds: values.AGENT_SILENCE_END_CALL_SECONDS,
    maxConcurrentCalls: values.AGENT_MAX_CONCURRENT_CALLS,
    tentativeTranscripts: values.AGENT_TENTATIVE_TRANSCRIPTS === "on",
    allowedOrigins: values.ALLOWED_ORIGINS ?? defaultOriginRules(values.NEXT_PUBLIC_SITE_URL),
    allowedOverrides: values.AGENT_ALLOWED_OVERRIDES ?? [...defaultOverrides],
    trustProxyHeader: values.AGENT_TRUST_PROXY_HEADER,
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
