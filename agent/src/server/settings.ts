import type { OriginRule } from "@mockingbird/contract/origin-policy";
import type { OverrideField } from "./overrides";

/**
 * What the server is told by whoever runs it: config.ts builds it once from the environment
 * (agent/README.md, "Configuration"), the tests write it out. Each value has this one place;
 * how a call is paced and bounded inside (timings.ts) is not a setting.
 */
export type ServerSettings = {
  readonly host: string;
  /** 0 picks a free port (tests). */
  readonly port: number;
  /** Websocket origin written into signed URLs; unset: ws://{host}:{bound port}. */
  readonly publicUrl: string | undefined;
  /** The xi-api-key the signed-URL endpoint requires. The documented default works only for requests from this machine (http.ts). */
  readonly apiKey: string;
  /** HMAC key for conversation signatures. */
  readonly signingSecret: string;
  /** A ceiling on calls in progress; below it admission measures what the machine keeps up with (capacity.ts). */
  readonly maxConcurrentCalls: number;
  /**
   * The browser origins whose pages may open a call: the site's own allow-list (ALLOWED_ORIGINS,
   * else NEXT_PUBLIC_SITE_URL plus http://localhost:* and http://127.0.0.1:*), read the same way
   * as the signed-URL handler reads it.
   */
  readonly allowedOrigins: readonly OriginRule[];
  /** The conversation_config_override fields a call may set (overrides.ts); any other is refused, as the service refuses it. */
  readonly allowedOverrides: readonly OverrideField[];
  /** The header a proxy in front of the agent sets to the visitor's address (lower case), trusted for it; unset: the socket's peer. */
  readonly trustProxyHeader: string | undefined;
  readonly call: CallSettings;
};

/** A call's limits, as the service's agent settings name them. */
export type CallSettings = {
  /** The call limit (max_duration_seconds): the debrief, then the max_duration_exceeded error. */
  readonly maxCallMs: number;
  /** The visitor's silence after the caller's line before it speaks again (turn_timeout, contract/turn-timing.ts). */
  readonly turnTimeoutMs: number;
  /** The visitor's silence since they last spoke or typed that ends the call (silence_end_call_timeout); Infinity: never. */
  readonly silenceEndCallMs: number;
};

/** The documented development key (agent/README.md): it mints signed URLs only for this machine's own requests (http.ts). */
export const developmentApiKey = "mockingbird-local-agent-key";
