import type {
  AgentChatResponsePart,
  AgentResponse,
  AgentResponseCorrection,
  AgentToolResponseMessage,
  Audio,
  ClientToolCallMessage,
  ConversationMetadata,
  ErrorEventCode,
  ErrorEventErrorType,
  ErrorMessage,
  Interruption,
  Outgoing,
  Ping,
  TentativeUserTranscript,
  UserTranscript,
  VadScore,
} from "@elevenlabs/types";
import { z } from "zod";
import type { ChunkAlignment } from "../speech/chunk-alignment";
import { decodePcmBase64, SAMPLE_RATE } from "../speech/audio";
import { closes } from "@mockingbird/contract/close-reasons";
import { overriddenFields } from "./overrides";

/**
 * The websocket frames of docs/protocol.md §3: parsing what the client sends (total: every
 * input maps to a value, nothing throws) and building what the server sends.
 *
 * Both directions are checked against the SDK's own generated types (@elevenlabs/types, the
 * AsyncAPI contract @elevenlabs/client is built on): every frame built here has the SDK's
 * type for it, and every frame the SDK may send is one the parser reads (the `sdkFramesRead`
 * check below). A drift in the contract is a compile error.
 */

// ---------------------------------------------------------------- client -> server

export type InitData = {
  /** The fields conversation_config_override sets, as dotted paths (overrides.ts): the agent must have enabled each. */
  readonly overrides: readonly string[];
  readonly firstMessage: string | undefined;
  readonly language: string | undefined;
  readonly variables: Readonly<Record<string, string>>;
  readonly textOnly: boolean;
};

export type EventRef = number | string | null;

export type BadFrameKind =
  | "binary-frame"
  | "invalid-json"
  | "not-an-object"
  | "unknown-type"
  | "bad-base64-audio"
  | "odd-length-audio"
  | "bad-fields";

export type ClientFrame =
  | { readonly kind: "init"; readonly init: InitData }
  /** The init frame was recognisable but unusable: the call is refused with `reason`. */
  | { readonly kind: "init-invalid"; readonly reason: string }
  | { readonly kind: "audio"; readonly pcm: Int16Array }
  | { readonly kind: "pong"; readonly eventId: EventRef }
  | { readonly kind: "user-message"; readonly text: string }
  | { readonly kind: "contextual-update"; readonly chars: number }
  | { readonly kind: "user-activity" }
  | { readonly kind: "feedback"; readonly score: "like" | "dislike" | null; readonly eventId: EventRef }
  | { readonly kind: "tool-result"; readonly toolCallId: string; readonly isError: boolean; readonly result: string }
  /** Known client messages this agent has no use for (MCP approvals, orchestrator setup). */
  | { readonly kind: "ignored"; readonly type: string }
  | { readonly kind: "bad"; readonly problem: BadFrameKind; readonly detail: string };

export type ParseLimits = { readonly maxTypedChars: number };

const eventRef = z.union([z.number(), z.string().max(64), z.null()]).optional();

const variableName = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
const initSchema = z.object({
  conversation_config_override: z
    .object({
      agent: z
        .object({
          first_message: z.string().max(1_000, { message: "must be at most 1000 characters" }).nullish(),
          language: z
            .string()
            .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/, { message: "must be a language code such as en" })
            .nullish(),
        })
        .nullish(),
      conversation: z.object({ text_only: z.boolean().nullish() }).nullish(),
    })
    .nullish(),
  dynamic_variables: z
    .record(
      z.string().regex(variableName, { message: "must be a name of letters, digits and _ (at most 64)" }),
      z.union([z.string().max(500, { message: "must be at most 500 characters" }), z.number(), z.boolean()], {
        message: "must be a string, number or boolean",
      }),
    )
    .refine((record) => Object.keys(record).length <= 50, { message: "must have at most 50 entries" })
    .nullish(),
});

const pongSchema = z.object({ event_id: eventRef });
const userMessageSchema = z.object({ text: z.string().optional() });
const contextualUpdateSchema = z.object({ text: z.string() });
const feedbackSchema = z.object({ score: z.enum(["like", "dislike"]).nullable().optional(), event_id: eventRef });
const toolResultSchema = z.object({
  tool_call_id: z.string().min(1).max(200),
  result: z.unknown().optional(),
  is_error: z.boolean().optional(),
});
const multimodalSchema = z.object({ text: z.object({ text: z.string().optional() }).optional() });

/** True when every frame of the SDK's type `Sdk` fits the parser's schema. */
type Reads<Sdk, Schema extends z.ZodType> = [Sdk] extends [z.input<Schema>] ? true : false;

/** Compile-time: a frame the SDK may send that this parser would refuse breaks the build. */
export const sdkFramesRead: {
  init: Reads<Outgoing.ConversationInitiationClientToOrchestratorEvent, typeof initSchema>;
  audio: Outgoing.UserAudio extends { user_audio_chunk: string } ? true : false;
  pong: Reads<Outgoing.PongClientToOrchestratorEvent, typeof pongSchema>;
  userMessage: Reads<Outgoing.UserMessageClientToOrchestratorEvent, typeof userMessageSchema>;
  multimodal: Reads<Outgoing.MultimodalMessageClientToOrchestratorEvent, typeof multimodalSchema>;
  contextualUpdate: Reads<Outgoing.ContextualUpdateClientToOrchestratorEvent, typeof contextualUpdateSchema>;
  feedback: Reads<Outgoing.UserFeedbackClientToOrchestratorEvent, typeof feedbackSchema>;
  toolResult: Reads<Outgoing.ClientToolResultClientToOrchestratorEvent, typeof toolResultSchema>;
} = { init: true, audio: true, pong: true, userMessage: true, multimodal: true, contextualUpdate: true, feedback: true, toolResult: true };

const ignoredTypes = new Set(["mcp_tool_approval_result", "enclave_setup_config"]);

export function parseClientFrame(data: Buffer | string, isBinary: boolean, limits: ParseLimits): ClientFrame {
  if (isBinary) return bad("binary-frame", `${byteLength(data)} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(typeof data === "string" ? data : data.toString("utf8"));
  } catch {
    return bad("invalid-json", `${byteLength(data)} bytes`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return bad("not-an-object", describe(value));
  const frame = value as Record<string, unknown>;
  const type = frame.type;

  // Audio is the one frame without a type (docs/protocol.md §2.4).
  if (type === undefined && "user_audio_chunk" in frame) return parseAudio(frame.user_audio_chunk);
  if (typeof type !== "string") return bad("unknown-type", "no type");

  switch (type) {
    case "conversation_initiation_client_data":
      return parseInit(frame);
    case "pong": {
      const parsed = pongSchema.safeParse(frame);
      return parsed.success ? { kind: "pong", eventId: parsed.data.event_id ?? null } : badFields(type, parsed.error);
    }
    case "user_message": {
      const parsed = userMessageSchema.safeParse(frame);
      return parsed.success ? typedTurn(parsed.data.text ?? "", limits) : badFields(type, parsed.error);
    }
    case "multimodal_message": {
      const parsed = multimodalSchema.safeParse(frame);
      if (!parsed.success) return badFields(type, parsed.error);
      return parsed.data.text ? typedTurn(parsed.data.text.text ?? "", limits) : { kind: "ignored", type };
    }
    case "contextual_update": {
      const parsed = contextualUpdateSchema.safeParse(frame);
      return parsed.success ? { kind: "contextual-update", chars: parsed.data.text.length } : badFields(type, parsed.error);
    }
    case "user_activity":
      return { kind: "user-activity" };
    case "feedback": {
      const parsed = feedbackSchema.safeParse(frame);
      return parsed.success ? { kind: "feedback", score: parsed.data.score ?? null, eventId: parsed.data.event_id ?? null } : badFields(type, parsed.error);
    }
    case "client_tool_result": {
      const parsed = toolResultSchema.safeParse(frame);
      if (!parsed.success) return badFields(type, parsed.error);
      const { tool_call_id, result, is_error } = parsed.data;
      return { kind: "tool-result", toolCallId: tool_call_id, isError: is_error === true, result: resultText(result) };
    }
    default:
      return ignoredTypes.has(type) ? { kind: "ignored", type } : bad("unknown-type", type.slice(0, 64));
  }
}

function parseInit(frame: Record<string, unknown>): ClientFrame {
  const parsed = initSchema.safeParse(frame);
  if (!parsed.success) return { kind: "init-invalid", reason: closes.invalidInit(firstIssue(parsed.error)).reason };
  const { conversation_config_override: override, dynamic_variables } = parsed.data;
  // fromEntries defines each name as the call's own key, "__proto__" included.
  const variables = Object.fromEntries(Object.entries(dynamic_variables ?? {}).map(([name, value]) => [name, String(value)]));
  return {
    kind: "init",
    init: {
      overrides: overriddenFields(frame.conversation_config_override),
      firstMessage: override?.agent?.first_message ?? undefined,
      language: override?.agent?.language ?? undefined,
      variables,
      textOnly: override?.conversation?.text_only === true,
    },
  };
}

function parseAudio(chunk: unknown): ClientFrame {
  if (typeof chunk !== "string") return bad("bad-base64-audio", `user_audio_chunk is ${describe(chunk)}`);
  // An empty chunk carries no audio and breaks nothing.
  if (chunk === "") return { kind: "audio", pcm: new Int16Array(0) };
  const decoded = decodePcmBase64(chunk);
  if (decoded.ok) return { kind: "audio", pcm: decoded.pcm };
  return decoded.reason === "odd-length" ? bad("odd-length-audio", decoded.detail) : bad("bad-base64-audio", `${chunk.length} characters: ${decoded.detail}`);
}

function typedTurn(text: string, limits: ParseLimits): ClientFrame {
  const trimmed = text.trim();
  if (trimmed === "") return bad("bad-fields", "user_message: empty text");
  if (trimmed.length > limits.maxTypedChars) return bad("bad-fields", `user_message: longer than ${limits.maxTypedChars} characters`);
  return { kind: "user-message", text: trimmed };
}

/** The SDK always sends a string; anything else is stringified as the SDK would. */
function resultText(result: unknown): string {
  if (typeof result === "string") return result;
  if (result === undefined) return "";
  try {
    return JSON.stringify(result) ?? "";
  } catch {
    return "";
  }
}

function bad(problem: BadFrameKind, detail: string): ClientFrame {
  return { kind: "bad", problem, detail };
}

function badFields(type: string, error: z.ZodError): ClientFrame {
  return bad("bad-fields", `${type}: ${firstIssue(error)}`);
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid";
  const path = issue.path.map(String).join(".");
  return path === "" ? issue.message : `${path.slice(0, 80)} ${issue.message}`;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

function byteLength(data: Buffer | string): number {
  return typeof data === "string" ? Buffer.byteLength(data) : data.length;
}

// ---------------------------------------------------------------- server -> client

export const audioFormat = `pcm_${SAMPLE_RATE}` as const;

export const endCallToolName = "end_call";

export function metadataFrame(conversationId: string): ConversationMetadata {
  return {
    type: "conversation_initiation_metadata",
    conversation_initiation_metadata_event: {
      conversation_id: conversationId,
      agent_output_audio_format: audioFormat,
      user_input_audio_format: audioFormat,
    },
  };
}

export function pingFrame(eventId: number, pingMs: number | null): Ping {
  return { type: "ping", ping_event: { event_id: eventId, ping_ms: pingMs } };
}

export function agentResponseFrame(text: string, eventId: number): AgentResponse {
  return { type: "agent_response", agent_response_event: { agent_response: text, event_id: eventId } };
}

/** One chunk of an agent turn's audio, with the characters that start in it (alignment.ts). */
export function audioFrame(base64: string, eventId: number, alignment: ChunkAlignment): Audio {
  return { type: "audio", audio_event: { audio_base_64: base64, event_id: eventId, alignment } };
}

/** One piece of a reply streamed to a text-only conversation (text-stream.ts). */
export function chatResponsePartFrame(type: "start" | "delta" | "stop", text: string, eventId: number): AgentChatResponsePart {
  return { type: "agent_chat_response_part", text_response_part: { text, type, event_id: eventId } };
}

export function vadScoreFrame(score: number): VadScore {
  return { type: "vad_score", vad_score_event: { vad_score: score } };
}

export function userTranscriptFrame(text: string, eventId: number): UserTranscript {
  return { type: "user_transcript", user_transcription_event: { user_transcript: text, event_id: eventId } };
}

/** The words heard so far in a turn the visitor is still speaking, under the id its user_transcript will have. */
export function tentativeUserTranscriptFrame(text: string, eventId: number): TentativeUserTranscript {
  return { type: "tentative_user_transcript", tentative_user_transcription_event: { user_transcript: text, event_id: eventId } };
}

export function interruptionFrame(eventId: number): Interruption {
  return { type: "interruption", interruption_event: { event_id: eventId } };
}

export function agentResponseCorrectionFrame(original: string, corrected: string, eventId: number): AgentResponseCorrection {
  return {
    type: "agent_response_correction",
    agent_response_correction_event: { original_agent_response: original, corrected_agent_response: corrected, event_id: eventId },
  };
}

export function clientToolCallFrame(toolName: string, toolCallId: string, parameters: Record<string, unknown>, eventId: number): ClientToolCallMessage {
  return { type: "client_tool_call", client_tool_call: { tool_name: toolName, tool_call_id: toolCallId, parameters, event_id: eventId } };
}

export function endCallFrame(toolCallId: string, eventId: number): AgentToolResponseMessage {
  return {
    type: "agent_tool_response",
    agent_tool_response: { tool_name: endCallToolName, tool_call_id: toolCallId, tool_type: "system", is_error: false, is_called: true, event_id: eventId },
  };
}

export function errorFrame(error: { code: ErrorEventCode; errorType: ErrorEventErrorType; message: string }): ErrorMessage {
  return { type: "error", error_event: { code: error.code, error_type: error.errorType, message: error.message } };
}

/** Every frame the server sends, each as the SDK's generated type for it. */
export type ServerFrame =
  | ConversationMetadata
  | Ping
  | AgentResponse
  | AgentChatResponsePart
  | Audio
  | VadScore
  | UserTranscript
  | TentativeUserTranscript
  | Interruption
  | AgentResponseCorrection
  | ClientToolCallMessage
  | AgentToolResponseMessage
  | ErrorMessage;
