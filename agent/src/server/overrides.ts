/**
 * conversation_config_override, as the service polices it: every field an agent can allow a
 * call to override, each off unless the agent enables it (an agent's
 * platform_settings.overrides.conversation_config_override, one boolean per field). A call that
 * sets a field its agent has not enabled is refused before the metadata, naming the field.
 *
 * The fields are those of ElevenLabs' ConversationConfigClientOverrideConfig, the settings'
 * schema (@elevenlabs/elevenlabs-js 2.73, serialization/types/*OverrideConfig.js), written as
 * dotted paths into the override a client sends.
 */
export const overrideFields = [
  "agent.first_message",
  "agent.language",
  "agent.max_conversation_duration_message",
  "agent.prompt.prompt",
  "agent.prompt.llm",
  "agent.prompt.tool_ids",
  "agent.prompt.tool_ids_strict",
  "agent.prompt.native_mcp_server_ids",
  "agent.prompt.knowledge_base",
  "asr.keywords",
  "tts.model_id",
  "tts.voice_id",
  "tts.supported_voices",
  "tts.stability",
  "tts.speed",
  "tts.similarity_boost",
  "tts.pronunciation_dictionary_locators",
  "turn.soft_timeout_config.message",
  "turn.soft_timeout_config.additional_soft_timeout_messages",
  "conversation.text_only",
  "conversation.max_duration_seconds",
] as const;

export type OverrideField = (typeof overrideFields)[number];

/**
 * What the production agents enable (scripts/agents/configs.ts): a typed call's text_only, and
 * nothing that changes what the caller says or how it sounds.
 */
export const defaultOverrides: readonly OverrideField[] = ["conversation.text_only"];

const fields: ReadonlySet<string> = new Set(overrideFields);
const groups: ReadonlySet<string> = new Set(overrideFields.flatMap((field) => field.split(".").slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join("."))));

/**
 * The agent's own settings, which a client may send back unchanged: ElevenLabs' widget
 * (@elevenlabs/convai-widget-embed) puts the agent's language in every call's override, and works
 * with agents that enable no language override, so a field set to the agent's own value
 * overrides nothing.
 */
export const ownSettings: Readonly<Record<string, unknown>> = { "agent.language": "en" };

export function isOverrideField(name: string): name is OverrideField {
  return fields.has(name);
}

/**
 * The fields an override sets, as dotted paths: a table field with any value but null or the
 * agent's own (`own`), and any other key with a value (nothing can enable it). Groups are walked
 * into; an empty group, as the SDK sends for the groups it leaves alone, sets nothing.
 */
export function overriddenFields(override: unknown, path = "", own: Readonly<Record<string, unknown>> = ownSettings): string[] {
  if (override === undefined || override === null || (path !== "" && Object.hasOwn(own, path) && own[path] === override)) return [];
  if (path !== "" && (fields.has(path) || !groups.has(path))) return [path];
  if (typeof override !== "object" || Array.isArray(override)) return path === "" ? [] : [path];
  return Object.entries(override).flatMap(([key, value]) => overriddenFields(value, path === "" ? key : `${path}.${key}`, own));
}

/** The first field of `set` the agent has not enabled, if any. */
export function refusedOverride(set: readonly string[], enabled: ReadonlySet<string>): string | undefined {
  return set.find((field) => !enabled.has(field));
}

/** The field as the service's refusal names it: its own key, not its path ('first_message', 'voice_id', 'prompt'). */
export function fieldName(field: string): string {
  return field.split(".").at(-1) ?? field;
}
