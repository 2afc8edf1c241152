/**
 * A double of ElevenLabs' Conversational AI service for the tests: one call, played as the
 * service plays it, built from what ElevenLabs documents and what its own clients expect, not
 * from the local agent. Sources (paraphrased, no code copied):
 * - the AsyncAPI contract in @elevenlabs/types (frame names and fields; the default client
 *   events: audio, interruption, agent_response, user_transcript, metadata, ping);
 * - the client events reference (metadata first, then ping, then the agent's audio; vad_score
 *   as the probability that the user speaks; agent_response_correction after an interruption;
 *   tentative_user_transcript, the words heard so far, while the user speaks);
 * - the agent settings, read from the pushed agent (agent.ts) or, unset, the service's defaults:
 *   turn_timeout (the agent speaks up after that much silence), silence_end_call_timeout (the
 *   call ends after that much silence since the user last spoke), max_duration_seconds and
 *   max_conversation_duration_message (the line the agent sends at the limit);
 * - the AsyncAPI contract's close codes (agent.asyncapi.yaml, WebSocketCloseCode and
 *   ErrorType): 1000 for a call the agent ended or that reached its maximum duration (the
 *   max_duration_exceeded error carries code 1000), 1008 for auth and validation errors;
 * - @elevenlabs/client 1.25 (handshake: metadata must be the first frame and the client
 *   handles nothing else until it has parsed it; end_call and max_duration_exceeded end the
 *   session; close codes and reasons);
 * - ElevenLabs' widget and its test double of the service (convai-widget-core, mocks): a
 *   typed turn is never echoed; in text-only conversations a reply streams as
 *   agent_chat_response_part start, deltas, stop with the whole agent_response, one event_id;
 *   the fixed first message goes out whole.
 *
 * Where those say nothing of what the service does (how it hangs up after a silence, whether
 * the caller's model gets a turn at the time limit, whether the last line comes with its text),
 * the script chooses (DoubleScript's `timeLimitTurn`, `silenceEnd`, `silenceHangUp`,
 * `finalAgentResponse`), so a test can hold a client to either way.
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
import { originAllowed, sendsEvent, serviceDefaults, type DoubleAgent } from "./agent";

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
  /**
   * What the caller's model does when the silence timeout ends the call, before the service hangs
   * up: the settings say only that the call is terminated, so by default nothing.
   */
  silenceEnd?: DoubleAction[];
  /**
   * How the service hangs up at the silence timeout, which its docs do not say: `close` (the
   * socket closes 1000, "the agent ended the call" in the AsyncAPI's close codes, with no reason)
   * or `end_call` (the system tool's agent_tool_response, as when the model hangs up itself).
   */
  silenceHangUp?: "close" | "end_call";
  /**
   * What the caller's model does when the time limit is reached, before the service hangs up. The
   * docs describe no such turn (only the agent's max_conversation_duration_message, said when
   * pushed), so by default none: a test gives one (the debrief tool, say) to cover the other way.
   */
  timeLimitTurn?: DoubleAction[];
  /**
   * Whether a line the agent says as the service ends the call (at the time limit or the silence
   * timeout) comes with its agent_response before the close, which the docs do not say: when
   * false only its audio goes out, so a text-only call sees nothing of it.
   */
  finalAgentResponse?: boolean;
  /** turn_timeout, in ms: a test's own; else the pushed agent's; else the service's default. */
  turnTimeoutMs?: number;
  /** silence_end_call_timeout, in ms (Infinity: never): a test's own; else the pushed agent's; else the service's default (never). */
  silenceEndCallMs?: number;
  /** The call's time limit, in ms: a call's allowed override; else a test's own; else the pushed agent's; else the service's default. */
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
   * The agent as pushed (agent.ts, `doubleAgent`): its allow-list, the overrides it allows, its
   * time limit and timeouts. Without it: any origin, every override, the service's defaults.
   */
  agent?: DoubleAgent;
};

/** What a socket's handshake told the service: its Origin header (undefined: none sent). */
export type DoubleHandshake = { origin?: string };

export const doubleDefaults = {
  firstFramesDelayMs: 300,
  msPerChar: 60,
  deltaIntervalMs: 30,
  silencePrompts: ["Hello? Are you still there?"],
  silenceEnd: [],
  silenceHangUp: "close",
  timeLimitTurn: [],
  finalAgentResponse: true,
} satisfies Partial<DoubleScript>;

/** The service's wording of its time-limit error (what the SDK reports to the page). */
export const timeLimitError = "Maximum call duration exceeded.";

/**
 * A socket whose Origin the agent's allow-list does not name. The guide says only that such a
 * connection is rejected; the AsyncAPI contract closes auth and validation errors with 1008, and
 * the service refuses a request it will not serve after the upgrade, with a close and a reason
 * (elevenlabs/packages#626: the handshake succeeds, then a close), so the SDK reports the reason.
 * The service's wording is not published: this reason is the double's.
 */
export const originRefused = { code: 1008, reason: "This origin is not on the agent's allowlist." } as const;

/** After its max_duration_exceeded error the service closes the socket, unless the client (the SDK ends the session on it) did first. */
const timeLimitCloseAfterMs = 3_000;
/** After end_call the client closes; the service closes a socket left open. */
const endCallCloseAfterMs = 3_000;

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

  private readonly script: Required<Omit<DoubleScript, "heard" | "refuse" | "agent" | "turnTimeoutMs" | "silenceEndCallMs" | "maxDurationMs">> &
    Pick<DoubleScript, "refuse" | "agent" | "maxDurationMs"> & { heard: readonly string[] };
  /** The silence timeouts, from the test, the pushed agent or the service's defaults. */
  private readonly turnTimeoutMs: number;
  private readonly silenceEndCallMs: number;
  /** Set once the service has begun to end the call: no more turns, only the ending's own actions. */
  private ending = false;
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
    handshake: DoubleHandshake = {},
  ) {
    this.script = { ...doubleDefaults, heard: [], ...script } as typeof this.script;
    this.conversationId = `conv_double_${index}`;
    const agent = script.agent;
    this.turnTimeoutMs = script.turnTimeoutMs ?? (agent?.turnTimeoutSeconds ?? serviceDefaults.turnTimeoutSeconds) * 1000;
    const silenceSeconds = agent?.silenceEndCallTimeoutSeconds ?? serviceDefaults.silenceEndCallTimeoutSeconds;
    this.silenceEndCallMs = script.silenceEndCallMs ?? (silenceSeconds < 0 ? Number.POSITIVE_INFINITY : silenceSeconds * 1000);
    // The allow-list is checked as the socket opens, before any frame (agent.ts, originRefused).
    if (!originAllowed(agent, handshake.origin)) this.close(originRefused.code, originRefused.reason);
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
    // The service sends only the events the agent's client_events name.
    if (this.closed || !sendsEvent(this.script.agent, frame.type)) return;
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
    // A field sent with the agent's own value overrides nothing: ElevenLabs' widget sends the agent's language on every call.
    const agent = this.script.agent;
    const refused = overridePaths(override).find((path) => agent?.allowsOverride(path) === false && valueAt(override, path) !== agent.ownValue?.(path));
    // The service names the field by its own key ('first_message', 'text_only'), not its path.
    if (refused !== undefined) return this.close(1008, `Override for field '${refused.split(".").at(-1)}' is not allowed by config.`);
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
    this.timer(this.maxDurationMs(override), () => this.timeLimitReached());
  }

  /** A call's own max_duration_seconds (refused above unless the agent allows it); else the test's; else the pushed agent's; else the service's default. */
  private maxDurationMs(override: Init["conversation_config_override"]): number {
    // The service's ConversationConfigOverride has it; the client SDK's types do not (it never sends it).
    const overridden = (override?.conversation as { max_duration_seconds?: unknown } | undefined)?.max_duration_seconds;
    if (typeof overridden === "number") return overridden * 1000;
    return this.script.maxDurationMs ?? (this.script.agent?.maxDurationSeconds ?? serviceDefaults.maxDurationSeconds) * 1000;
  }

  /**
   * The time limit: whatever the agent was saying stops; the caller's model takes a turn only if
   * the test gives it one (timeLimitTurn); the agent says its max_conversation_duration_message
   * when one was pushed; then the service's max_duration_exceeded error, code 1000 as the
   * AsyncAPI contract gives it, on which the SDK ends the session, and a close 1000.
   */
  private timeLimitReached(): void {
    this.beginEnding();
    this.queue(this.script.timeLimitTurn, false);
    const line = this.script.agent?.maxDurationMessage ?? "";
    this.queue(line === "" ? [] : [{ say: line }], true, () => {
      this.send({ type: "error", error_event: { code: 1000, error_type: "max_duration_exceeded", message: timeLimitError, reason: timeLimitError } });
      this.timer(timeLimitCloseAfterMs, () => this.close(1000, timeLimitError));
    });
  }

  /** The service ends the call: the line being said stops, no clock runs and no visitor turn is answered any more. */
  private beginEnding(): void {
    this.ending = true;
    this.stopSpeaking();
    this.clearTimer("turnTimer");
    this.clearTimer("silenceTimer");
  }

  private visitorTurn(turn: DoubleVisitorTurn): void {
    if (this.ending) return;
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
    // Not while the visitor is speaking (a line they cut), nor once the service is ending the call.
    if (this.textOnly || this.inSpeech || this.ending) return;
    this.turnTimer = this.timer(this.turnTimeoutMs, () => {
      this.turnTimer = null;
      const prompts = this.script.silencePrompts;
      const line = prompts[Math.min(this.silencePromptsSaid++, prompts.length - 1)];
      if (line !== undefined) this.queue([{ say: line }], false);
    });
  }

  /** silence_end_call_timeout since the visitor was last there: the model's turn if the test gives it one, then the service hangs up (silenceHangUp). */
  private restartSilenceTimer(): void {
    this.clearTimer("silenceTimer");
    if (this.ending || !Number.isFinite(this.silenceEndCallMs)) return;
    this.silenceTimer = this.timer(this.silenceEndCallMs, () => {
      this.beginEnding();
      this.queue(this.script.silenceEnd, false, () => {
        if (this.script.silenceHangUp === "close") return this.close(1000);
        this.sendEndCall();
        this.timer(endCallCloseAfterMs, () => this.close(1000));
      });
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
    // A turn queued before the service began to end the call is dropped; the ending's own actions run.
    const forEnding = this.ending;
    this.actions = this.actions.then(async () => {
      for (const action of actions) {
        if (this.closed || (this.ending && !forEnding)) return;
        if ("say" in action) await this.say(action.say, opening);
        else if ("clientTool" in action) {
          const id = this.nextEventId - 1;
          this.send({ type: "client_tool_call", client_tool_call: { tool_name: action.clientTool, tool_call_id: `tool_${id}_${action.clientTool}`, parameters: action.parameters, event_id: id } });
        } else this.sendEndCall();
      }
      if (this.closed || (this.ending && !forEnding)) return;
      if (then) then();
      else if (!this.speaking) this.waitForVisitor();
    });
  }

  private sendEndCall(): void {
    const id = this.nextEventId - 1;
    this.send({ type: "agent_tool_response", agent_tool_response: { tool_name: "end_call", tool_call_id: `end_call_${id}`, tool_type: "system", is_error: false, is_called: true, event_id: id } });
  }

  private async say(text: string, opening: boolean): Promise<void> {
    const id = this.nextEventId++;
    // A line said as the service ends the call may come without its text (finalAgentResponse).
    const withText = !this.ending || this.script.finalAgentResponse;
    if (this.textOnly) {
      if (!withText) return;
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
    if (withText) this.send({ type: "agent_response", agent_response_event: { agent_response: text, event_id: id } });
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
        if (this.speaking && !this.ending) this.interrupt();
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

const valueAt = (root: unknown, path: string): unknown => path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);

/** The dotted paths of the fields an override sets (the SDK sends empty objects for the groups it leaves alone). */
function overridePaths(value: unknown, path: readonly string[] = []): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== "object" || Array.isArray(value)) return [path.join(".")];
  return Object.entries(value).flatMap(([key, item]) => overridePaths(item, [...path, key]));
}
