/**
 * The agent a call of the service double talks to, as the service holds it once pushed: who may
 * open a call (its allow-list), what a call may override, and the settings that end a call (its
 * time limit, its line at the limit, its silence timeouts, the events it sends). `doubleAgent` reads them from an
 * agent as @elevenlabs/elevenlabs-js returns it; a field the agent leaves unset takes the
 * service's own default, never our production callers' values, so the double holds a test to
 * what was pushed.
 */
import { ElevenLabs } from "@elevenlabs/elevenlabs-js";

const { ClientEvent } = ElevenLabs;

export type DoubleAgent = {
  /** platform_settings.overrides: whether a call may set this dotted field of conversation_config_override. */
  allowsOverride(path: string): boolean;
  /** The agent's own value of a dotted field of conversation_config (snake_case), if it has one. */
  ownValue?(path: string): unknown;
  /** platform_settings.auth.allowlist, each entry's hostname; absent or empty: any origin. */
  allowlist?: readonly string[];
  /** platform_settings.auth.require_origin_header: refuse a socket without an Origin (only with an allow-list). */
  requireOriginHeader?: boolean;
  /** conversation_config.conversation.max_duration_seconds. */
  maxDurationSeconds?: number;
  /** conversation_config.agent.max_conversation_duration_message: said at the time limit when not empty. */
  maxDurationMessage?: string;
  /** conversation_config.turn.turn_timeout. */
  turnTimeoutSeconds?: number;
  /** conversation_config.turn.silence_end_call_timeout; -1: never. */
  silenceEndCallTimeoutSeconds?: number;
  /** conversation_config.conversation.client_events: the server events the service sends; absent: every one. */
  clientEvents?: readonly string[];
};

/**
 * The service's defaults for what an agent leaves unset, from its OpenAPI description
 * (ConversationConfig.max_duration_seconds 600, TurnConfig.turn_timeout 7,
 * TurnConfig.silence_end_call_timeout -1).
 */
export const serviceDefaults = { maxDurationSeconds: 600, turnTimeoutSeconds: 7, silenceEndCallTimeoutSeconds: -1 } as const;

/**
 * The client events an agent that lists none gets: the service's default set, as the AsyncAPI
 * contract and the client events guide give it (the metadata, ping, audio, interruption, the
 * user's transcript and the agent's response).
 */
export const defaultClientEvents = ["conversation_initiation_metadata", "ping", "audio", "interruption", "user_transcript", "agent_response"] as const;

/**
 * Every server event an agent's client_events can name (ClientEvent in @elevenlabs/elevenlabs-js):
 * a frame of another type (`error`) is not one of them, and always goes out.
 */
const listedEvents: ReadonlySet<string> = new Set(Object.values(ClientEvent));

/**
 * Whether the service sends a frame of this type to a call of this agent. The metadata always goes
 * out: the SDK can start no session without it (docs/protocol.md §2.3).
 */
export function sendsEvent(agent: DoubleAgent | undefined, type: string): boolean {
  if (agent?.clientEvents === undefined || !listedEvents.has(type) || type === "conversation_initiation_metadata") return true;
  return agent.clientEvents.includes(type);
}

export type PushedAgent = Pick<ElevenLabs.GetAgentResponseModel, "conversationConfig" | "platformSettings">;

/** The double's agent from a pushed one, as the SDK reads it back (camelCase fields). */
export function doubleAgent(pushed: PushedAgent): DoubleAgent {
  const { conversationConfig: config, platformSettings: platform } = pushed;
  const allowed: unknown = platform?.overrides?.conversationConfigOverride;
  // The SDK reads the settings in camelCase; the socket names override fields in snake_case.
  const camel = (name: string) => name.replace(/_([a-z])/g, (_whole, letter: string) => letter.toUpperCase());
  const at = (root: unknown, path: string) => path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[camel(key)], root);
  return {
    allowsOverride: (path) => at(allowed, path) === true,
    ownValue: (path) => at(config, path),
    allowlist: platform?.auth?.allowlist?.map((item) => item.hostname),
    requireOriginHeader: platform?.auth?.requireOriginHeader,
    maxDurationSeconds: config.conversation?.maxDurationSeconds,
    maxDurationMessage: config.agent?.maxConversationDurationMessage,
    turnTimeoutSeconds: config.turn?.turnTimeout,
    silenceEndCallTimeoutSeconds: config.turn?.silenceEndCallTimeout,
    clientEvents: config.conversation?.clientEvents ?? defaultClientEvents,
  };
}

/**
 * Whether a socket from `origin` (its Origin header; undefined: none was sent) may open a call.
 *
 * ElevenLabs' "Agent authentication" guide: the service checks the request's origin against
 * the allow-list's hostnames, exactly (a subdomain is its own entry), and its examples list
 * `localhost:3000`, so a port is part of the host it compares. AuthSettings.require_origin_header
 * (@elevenlabs/elevenlabs-js): a socket with no Origin is refused only when that is set, and it
 * has no effect without an allow-list. The API's own example entry is a whole origin
 * (`https://example.com`): such an entry is compared with the whole origin.
 */
export function originAllowed(agent: DoubleAgent | undefined, origin: string | undefined): boolean {
  const allowlist = agent?.allowlist ?? [];
  if (allowlist.length === 0) return true;
  if (origin === undefined) return agent?.requireOriginHeader !== true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  return allowlist.some((entry) => (entry.includes("://") ? entry.replace(/\/+$/, "") === origin : entry.toLowerCase() === host.toLowerCase()));
}
