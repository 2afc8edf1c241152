import { AGENT_TYPED_MESSAGE_MAX_CHARS } from "@mockingbird/contract/limits";
import { defaultAbuseLimits, type AbuseLimits } from "./abuse";

/**
 * A call's timings and sizes: set by the protocol and what clients do, not measured by a bench
 * (tuned values live in caller/tuning.ts and speech/recognition/tuning.ts). Defaults suit
 * browsers; tests shorten the waits. A call's limits are settings (settings.ts).
 */
export type SessionTimings = {
  /**
   * How long a client may take to send conversation_initiation_client_data. The SDK sends it as
   * the socket opens; a socket that waits longer is not starting a call.
   */
  readonly handshakeTimeoutMs: number;
  /** After the server closes a socket, how long the client gets to answer the close before the socket is cut (ws would wait 30 s). */
  readonly closeAnswerMs: number;
  /** Sockets waiting for their conversation_initiation_client_data, in all and per client network (waiting-room.ts). */
  readonly waitingSockets: number;
  readonly waitingSocketsPerNetwork: number;
  /**
   * Nothing follows the metadata until the client has read it (it answers a websocket ping), and
   * at most this long (frame-gate.ts): clients written for the service (the official client in
   * Node) lose what arrives with the metadata. A round trip on a network that answers.
   */
  readonly firstFramesMaxHoldMs: number;
  /** Pings go out once the first frames may (firstFramesMaxHoldMs) and then at this interval (docs/protocol.md §4.1.6). */
  readonly pingIntervalMs: number;
  /** Agent audio is sent in chunks of this length (docs/protocol.md §4.1.5 recommends 20-250 ms). */
  readonly audioChunkMs: number;
  /**
   * How far ahead of the client's playback audio is sent. Enough to ride out network
   * jitter; small enough that an interruption leaves little already-sent audio behind.
   */
  readonly audioLeadMs: number;
  /**
   * After the closing line's audio has played (estimated, plus half a round trip), how long
   * the server still waits before end_call: the client's own buffering, so the SDK, which
   * stops playback on end_call, does not cut off the last words.
   */
  readonly endCallTailMs: number;
  /** After end_call or the time-limit error, how long the client gets to close before the server does. */
  readonly endGraceMs: number;
  /** Largest websocket frame accepted; larger ones close the connection with 1009. */
  readonly maxPayloadBytes: number;
  /** In a text-only call, the pause between the streamed pieces of a reply (one word each; a language model's pace). */
  readonly textDeltaIntervalMs: number;
  /** Longest typed message answered. */
  readonly maxTypedChars: number;
  /** Outgoing bytes queued for a client that stopped reading before the call is dropped. */
  readonly maxBufferedBytes: number;
  /** Visitor turns waiting for an answer at once; more are dropped. */
  readonly maxQueuedTurns: number;
  readonly abuse: AbuseLimits;
};

export const defaultTimings: SessionTimings = {
  handshakeTimeoutMs: 5_000,
  closeAnswerMs: 2_000,
  waitingSockets: 100,
  waitingSocketsPerNetwork: 4,
  firstFramesMaxHoldMs: 250,
  pingIntervalMs: 5_000,
  audioChunkMs: 100,
  audioLeadMs: 300,
  endCallTailMs: 500,
  endGraceMs: 3_000,
  maxPayloadBytes: 256 * 1024,
  textDeltaIntervalMs: 35,
  maxTypedChars: AGENT_TYPED_MESSAGE_MAX_CHARS,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxQueuedTurns: 3,
  abuse: defaultAbuseLimits,
};

export function resolveTimings(overrides: Partial<SessionTimings> | undefined): SessionTimings {
  return { ...defaultTimings, ...overrides, abuse: { ...defaultTimings.abuse, ...overrides?.abuse } };
}
