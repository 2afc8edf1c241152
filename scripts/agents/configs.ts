import type * as serialization from "@elevenlabs/elevenlabs-js/serialization";
import type { Playbook } from "@mockingbird/agent/caller/playbook-schema";
import { CALL_VARIABLES, fillPlaceholders } from "@mockingbird/contract/call-variables";
import { DEBRIEF_TOOL_NAME } from "@mockingbird/contract/debrief";
import { debriefToolParameters } from "@mockingbird/contract/debrief-tool";
import { productionTurnConfig } from "@mockingbird/contract/turn-timing";
import { callerPrompt } from "./prompt";

/**
 * The production callers as ElevenLabs' CLI keeps them (agent_configs/, tool_configs/,
 * test_configs/, in the API's own snake_case), written from the playbooks, the contract and the
 * site's legal promises. Pure: the settings come in as arguments (scripts/agents/sources.ts reads
 * them), so a test can generate with other values.
 */

/** What the configs take from outside the playbooks: each has one home, named in sources.ts. */
export type CallerSettings = {
  callLimitSeconds: number;
  /** The privacy policy's promises (content/legal/data-practices.ts). */
  retentionDays: number;
  savesAudio: boolean;
  /** Voice id per scenario; a scenario without one speaks with `defaultVoice`. */
  voices: { default: string; scenarios: Readonly<Record<string, string>> };
};

/** The contract's `as const` schema without readonly, so it can be checked against the SDK's (mutable) request type. */
type Mutable<T> = T extends readonly (infer Item)[] ? Mutable<Item>[] : T extends object ? { -readonly [Key in keyof T]: Mutable<T[Key]> } : T;
const mutableCopy = <T>(value: T): Mutable<T> => JSON.parse(JSON.stringify(value)) as Mutable<T>;

/** An agent config file (agent_configs/<scenario>.json): what the CLI and `npm run agents -- push` send. */
export type AgentConfigFile = {
  name: string;
  conversation_config: serialization.ConversationalConfig.Raw;
  platform_settings: serialization.AgentPlatformSettingsRequestModel.Raw;
  tags: string[];
};

/** A tool config file (tool_configs/<name>.json): the tool's config, as POST /v1/convai/tools takes it under tool_config. */
export type ToolConfigFile = serialization.ToolRequestModelToolConfig.Client;

/** A test config file (test_configs/<name>.json): the body of POST /v1/convai/agent-testing/create, a next-reply or a tool-call test. */
export type ReplyTestFile = serialization.conversationalAi.TestsCreateRequestBody.Llm;
export type ToolCallTestFile = serialization.conversationalAi.TestsCreateRequestBody.Tool;
export type TestConfigFile = ReplyTestFile | ToolCallTestFile;

/**
 * The server events a call sends the widget. ElevenLabs sends only the events an agent's
 * `client_events` list, and its defaults leave out some the site needs, so the list is written
 * out: the handshake (conversation_initiation_metadata) and keep-alive (ping) the SDK needs, the
 * voice and its interruptions, both sides' lines and the caller's corrections, the visitor's
 * words while they speak, a typed call's streamed reply, the debrief tool call, and end_call's
 * tool response, on which the SDK ends the session.
 */
export const widgetClientEvents = [
  "conversation_initiation_metadata",
  "ping",
  "audio",
  "interruption",
  "user_transcript",
  "tentative_user_transcript",
  "agent_response",
  "agent_response_correction",
  "agent_chat_response_part",
  "client_tool_call",
  "agent_tool_response",
] as const satisfies readonly serialization.ClientEvent.Raw[];

/** The variable the call fills in (the widget sends it, contract/call-variables.ts); every other placeholder is the scenario's constant. */
const callVariableNames = new Set(Object.keys(CALL_VARIABLES));

/** Fills a playbook's constant placeholders and leaves the call's own variables for ElevenLabs to fill. */
export function constantsFiller(playbook: Playbook): (text: string) => string {
  return (text) => fillPlaceholders(text, (name, placeholder) => (callVariableNames.has(name) ? `{{${name}}}` : (playbook.variables[name] ?? placeholder)));
}

export const agentTag = "mockingbird-demo";

/**
 * The language model, pinned so a change of ElevenLabs' default never changes the caller
 * unreviewed. Gemini 3.5 Flash: a generally available (not preview) model in the SDK's `Llm` enum,
 * fast enough for turn-by-turn speech, and following a long rule-bound prompt and a client tool's
 * JSON Schema; the 2.5 Flash family it replaces is being retired.
 */
export const callerLlm = "gemini-3.5-flash" satisfies serialization.Llm.Raw;

/**
 * The voice model, pinned for the same reason. The service takes only the English-only v2
 * models for an agent whose language is `en` ("English Agents must use turbo or flash v2");
 * Flash v2 is the lower-latency of the two, which a phone-call pace needs more than Turbo's
 * slightly richer delivery.
 */
export const callerTtsModel = "eleven_flash_v2" satisfies serialization.TtsConversationalModel.Raw;

/** The ids ElevenLabs gave what an agent refers to, as recorded in tools.json and tests.json; absent until pushed. */
export type PushedIds = { toolIds: readonly string[]; testIds: readonly string[] };

export function agentConfig(playbook: Playbook, settings: CallerSettings, ids: PushedIds): AgentConfigFile {
  const fill = constantsFiller(playbook);
  return {
    name: `Mockingbird demo: ${playbook.title}`,
    conversation_config: {
      agent: {
        first_message: fill(playbook.opening.line),
        language: "en",
        // What the service says when the call reaches max_duration_seconds: the caller's own way out, not a silent cut.
        max_conversation_duration_message: fill(playbook.reactions.outOfPatience[0]!),
        dynamic_variables: {
          // What ElevenLabs' dashboard and tests fill in; in a call, the widget sends the same values.
          dynamic_variable_placeholders: Object.fromEntries([...callVariableNames].map((name) => [name, playbook.variables[name] ?? ""])),
        },
        prompt: {
          prompt: callerPrompt(playbook, { callLimitSeconds: settings.callLimitSeconds, fill }),
          llm: callerLlm,
          // As ElevenLabs' CLI keeps it: the tool by the id tools.json records once `push` created it.
          tool_ids: [...ids.toolIds],
          built_in_tools: {
            end_call: {
              type: "system",
              name: "end_call",
              description: `End the call, after your last line and after the ${DEBRIEF_TOOL_NAME} tool.`,
              params: { system_tool_type: "end_call" },
            },
          },
        },
      },
      tts: { model_id: callerTtsModel, voice_id: settings.voices.scenarios[playbook.id] ?? settings.voices.default },
      // The same waits on a silent visitor as the local agent and the service double (contract/turn-timing.ts).
      turn: { ...productionTurnConfig },
      conversation: { max_duration_seconds: settings.callLimitSeconds, client_events: [...widgetClientEvents] },
    },
    platform_settings: {
      // Signed URLs only: the site's signed-URL service (lib/signed-url), which allows only the deployment's origins, is the
      // one way in. No allow-list beside it: ElevenLabs' agent authentication guide says not to configure both on one agent.
      auth: { enable_auth: true },
      // Exactly what the widget overrides (components/call-widget/call-engine.tsx): text_only for a typed call. Never the prompt.
      overrides: {
        conversation_config_override: {
          agent: { first_message: false, language: false, prompt: { prompt: false } },
          tts: { voice_id: false },
          conversation: { text_only: true },
        },
      },
      // The privacy policy's transcript promise (data-practices.ts): a retention of 0 days also deletes each transcript outright
      // (delete_transcript_and_pii). Zero Retention Mode would keep even less but is an Enterprise plan feature, so it is not relied on.
      privacy: {
        record_voice: settings.savesAudio,
        retention_days: settings.retentionDays,
        delete_transcript_and_pii: settings.retentionDays === 0,
        delete_audio: !settings.savesAudio,
        apply_to_existing_conversations: true,
      },
      // Where ElevenLabs' CLI (`elevenlabs agents test`) and dashboard find an agent's tests: by the ids tests.json records.
      testing: { attached_tests: ids.testIds.map((test_id) => ({ test_id })) },
    },
    tags: [agentTag, playbook.id],
  };
}

export function debriefToolConfig(): ToolConfigFile {
  return {
    type: "client",
    name: DEBRIEF_TOOL_NAME,
    description: "Shows the visitor the red-flag debrief of this call. Call it exactly once, after your last line and before end_call.",
    expects_response: true,
    response_timeout_secs: 5,
    // A mutable copy of the contract's schema, type-checked against the SDK's JSON Schema property type.
    parameters: mutableCopy(debriefToolParameters),
  };
}
