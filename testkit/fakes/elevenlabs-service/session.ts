/**
 * A double of ElevenLabs' Conversational AI service for the tests: one call, played as the
 * service plays it, built from what ElevenLabs documents and what its own clients expect, not
 * from the local agent. Sources (paraphrased, no code copied):
 * - the AsyncAPI contract in @elevenlabs/types (frame names and fields; the default client
 *   events: audio, interruption, agent_response, user_transcript, metadata, ping);
 * - the client events reference (metadata first, then ping, then the agent's audio; vad_score
 *   as the probability that the user speaks; agent_response_correction after an interruption;
 *   tentative_user_transcript, the words heard so far, while the user speaks);
 * - the agent settings (turn_timeout: the agent speaks up after that much silence;
 *   silence_end_call_timeout: the call ends after that much silence since the user last spoke),
 *   with the values the production callers are pushed with (contract/turn-timing.ts);
 * - @elevenlabs/client 1.25 (handshake: metadata must be the first frame and the client
 *   handles nothing else until it has parsed it; end_call and max_duration_exceeded end the
 *   session; close codes and reasons);
 * - ElevenLabs' widget and its test double of the service (convai-widget-core, mocks): a
 *   typed turn is never echoed; in text-only conversations a reply streams as
 *   agent_chat_response_part start, deltas, stop with the whole agent_response, one event_id;
 *   the fixed first message goes out whole.
 *
 * The transport is the caller's (a `ws` server, or a browser test's routed socket): this module
 * only reads and writes JSON text frames, each typed as @elevenlabs/types names it.
 */

import type {
  AgentChatResponsePartClientEvent,
  AgentResponseClientEvent,
  AgentResponseCorrectionClientEvent,
  AgentToolResponseClientEvent,
  AudioClientEvent,
  ClientToolCallClientEvent,
  ConversationMetadata,
  ErrorClientEvent,
  Interruption,
  Outgoing,
  Ping,
  TentativeUserTranscriptionClientEvent,
  UserTranscriptionClientEvent,
  VadScoreClientEvent,
} from "@elevenlabs/types";
import { fillPlaceholders, placeholdersIn } from "@mockingbird/contract/call-variables";
import { closes } from "@mockingbird/contract/close-reasons";
import { SILENCE_END_CALL_TIMEOUT_SECONDS, TURN_TIMEOUT_SECONDS } from "@mockingbird/contract/turn-timing";

/** Every frame the double sends, as the SDK's generated types name them. */
export type ServiceFrame =
  | ConversationMetadata
  | Ping
  | AudioClientEvent
  | AgentResponseClientEvent
  | AgentChatResponsePartClientEvent
  | AgentResponseCorrectionClientEvent
  | Interruption
  | UserTranscriptionClientEvent
  | TentativeUserTranscriptionClientEvent
  | VadScoreClientEvent
  | ClientToolCallClientEvent
  | AgentToolResponseClientEvent
  | ErrorClientEvent;

/** Every frame a client may send (the SDK's Outgoing types); audio is the one without a type. */
export type ClientFrame =
  | Outgoing.ConversationInitiationClientToOrchestratorEvent
  | Outgoing.UserAudio
  | Outgoing.PongClientToOrchestratorEvent
  | Outgoing.UserMessageClientToOrchestratorEvent
  | Outgoing.UserActivityClientToOrchestratorEvent
  | Outgoing.UserFeedbackClientToOrchestratorEvent
  | Outgoing.ClientToolResultClientToOrchestratorEvent
  | Outgoing.ContextualUpdateClientToOrchestratorEvent
  | Outgoing.MultimodalMessageClientToOrchestratorEvent
  | Outgoing.McpToolApprovalResultClientToOrchestratorEvent;

type Typed<Frames, Type> = Extract<Frames, { type: Type }>;
type ClientType = Extract<ClientFrame, { type: string }>["type"];
type Init = Outgoing.ConversationInitiationClientToOrchestratorEvent;

export type DoubleTransport = {
  send(text: string): void;
  close(code: number, reason?: string): void;
};

/** A visitor turn as the double sees it: typed, or spoken (heard as the script says: it has no recogniser). */
export type DoubleVisitorTurn = { via: "text" | "speech"; text: string };

/** What the agent does next, in order. */
export type DoubleAction =
  | { say: string }
  | { clientTool: string; parameters: ClientToolCallClientEvent["client_tool_call"]["parameters"] }
  /** The system tool end_call, sent once the line before it has played (docs/protocol.md §4.1.7). */
  | { endCall: true };

export type DoubleScript = {
  /** The agent's first message; "" for none. */
  greeting: string;
  /** The agent's answer to the visitor's turn number `index` (0-based). */
  answer(turn: DoubleVisitorTurn, index: number): DoubleAction[];
  /** What each spoken turn is heard as, in order; past the end, "(inaudible)". Its words go out as tentative transcripts while the turn is spoken. */
  heard?: readonly string[];
  /** The agent's line after the turn timeout in silence (the service's LLM writes one); in order, the last one repeated. */
  silencePrompts?: readonly string[];
  /** What the agent does when the silence timeout ends the call, before the socket closes (its closing line, a debrief). */
  silenceEnd?: DoubleAction[];
  /** turn_timeout, in ms (contract/turn-timing.ts by default). */
  turnTimeoutMs?: number;
  /** silence_end_call_timeout, in ms (contract/turn-timing.ts by default; Infinity: never). */
  silenceEndCallMs?: number;
  /** The call's time limit; at it, the service's max_duration_exceeded error and a close. */
  maxDurationMs?: number;
  /** The service's first frames after the metadata come after it has synthesised them. */
  firstFramesDelayMs?: number;
  /** Audio of a spoken line: this many ms per character (the service's voices speak ~15 characters a second). */
  msPerChar?: number;
  /** Pause between the streamed pieces of a text-only reply. */
  deltaIntervalMs?: number;
  /**
   * The service refuses a call it cannot start (overrides it does not allow, a bad signature)
   * by closing before the metadata, with the reason the SDK reports (docs/protocol.md §2.3, #23, #433).
   */
  refuse?: { code: number; reason: string };
  /**
   * The agent as configured on the service (a pushed config, elevenlabs/): the service refuses
   * an override the agent has not enabled. Without it, every override is accepted.
   */
  agent?: { allowsOverride(path: string): boolean };
};

export const doubleDefaults = {
  firstFramesDelayMs: 300,
  msPerChar: 60,
  deltaIntervalMs: 30,
  maxDurationMs: 180_000,
  turnTimeoutMs: TURN_TIMEOUT_SECONDS * 1000,
  silenceEndCallMs: SILENCE_END_CALL_TIMEOUT_SECONDS * 1000,
  silencePrompts: ["Hello? Are you still there?"],
  silenceEnd: [{ say: "I'll let you go. Goodbye." }],
} satisfies Partial<DoubleScript>;

/** The service's wording of its time-limit error (what the SDK reports to the page). */
export const maxDurationMessage = "Maximum call duration exceeded.";

const sampleRate = 16_000;
const chunkMs = 250;
/** The double's voice activity: RMS of 16-bit samples above this is speech (a quiet line is ~0-100, a voice thousands). */
const speechRms = 500;
const speechStartMs = 200;
const speechEndMs = 600;
/** While a turn is spoken, one more of its words is heard about this often (the service's tentative transcripts grow a few times a second). */
const msPerTentativeWord = 300;

type Timer = ReturnType<typeof setTimeout>;

/** Every frame both ways, for assertions: what the client sent and what the double sent, in order. */
export type DoubleLogEntry = { dir: "in"; frame: ClientFrame; at: number } | { dir: "out"; frame: ServiceFrame; at: number };

export class ServiceDoubleSession {
  readonly log: DoubleLogEntry[] = [];
  readonly conversationId: string;
  textOnly = false;
  /** Set when the client sent its init frame. */
  init: Init | null = null;
  closed = false;

  private readonly script: Required<Omit<DoubleScript, "heard" | "refuse" | "agent">> & Pick<DoubleScript, "refuse" | "agent"> & { heard: readonly string[] };
  private silencePromptsSaid = 0;
  private turnTimer: Timer | null = null;
  private silenceTimer: Timer | null = null;
  /** Words of the turn being spoken already sent as tentative transcripts. */
  private tentativeWords = 0;
  private nextEventId = 1;
  private nextPingId = 1;
  private turnsAnswered = 0;
  private spokenTurns = 0;
  private readonly timers = new Set<Timer>();
  /** The agent's line being spoken: its id, text, when its audio started and how long it is. */
  private speaking: { id: number; text: string; startedAt: number; ms: number; chunksLeft: number } | null = null;
  private actions: Promise<void> = Promise.resolve();
  private voicedMs = 0;
  private silentMs = 0;
  private inSpeech = false;
  private lastVad: number | null = null;

  constructor(
    private readonly transport: DoubleTransport,
    script: DoubleScript,
    index: number,
  ) {
    this.script = { ...doubleDefaults, heard: [], ...script } as typeof this.script;
    this.conversationId = `conv_double_${index}`;
  }

  /** Every frame the client sends, as text. */
  receive(text: string): void {
    if (this.closed) return;
    let frame: ClientFrame;
    try {
      frame = JSON.parse(text) as ClientFrame;
    } catch {
      return;
    }
    if (typeof frame !== "object" || frame === null) return;
    this.log.push({ dir: "in", frame, at: Date.now() });
    if (!("type" in frame)) {
      if (this.init !== null && typeof frame.user_audio_chunk === "string") this.hear(frame.user_audio_chunk);
      return;
    }
    if (this.init === null) {
      if (frame.type === "conversation_initiation_client_data") this.start(frame);
      return;
    }
    if (frame.type === "user_message" && typeof frame.text === "string") return this.visitorTurn({ via: "text", text: frame.text });
    // The service counts user_activity as the user being there: the silence clocks start again.
    if (frame.type === "user_activity") this.visitorActive();
  }

  /** The client (or the test) closed the socket. */
  ended(): void {
    this.closed = true;
    this.turnTimer = null;
    this.silenceTimer = null;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Sends a frame as the service would (tests use it for frames no script produces). */
  send(frame: ServiceFrame): void {
    if (this.closed) return;
    this.log.push({ dir: "out", frame, at: Date.now() });
    this.transport.send(JSON.stringify(frame));
  }

  close(code: number, reason?: string): void {
    if (this.closed) return;
    this.ended();
    this.transport.close(code, reason);
  }

  sent<Type extends ServiceFrame["type"]>(type: Type): Typed<ServiceFrame, Type>[] {
    return this.log.flatMap((entry) => (entry.dir === "out" && entry.frame.type === type ? [entry.frame as Typed<ServiceFrame, Type>] : []));
  }

  received<Type extends ClientType>(type: Type): Typed<ClientFrame, Type>[] {
    return this.log.flatMap((entry) => (entry.dir === "in" && "type" in entry.frame && entry.frame.type === type ? [entry.frame as Typed<ClientFrame, Type>] : []));
  }

  /** The microphone's chunks the client sent, base64, in order (a user_audio_chunk frame has no type). */
  audioChunks(): string[] {
    return this.log.flatMap((entry) => (entry.dir === "in" && "user_audio_chunk" in entry.frame && typeof entry.frame.user_audio_chunk === "string" ? [entry.frame.user_audio_chunk] : []));
  }

  // ------------------------------------------------------------------ the call

  private start(init: Init): void {
    this.init = init;
    if (this.script.refuse) return this.close(this.script.refuse.code, this.script.refuse.reason);
    const override = init.conversation_config_override;
    const refused = overridePaths(override).find((path) => this.script.agent?.allowsOverride(path) === false);
    if (refused !== undefined) return this.close(1008, `Override for field '${refused}' is not allowed by config.`);
    // The service fills the first message's {{name}} from the call's dynamic variables, and refuses a call that leaves one unfilled.
    const variables: Record<string, unknown> = init.dynamic_variables ?? {};
    const missing = placeholdersIn(this.script.greeting).filter((name) => variables[name] === undefined);
    if (missing.length > 0) return this.close(1008, `Missing required dynamic variables in first message: {${missing.map((name) => `'${name}'`).join(", ")}}`);
    const greeting = fillPlaceholders(this.script.greeting, (name) => String(variables[name]));
    this.textOnly = override?.conversation?.text_only === true;
    this.send({
      type: "conversation_initiation_metadata",
      conversation_initiation_metadata_event: { conversation_id: this.conversationId, agent_output_audio_format: "pcm_16000", user_input_audio_format: "pcm_16000" },
    });
    this.timer(this.script.firstFramesDelayMs, () => {
      this.send({ type: "ping", ping_event: { event_id: this.nextPingId++, ping_ms: null } });
      if (greeting !== "") this.queue([{ say: greeting }], true);
    });
    // A voice call waits on a silent visitor (text-only calls have no silence to hear).
    if (!this.textOnly) {
      this.restartSilenceTimer();
      if (greeting === "") this.waitForVisitor();
    }
    this.timer(this.script.maxDurationMs, () => {
      this.stopSpeaking();
      this.send({ type: "error", error_event: { code: 1008, error_type: "max_duration_exceeded", message: maxDurationMessage } });
      this.timer(3_000, () => this.close(1000, "Maximum call duration exceeded."));
    });
  }

  private visitorTurn(turn: DoubleVisitorTurn): void {
    this.visitorActive();
    // The visitor spoke or typed over the agent: it stops, and the client is told what was heard (docs/protocol.md §4.2).
    if (this.speaking) this.interrupt();
    const index = this.turnsAnswered++;
    this.queue(this.script.answer(turn, index), false);
  }

  private interrupt(): void {
    const line = this.speaking;
    if (!line) return;
    this.stopSpeaking();
    const id = this.nextEventId++;
    this.send({ type: "interruption", interruption_event: { event_id: id } });
    const heardChars = Math.max(0, Math.floor((Date.now() - line.startedAt) / this.script.msPerChar));
    const heard = line.text.slice(0, heardChars).replace(/\s+\S*$/, "");
    this.send({ type: "agent_response_correction", agent_response_correction_event: { original_agent_response: line.text, corrected_agent_response: heard, event_id: line.id } });
  }

  private stopSpeaking(): void {
    if (!this.speaking) return;
    this.speaking.chunksLeft = 0;
    this.speaking = null;
  }

  // ------------------------------------------------------------------ silence

  /** The visitor spoke, typed or is active: neither clock runs out now (the turn one starts again when the agent's answer has played). */
  private visitorActive(): void {
    this.clearTimer("turnTimer");
    if (!this.textOnly) this.restartSilenceTimer();
  }

  /** The agent's line has played: turn_timeout of silence, and the agent speaks up. */
  private waitForVisitor(): void {
    this.clearTimer("turnTimer");
    // Not while the visitor is speaking (a line they cut), nor once the call's silence has ended it.
    if (this.textOnly || this.inSpeech || this.silenceTimer === null) return;
    this.turnTimer = this.timer(this.script.turnTimeoutMs, () => {
      this.turnTimer = null;
      const prompts = this.script.silencePrompts;
      const line = prompts[Math.min(this.silencePromptsSaid++, prompts.length - 1)];
      if (line !== undefined) this.queue([{ say: line }], false);
    });
  }

  /** silence_end_call_timeout since the visitor was last there: the agent's closing actions, then the call is put down. */
  private restartSilenceTimer(): void {
    this.clearTimer("silenceTimer");
    if (!Number.isFinite(this.script.silenceEndCallMs)) return;
    this.silenceTimer = this.timer(this.script.silenceEndCallMs, () => {
      this.silenceTimer = null;
      this.clearTimer("turnTimer");
      this.queue(this.script.silenceEnd, false, () => this.close(closes.silence.code, closes.silence.reason));
    });
  }

  private clearTimer(name: "turnTimer" | "silenceTimer"): void {
    const timer = this[name];
    if (timer) {
      clearTimeout(timer);
      this.timers.delete(timer);
    }
    this[name] = null;
  }

  // ------------------------------------------------------------------ the agent's turns

  /** Actions run one after another, each turn's after the previous one's; `then` after the last (else the wait for the visitor starts). */
  private queue(actions: DoubleAction[], opening: boolean, then?: () => void): void {
    this.actions = this.actions.then(async () => {
      for (const action of actions) {
        if (this.closed) return;
        if ("say" in action) await this.say(action.say, opening);
        else if ("clientTool" in action) {
          const id = this.nextEventId - 1;
          this.send({ type: "client_tool_call", client_tool_call: { tool_name: action.clientTool, tool_call_id: `tool_${id}_${action.clientTool}`, parameters: action.parameters, event_id: id } });
        } else {
          const id = this.nextEventId - 1;
          this.send({ type: "agent_tool_response", agent_tool_response: { tool_name: "end_call", tool_call_id: `end_call_${id}`, tool_type: "system", is_error: false, is_called: true, event_id: id } });
        }
      }
      if (this.closed) return;
      if (then) then();
      else if (!this.speaking) this.waitForVisitor();
    });
  }

  private async say(text: string, opening: boolean): Promise<void> {
    const id = this.nextEventId++;
    if (this.textOnly) {
      if (!opening) {
        this.send({ type: "agent_chat_response_part", text_response_part: { text: "", type: "start", event_id: id } });
        for (const delta of text.match(/\s*\S+/g) ?? []) {
          await this.pause(this.script.deltaIntervalMs);
          this.send({ type: "agent_chat_response_part", text_response_part: { text: delta, type: "delta", event_id: id } });
        }
        this.send({ type: "agent_chat_response_part", text_response_part: { text: "", type: "stop", event_id: id } });
      }
      this.send({ type: "agent_response", agent_response_event: { agent_response: text, event_id: id } });
      return;
    }
    this.send({ type: "agent_response", agent_response_event: { agent_response: text, event_id: id } });
    const ms = text.length * this.script.msPerChar;
    const chunks = Math.max(1, Math.ceil(ms / chunkMs));
    const line = { id, text, startedAt: Date.now(), ms, chunksLeft: chunks };
    this.speaking = line;
    // Real time, one chunk ahead: the client plays them back to back.
    for (let index = 0; index < chunks && line.chunksLeft > 0 && !this.closed; index++) {
      const fromMs = index * chunkMs;
      const toMs = Math.min(ms, fromMs + chunkMs);
      const chars = [...text].map((char, at) => ({ char, at: at * this.script.msPerChar })).filter(({ at }) => at >= fromMs && at < toMs);
      this.send({
        type: "audio",
        audio_event: {
          audio_base_64: quietTone(toMs - fromMs),
          event_id: id,
          alignment: { chars: chars.map(({ char }) => char), char_start_times_ms: chars.map(({ at }) => at - fromMs), char_durations_ms: chars.map(() => this.script.msPerChar) },
        },
      });
      line.chunksLeft -= 1;
      if (index > 0) await this.pause(chunkMs);
    }
    // The line plays out before the next action (an end_call cuts what is still queued).
    const left = line.startedAt + ms - Date.now();
    if (this.speaking === line) {
      await this.pause(Math.max(0, left) + 300);
      if (this.speaking === line) this.speaking = null;
    }
  }

  /** The double's voice activity detector and turn-taking on the visitor's audio. */
  private hear(base64: string): void {
    const pcm = Buffer.from(base64, "base64");
    if (pcm.length < 2) return;
    let sum = 0;
    const samples = Math.floor(pcm.length / 2);
    for (let i = 0; i < samples; i++) {
      const sample = pcm.readInt16LE(i * 2);
      sum += sample * sample;
    }
    const voiced = Math.sqrt(sum / samples) > speechRms;
    const ms = (samples / sampleRate) * 1000;
    const score = voiced ? 1 : 0;
    if (score !== this.lastVad) {
      this.lastVad = score;
      this.send({ type: "vad_score", vad_score_event: { vad_score: score } });
    }
    if (voiced) {
      this.voicedMs += ms;
      this.silentMs = 0;
      if (!this.inSpeech && this.voicedMs >= speechStartMs) {
        this.inSpeech = true;
        this.tentativeWords = 0;
        this.visitorActive();
        if (this.speaking) this.interrupt();
      }
      if (this.inSpeech) this.tentative();
      return;
    }
    this.silentMs += ms;
    if (this.silentMs < speechEndMs) return;
    if (this.inSpeech) {
      const text = this.script.heard[this.spokenTurns++] ?? "(inaudible)";
      this.send({ type: "user_transcript", user_transcription_event: { user_transcript: text, event_id: this.nextEventId } });
      this.nextEventId += 1;
      this.visitorTurn({ via: "speech", text });
    }
    this.inSpeech = false;
    this.voicedMs = 0;
  }

  /**
   * The words of the turn being spoken heard so far: one more per msPerTentativeWord of voice, each growth sent once.
   * Its event id is the one the turn will have (nextEventId), unless the agent speaks first: tentative transcripts and the final one share it.
   */
  private tentative(): void {
    const words = (this.script.heard[this.spokenTurns] ?? "").split(/\s+/).filter((word) => word !== "");
    const heard = Math.min(words.length, Math.floor(this.voicedMs / msPerTentativeWord));
    if (heard <= this.tentativeWords) return;
    this.tentativeWords = heard;
    this.send({ type: "tentative_user_transcript", tentative_user_transcription_event: { user_transcript: words.slice(0, heard).join(" "), event_id: this.nextEventId } });
  }

  private timer(ms: number, action: () => void): Timer {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) action();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => this.timer(ms, resolve));
  }
}

/** A quiet 440 Hz tone: audible in a recording, and far below what the double or an agent takes for speech. */
function quietTone(ms: number): string {
  const samples = Math.max(2, Math.round((ms / 1000) * sampleRate));
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(200 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), i * 2);
  return pcm.toString("base64");
}

/** The dotted paths of the fields an override sets (the SDK sends empty objects for the groups it leaves alone). */
function overridePaths(value: unknown, path: readonly string[] = []): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== "object" || Array.isArray(value)) return [path.join(".")];
  return Object.entries(value).flatMap(([key, item]) => overridePaths(item, [...path, key]));
}
