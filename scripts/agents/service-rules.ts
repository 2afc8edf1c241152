import { CALL_VARIABLES, placeholdersIn } from "@mockingbird/contract/call-variables";

/**
 * What ElevenLabs' service refuses although the SDK's shapes take it (api-shapes.ts checks the
 * shapes): a number outside the range the service accepts, an id the folder's registries do not
 * record, a {{variable}} no call fills. Each would pass `check` and fail only at push time, or
 * worse, at the first visitor's call; here each is a sentence naming the file and the field.
 */

type Bound = { path: string; min: number; max?: number; integer?: boolean; alsoAllowed?: number; source: string };

/**
 * The ranges, each with where it is documented. The SDK's schemas carry no bounds, and the
 * references reachable offline state only some: the turn timeout and the speed (ElevenLabs' docs),
 * the voice settings (their 0 to 1 scale). The temperature's 0 to 1 and the duration's lower bound
 * are the agent settings' own scale and plain sense; no upper bound is claimed for the duration.
 */
export const agentBounds: readonly Bound[] = [
  { path: "conversation_config.agent.prompt.temperature", min: 0, max: 1, source: "the agent's LLM temperature, 0 to 1" },
  { path: "conversation_config.conversation.max_duration_seconds", min: 1, integer: true, source: "a whole number of seconds, at least 1" },
  { path: "conversation_config.turn.turn_timeout", min: 1, max: 30, source: "ElevenLabs' docs, Conversation flow: turn timeouts must be between 1 and 30 seconds" },
  { path: "conversation_config.turn.silence_end_call_timeout", min: 1, alsoAllowed: -1, source: "-1 (never) or a number of seconds" },
  { path: "conversation_config.tts.stability", min: 0, max: 1, source: "ElevenLabs' voice settings, 0 to 1" },
  { path: "conversation_config.tts.similarity_boost", min: 0, max: 1, source: "ElevenLabs' voice settings, 0 to 1" },
  { path: "conversation_config.tts.speed", min: 0.7, max: 1.2, source: "ElevenLabs' docs, Speed control: values outside 0.7 to 1.2 are not supported" },
];

/** The ids the registries record (tools.json, tests.json): the only ones a config may name. */
export type KnownIds = { tools: ReadonlySet<string>; tests: ReadonlySet<string> };

const at = (value: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((node, key) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined), value);

function outOfRange(file: string, config: unknown): string[] {
  return agentBounds.flatMap(({ path, min, max, integer, alsoAllowed, source }) => {
    const value = at(config, path);
    if (typeof value !== "number" || value === alsoAllowed) return [];
    const inRange = value >= min && (max === undefined || value <= max) && (!integer || Number.isInteger(value));
    return inRange ? [] : [`${file}: ${path}: ${value} is outside what the service accepts (${source})`];
  });
}

/** Variables the service fills itself (system__*) and those every call sends (contract/call-variables.ts). */
const filled = (name: string) => name.startsWith("system__") || Object.hasOwn(CALL_VARIABLES, name);

function unfilledVariables(file: string, config: unknown): string[] {
  const texts = ["conversation_config.agent.first_message", "conversation_config.agent.max_conversation_duration_message", "conversation_config.agent.prompt.prompt"];
  return texts.flatMap((path) => {
    const text = at(config, path);
    if (typeof text !== "string") return [];
    return [...new Set(placeholdersIn(text).filter((name) => !filled(name)))].map(
      (name) => `${file}: ${path}: {{${name}}} is not a variable the call sends (contract/call-variables.ts: ${Object.keys(CALL_VARIABLES).join(", ")}), so the service would refuse the call`,
    );
  });
}

function unknownIds(file: string, config: unknown, known: KnownIds): string[] {
  const named = (path: string, ids: unknown, set: ReadonlySet<string>, registry: string) =>
    (Array.isArray(ids) ? ids : []).filter((id): id is string => typeof id === "string" && !set.has(id)).map((id) => `${file}: ${path}: ${id} is not an id ${registry} records, so the service has no such thing: run npm run agents -- generate`);
  const attached = at(config, "platform_settings.testing.attached_tests");
  const referenced = at(config, "tool_call_parameters.referenced_tool.id");
  return [
    ...named("conversation_config.agent.prompt.tool_ids", at(config, "conversation_config.agent.prompt.tool_ids"), known.tools, "tools.json"),
    ...named("platform_settings.testing.attached_tests", Array.isArray(attached) ? attached.map((test: { test_id?: unknown }) => test.test_id) : [], known.tests, "tests.json"),
    ...named("tool_call_parameters.referenced_tool.id", referenced === undefined ? [] : [referenced], known.tools, "tools.json"),
  ];
}

/**
 * ElevenLabs' agent authentication guide: "Configure one authentication method per agent" and
 * "Do not configure signed URLs and allowlists together on the same agent".
 */
function authTogether(file: string, config: unknown): string[] {
  const allowlist = at(config, "platform_settings.auth.allowlist");
  const both = at(config, "platform_settings.auth.enable_auth") === true && Array.isArray(allowlist) && allowlist.length > 0;
  return both ? [`${file}: platform_settings.auth: signed URLs (enable_auth) and an allowlist together, which ElevenLabs' agent authentication guide says not to configure on one agent: the site's signed-URL service already allows only the deployment's origins`] : [];
}

/** Every refusal the service would answer a config file with (or its docs rule out); empty when it takes it. */
export function serviceRefusals(file: string, config: unknown, known: KnownIds): string[] {
  if (file.startsWith("agent_configs/")) return [...outOfRange(file, config), ...unfilledVariables(file, config), ...unknownIds(file, config, known), ...authTogether(file, config)];
  if (file.startsWith("test_configs/")) return unknownIds(file, config, known);
  return [];
}

/** The ids recorded in the folder's registries. */
export function knownIds(registries: { tools: { tools: { id?: string }[] }; tests: { tests: { id?: string }[] } }): KnownIds {
  const ids = (entries: { id?: string }[]) => new Set(entries.flatMap((entry) => (entry.id === undefined ? [] : [entry.id])));
  return { tools: ids(registries.tools.tools), tests: ids(registries.tests.tests) };
}
