import { performance } from "node:perf_hooks";
import { WebSocket, type RawData } from "ws";
import type { CallerReply, CallerSession, DebriefReason, VisitorTurn } from "../caller/caller";
import { debriefToolName } from "../caller/debrief";
import type { Logger } from "../log";
import type { Recognizer, Speech, Utterance } from "../speech";
import { abuseReason, audioFloodReason, createAbuseBudget, floodReason, type AbuseBudget } from "./abuse";
import {
  agentResponseCorrectionFrame,
  agentResponseFrame,
  audioFrame,
  clientToolCallFrame,
  closeReason,
  endCallFrame,
  errorFrame,
  interruptionFrame,
  metadataFrame,
  parseClientFrame,
  pingFrame,
  userTranscriptFrame,
  type ClientFrame,
  type EventRef,
  type InitData,
  type ServerFrame,
} from "./messages";
import { chunkPcm, durationMs, pcmToBase64, samplesFor, spokenPart } from "./playback";
import type { SessionTuning } from "./tuning";

/** The one client tool this agent calls (show_red_flag_debrief); its parameters are the caller's Debrief. */
export { debriefToolName };

export const closeReasons = {
  handshakeTimeout: "No conversation_initiation_client_data received in time.",
  shutdown: "Server shutting down",
  callEnded: "Call ended.",
  timeLimit: "The call reached its time limit.",
  tooSlow: "The connection is too slow to keep up with the call.",
  internal: "The agent hit a problem and ended the call. Please start a new call.",
  unsupportedLanguage: (language: string) => closeReason(`This agent speaks English only; language '${language}' is not supported.`),
} as const;

export type CallSessionOptions = {
  readonly ws: WebSocket;
  readonly conversationId: string;
  readonly caller: CallerSession;
  readonly speech: Speech;
  readonly log: Logger;
  readonly maxCallMs: number;
  readonly tuning: SessionTuning;
  /** Called once, when the socket has closed, whoever closed it. */
  readonly onClosed: () => void;
};

type State =
  /** Upgrade accepted, waiting for conversation_initiation_client_data. */
  | "awaiting-init"
  /** Metadata sent; turns flow both ways. */
  | "live"
  /** The call is ending (closing line, end_call, time-limit error): no new visitor turns. */
  | "ending"
  | "closed";

type TurnOutcome = "finished" | "interrupted" | "stopped";

/** One agent turn: its text and audio share `id` (PROTOCOL §4.2). */
class AgentTurn {
  /** performance.now() at which the client starts playing it; null until audio goes out. */
  playStart: number | null = null;
  totalMs = 0;
  timer: NodeJS.Timeout | null = null;
  settled = false;
  readonly done: Promise<TurnOutcome>;
  private resolve: (outcome: TurnOutcome) => void = () => undefined;

  constructor(
    readonly id: number,
    readonly text: string,
  ) {
    this.done = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  settle(outcome: TurnOutcome): void {
    if (this.settled) return;
    this.settled = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.resolve(outcome);
  }
}

const now = (): number => performance.now();

/**
 * One call on one websocket: the handshake, turn-taking, paced agent audio,
 * interruptions, pings, the debrief, the end of the call and its limits.
 *
 * Every handler is total: a bad frame is logged and counted, never thrown, and every
 * path out (client close, server close, errors, limits, shutdown) goes through
 * `stopEverything`, which clears every timer and closes the recognizer.
 */
export class CallSession {
  readonly conversationId: string;
  private state: State = "awaiting-init";
  private readonly ws: WebSocket;
  private readonly caller: CallerSession;
  private readonly speech: Speech;
  private readonly log: Logger;
  private readonly tuning: SessionTuning;
  private readonly maxCallMs: number;
  private readonly onClosed: () => void;
  private readonly abuse: AbuseBudget;

  private nextEventId = 1;
  private nextPingId = 1;
  private readonly pingsInFlight = new Map<number, number>();
  private rttMs: number | null = null;
  private recognizer: Recognizer | null = null;
  private textOnly = false;
  private currentTurn: AgentTurn | null = null;
  /** When the client will have played all audio sent so far (estimate). */
  private playbackEndsAt = 0;
  /** The id an interruption gave the visitor's turn, reused by its transcript. */
  private interruptingTurnId: number | null = null;
  private visitorTurnsWaiting = 0;
  private replies: Promise<void> = Promise.resolve();
  private toolCallCount = 0;
  private readonly warnedAbout = new Set<string>();
  private closedNotified = false;
  /** Aborted when the call closes: its lines still waiting for the synthesizer are dropped. */
  private readonly lifetime = new AbortController();

  private handshakeTimer: NodeJS.Timeout | null;
  private pingTimer: NodeJS.Timeout | null = null;
  private limitTimer: NodeJS.Timeout | null = null;
  private graceTimer: NodeJS.Timeout | null = null;

  constructor(options: CallSessionOptions) {
    this.ws = options.ws;
    this.conversationId = options.conversationId;
    this.caller = options.caller;
    this.speech = options.speech;
    this.log = options.log;
    this.tuning = options.tuning;
    this.maxCallMs = options.maxCallMs;
    this.onClosed = options.onClosed;
    this.abuse = createAbuseBudget(options.tuning.abuse, now());

    this.ws.on("message", (data, isBinary) => this.onMessage(data, isBinary));
    this.ws.on("close", (code, reason) => this.onSocketClosed(code, reason));
    this.ws.on("error", (error) => this.log.warn({ err: error }, "websocket error"));
    this.handshakeTimer = setTimeout(() => {
      this.log.warn("no conversation_initiation_client_data in time");
      this.close(1008, closeReasons.handshakeTimeout);
    }, this.tuning.handshakeTimeoutMs);
  }

  get isLive(): boolean {
    return this.state === "live" || this.state === "ending";
  }

  /** Graceful shutdown: the client reports the reason (PROTOCOL §2.7). */
  shutdown(): void {
    this.close(1001, closeReasons.shutdown);
  }

  // ------------------------------------------------------------ incoming frames

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.state === "closed") return;
    try {
      this.handleFrame(asBuffer(data), isBinary);
    } catch (error) {
      this.log.error({ err: error }, "frame handler failed");
      this.close(1011, closeReasons.internal);
    }
  }

  private handleFrame(bytes: Buffer, isBinary: boolean): void {
    if (!this.abuse.admitFrame(now(), bytes.length)) {
      this.log.warn("closing: message flood");
      this.close(1008, floodReason);
      return;
    }
    const frame = parseClientFrame(bytes, isBinary, { maxTypedChars: this.tuning.maxTypedChars });
    if (this.state === "awaiting-init") this.handleBeforeInit(frame);
    else this.handleInCall(frame);
  }

  private handleBeforeInit(frame: ClientFrame): void {
    switch (frame.kind) {
      case "init":
        this.start(frame.init);
        return;
      case "init-invalid":
        this.log.warn({ reason: frame.reason }, "refusing the call: invalid initiation data");
        this.close(1008, frame.reason);
        return;
      case "bad":
        this.reject(frame.problem, frame.detail);
        return;
      default:
        // The SDK always sends its init frame first (PROTOCOL §2.3); audio before it is a broken client.
        this.reject("before-handshake", frame.kind);
    }
  }

  private handleInCall(frame: ClientFrame): void {
    switch (frame.kind) {
      case "audio":
        this.onAudio(frame.pcm);
        return;
      case "pong":
        this.onPong(frame.eventId);
        return;
      case "user-message":
        this.onTypedTurn(frame.text);
        return;
      case "tool-result":
        this.onToolResult(frame.toolCallId, frame.isError, frame.result);
        return;
      case "contextual-update":
        this.log.debug({ chars: frame.chars }, "contextual_update accepted");
        return;
      case "user-activity":
        this.log.debug("user_activity accepted");
        return;
      case "feedback":
        this.log.debug({ score: frame.score, eventId: frame.eventId }, "feedback accepted");
        return;
      case "ignored":
        this.log.debug({ type: frame.type }, "message accepted and ignored");
        return;
      case "init":
      case "init-invalid":
        this.reject("repeated-init", "conversation_initiation_client_data after the handshake");
        return;
      case "bad":
        this.reject(frame.problem, frame.detail);
    }
  }

  /** Ignore a bad frame, log it (a warning the first time per kind), and charge the abuse budget. */
  private reject(problem: string, detail: string): void {
    const first = !this.warnedAbout.has(problem);
    this.warnedAbout.add(problem);
    this.log[first ? "warn" : "debug"]({ problem, detail }, "ignored a bad frame");
    if (!this.abuse.strike(now())) {
      this.log.warn({ problem }, "closing: repeated bad frames");
      this.close(1008, abuseReason);
    }
  }

  // ------------------------------------------------------------ handshake

  private start(init: InitData): void {
    this.clearTimer("handshakeTimer");
    if (init.language !== undefined && !/^en([-_]|$)/i.test(init.language)) {
      this.log.warn({ language: init.language }, "refusing the call: unsupported language");
      this.close(1008, closeReasons.unsupportedLanguage(init.language));
      return;
    }
    let opening: CallerReply;
    try {
      opening = this.caller.opening({ firstMessage: init.firstMessage, variables: init.variables });
    } catch (error) {
      this.log.error({ err: error }, "the caller could not open the call");
      this.close(1011, closeReasons.internal);
      return;
    }

    this.textOnly = init.textOnly;
    this.send(metadataFrame(this.conversationId));
    this.state = "live";
    this.sendPing();
    this.pingTimer = setInterval(() => this.sendPing(), this.tuning.pingIntervalMs);
    this.limitTimer = setTimeout(() => this.onTimeLimit(), this.maxCallMs);
    this.recognizer = this.textOnly ? null : this.openRecognizer();
    this.log.info(
      {
        textOnly: this.textOnly,
        recognition: this.recognizer !== null,
        firstMessageOverride: init.firstMessage !== undefined,
        language: init.language,
        dynamicVariables: Object.keys(init.variables).length,
      },
      "call started",
    );
    // An empty opening (the caller's answer to an empty first_message, if it so decides) means the agent waits for the visitor.
    if (opening.text.trim() !== "") this.chain(() => this.deliver(opening));
  }

  private openRecognizer(): Recognizer | null {
    if (this.speech.status.recognition !== "available") return null;
    try {
      return this.speech.createRecognizer({
        phrases: this.caller.phrases,
        onSpeechStart: () => this.guarded("onSpeechStart", () => this.onSpeechStart()),
        onUtterance: (utterance) => this.guarded("onUtterance", () => this.onUtterance(utterance)),
      });
    } catch (error) {
      this.log.error({ err: error }, "could not create a recognizer; this call takes typed turns only");
      return null;
    }
  }

  // ------------------------------------------------------------ visitor turns

  private onAudio(pcm: Int16Array): void {
    if (!this.abuse.admitAudio(now(), pcm.length)) {
      this.log.warn("closing: audio faster than real time");
      this.close(1008, audioFloodReason);
      return;
    }
    if (this.state !== "live" || pcm.length === 0) return;
    if (!this.recognizer) return; // no recognition (unavailable or text-only): audio is ignored by design
    try {
      this.recognizer.push(pcm);
    } catch (error) {
      this.log.error({ err: error }, "the recognizer failed; this call continues with typed turns only");
      this.closeRecognizer();
    }
  }

  private onSpeechStart(): void {
    if (this.state !== "live") return;
    const turn = this.activeTurn();
    if (turn) this.interrupt(turn);
  }

  private onUtterance(utterance: Utterance): void {
    if (this.state !== "live") return;
    const turn = this.activeTurn();
    if (turn) this.interrupt(turn);
    // Every turn gets a transcript of what was heard; the caller decides whether it understood.
    this.send(userTranscriptFrame(utterance.transcript, this.visitorTurnId()));
    this.interruptingTurnId = null;
    this.log.debug({ heard: utterance.transcript !== "" }, "visitor turn (speech)");
    this.enqueueVisitorTurn({ via: "speech", text: utterance.transcript, alternatives: utterance.alternatives }, utterance.endOfTurnAt);
  }

  private onTypedTurn(text: string): void {
    if (this.state !== "live") {
      this.log.debug("typed turn ignored: the call is ending");
      return;
    }
    const turn = this.activeTurn();
    if (turn) this.interrupt(turn);
    // Echoed as user_transcript, so the transcript has one source for both kinds of turn.
    this.send(userTranscriptFrame(text, this.visitorTurnId()));
    this.interruptingTurnId = null;
    this.log.debug({ chars: text.length }, "visitor turn (typed)");
    this.enqueueVisitorTurn({ via: "text", text }, undefined);
  }

  /** The interruption's id when nothing was sent since, else a new one: ids only increase. */
  private visitorTurnId(): number {
    const reusable = this.interruptingTurnId !== null && this.interruptingTurnId === this.nextEventId - 1;
    return reusable && this.interruptingTurnId !== null ? this.interruptingTurnId : this.allocateEventId();
  }

  private enqueueVisitorTurn(turn: VisitorTurn, endOfTurnAt: number | undefined): void {
    if (this.visitorTurnsWaiting >= this.tuning.maxQueuedTurns) {
      this.log.warn("dropped a visitor turn: too many waiting for an answer");
      return;
    }
    this.visitorTurnsWaiting += 1;
    this.chain(async () => {
      try {
        await this.answer(turn, endOfTurnAt);
      } finally {
        this.visitorTurnsWaiting -= 1;
      }
    });
  }

  private async answer(turn: VisitorTurn, endOfTurnAt: number | undefined): Promise<void> {
    if (this.state !== "live") return;
    let reply: CallerReply;
    try {
      reply = await this.caller.respond(turn);
    } catch (error) {
      this.log.error({ err: error }, "the caller failed to answer a turn; it was skipped");
      return;
    }
    if (this.state !== "live") return;
    await this.deliver(reply, endOfTurnAt);
  }

  /** Replies go out one at a time, in order. */
  private chain(task: () => Promise<void>): void {
    this.replies = this.replies.then(task).catch((error: unknown) => {
      this.log.error({ err: error }, "a reply failed");
    });
  }

  // ------------------------------------------------------------ agent turns

  private async deliver(reply: CallerReply, endOfTurnAt?: number): Promise<void> {
    if (this.state !== "live") return;
    const id = this.allocateEventId();
    const ending = reply.end;
    if (ending !== undefined) {
      this.state = "ending";
      // The debrief goes first, so the page has it even if the visitor leaves during the closing line.
      this.sendDebrief(ending, id);
    }
    await this.speak(reply.text, id, endOfTurnAt);
    if (ending !== undefined) this.endCall(id);
  }

  private speak(text: string, id: number, endOfTurnAt: number | undefined): Promise<TurnOutcome> {
    const turn = new AgentTurn(id, text);
    if (this.state === "closed") {
      turn.settle("stopped");
      return turn.done;
    }
    this.currentTurn = turn;
    this.send(agentResponseFrame(text, id));
    if (this.textOnly || text.trim() === "") {
      turn.settle("finished");
      return turn.done;
    }
    this.speech.synthesize(text, this.lifetime.signal).then(
      (pcm) => this.guarded("stream", () => this.stream(turn, pcm, endOfTurnAt)),
      (error: unknown) => {
        // The call ended while its line was being synthesized (or waited to be): nobody is left to hear it.
        if (this.state === "closed") return turn.settle("stopped");
        this.log.error({ err: error }, "synthesis failed; the line went out as text only");
        turn.settle("finished");
      },
    );
    return turn.done;
  }

  /**
   * Sends the turn's audio paced to the client's playback, `audioLeadMs` ahead of it, so
   * an interruption can stop what has not been sent and the client never gets stale audio.
   */
  private stream(turn: AgentTurn, pcm: Int16Array, endOfTurnAt: number | undefined): void {
    if (turn.settled || this.state === "closed") return;
    const chunks = chunkPcm(pcm, samplesFor(this.tuning.audioChunkMs));
    if (chunks.length === 0) {
      turn.settle("finished");
      return;
    }
    const playStart = Math.max(now(), this.playbackEndsAt);
    turn.playStart = playStart;
    turn.totalMs = durationMs(pcm.length);
    let next = 0;
    let sentMs = 0;

    const pump = (): void => {
      turn.timer = null;
      if (turn.settled) return;
      const at = now();
      while (next < chunks.length) {
        const dueAt = playStart + sentMs - this.tuning.audioLeadMs;
        if (dueAt > at) {
          turn.timer = setTimeout(() => this.guarded("pump", pump), dueAt - at);
          return;
        }
        const chunk = chunks[next] ?? new Int16Array(0);
        if (!this.send(audioFrame(pcmToBase64(chunk), turn.id))) {
          turn.settle("stopped");
          return;
        }
        if (next === 0 && endOfTurnAt !== undefined) this.log.debug({ latencyMs: Math.round(at - endOfTurnAt) }, "first reply audio sent");
        sentMs += durationMs(chunk.length);
        this.playbackEndsAt = playStart + sentMs;
        next += 1;
      }
      turn.timer = setTimeout(() => turn.settle("finished"), Math.max(0, this.playbackEndsAt - at));
    };
    pump();
  }

  private activeTurn(): AgentTurn | null {
    return this.currentTurn && !this.currentTurn.settled ? this.currentTurn : null;
  }

  /**
   * The visitor talks over the agent: stop the turn's audio, tell the client (with an id
   * above the interrupted turn's, so the SDK drops that turn's late audio, PROTOCOL §4.2)
   * and correct the agent's line to what was heard.
   */
  private interrupt(turn: AgentTurn): void {
    const at = now();
    const heardMs = turn.playStart === null ? 0 : Math.min(Math.max(at - turn.playStart, 0), turn.totalMs);
    const heard = spokenPart(turn.text, turn.totalMs > 0 ? heardMs / turn.totalMs : 0);
    turn.settle("interrupted");
    this.playbackEndsAt = Math.min(this.playbackEndsAt, at);
    const id = this.allocateEventId();
    this.interruptingTurnId = id;
    this.send(interruptionFrame(id));
    this.send(agentResponseCorrectionFrame(turn.text, heard, turn.id));
    this.log.debug({ interruptedEventId: turn.id, heardMs: Math.round(heardMs) }, "visitor interrupted the agent");
  }

  // ------------------------------------------------------------ ending

  private sendDebrief(reason: DebriefReason, eventId: number): void {
    let debrief: object;
    try {
      debrief = this.caller.debrief(reason);
    } catch (error) {
      this.log.error({ err: error }, "the caller could not write the debrief");
      return;
    }
    this.toolCallCount += 1;
    const toolCallId = `debrief_${eventId}_${this.toolCallCount}`;
    this.send(clientToolCallFrame(debriefToolName, toolCallId, debrief, eventId));
    this.log.info({ reason, toolCallId }, "debrief sent");
  }

  /** After the closing line has played: end_call makes the SDK close with 1000 itself (PROTOCOL §2.7). */
  private endCall(eventId: number): void {
    if (this.state === "closed") return;
    this.send(endCallFrame(`end_call_${eventId}`, eventId));
    this.log.info("call ended by the caller");
    this.closeAfterGrace(1000, closeReasons.callEnded);
  }

  private onTimeLimit(): void {
    if (this.state === "ending") {
      // The ending is under way (debrief sent); the limit only bounds how long its closing line may take.
      this.closeAfterGrace(1000, closeReasons.timeLimit);
      return;
    }
    if (this.state !== "live") return;
    this.state = "ending";
    this.activeTurn()?.settle("stopped");
    this.closeRecognizer();
    const id = this.allocateEventId();
    this.sendDebrief("time-limit", id);
    // The SDK ends the session on this error and reports its message (PROTOCOL §2.7).
    this.send(errorFrame({ code: 1008, errorType: "max_duration_exceeded", message: `The call reached its time limit of ${describeDuration(this.maxCallMs)}.` }));
    this.log.info({ maxCallMs: this.maxCallMs }, "call limit reached");
    this.closeAfterGrace(1000, closeReasons.timeLimit);
  }

  /** The client normally closes first; if it does not, the server does. */
  private closeAfterGrace(code: number, reason: string): void {
    this.clearTimer("pingTimer");
    this.clearTimer("limitTimer");
    if (this.graceTimer) return;
    this.graceTimer = setTimeout(() => this.close(code, reason), this.tuning.endGraceMs);
  }

  // ------------------------------------------------------------ pings, tools

  private sendPing(): void {
    const id = this.nextPingId;
    this.nextPingId += 1;
    this.pingsInFlight.set(id, now());
    // Only recent pings matter for the round-trip estimate; a client that never answers leaks nothing.
    if (this.pingsInFlight.size > 8) {
      const oldest = this.pingsInFlight.keys().next().value;
      if (oldest !== undefined) this.pingsInFlight.delete(oldest);
    }
    this.send(pingFrame(id, this.rttMs));
  }

  private onPong(eventId: EventRef): void {
    const id = typeof eventId === "string" ? Number(eventId) : eventId;
    const sentAt = typeof id === "number" ? this.pingsInFlight.get(id) : undefined;
    if (id === null || sentAt === undefined) {
      this.log.debug({ eventId }, "pong for no ping in flight");
      return;
    }
    this.pingsInFlight.delete(id);
    this.rttMs = Math.round(now() - sentAt);
  }

  private onToolResult(toolCallId: string, isError: boolean, result: string): void {
    if (isError) this.log.warn({ toolCallId, error: result.slice(0, 200) }, "the client reported a tool error");
    else this.log.debug({ toolCallId }, "client tool result");
  }

  // ------------------------------------------------------------ plumbing

  private allocateEventId(): number {
    const id = this.nextEventId;
    this.nextEventId += 1;
    return id;
  }

  /** Sends one frame if the socket is open; drops a client that stopped reading. */
  private send(frame: ServerFrame): boolean {
    if (this.state === "closed" || this.ws.readyState !== WebSocket.OPEN) return false;
    if (this.ws.bufferedAmount > this.tuning.maxBufferedBytes) {
      this.log.warn({ bufferedBytes: this.ws.bufferedAmount }, "closing: the client is not reading");
      this.close(1008, closeReasons.tooSlow);
      return false;
    }
    this.ws.send(JSON.stringify(frame), (error) => {
      if (error) this.log.debug({ err: error }, "send failed");
    });
    return true;
  }

  private guarded(what: string, action: () => void): void {
    try {
      action();
    } catch (error) {
      this.log.error({ err: error, in: what }, "call handler failed");
      this.close(1011, closeReasons.internal);
    }
  }

  close(code: number, reason: string): void {
    if (this.state === "closed") return;
    this.stopEverything();
    this.log.info({ code, reason }, "closing the call");
    try {
      this.ws.close(code, closeReason(reason));
    } catch (error) {
      this.log.warn({ err: error }, "close failed; terminating the socket");
      this.ws.terminate();
    }
  }

  private onSocketClosed(code: number, reason: Buffer): void {
    if (this.state !== "closed") this.log.info({ code, reason: reason.toString("utf8").slice(0, 123) }, "the client closed the call");
    this.stopEverything();
    if (this.closedNotified) return;
    this.closedNotified = true;
    this.onClosed();
  }

  private stopEverything(): void {
    this.state = "closed";
    this.lifetime.abort();
    this.clearTimer("handshakeTimer");
    this.clearTimer("pingTimer");
    this.clearTimer("limitTimer");
    this.clearTimer("graceTimer");
    this.currentTurn?.settle("stopped");
    this.closeRecognizer();
  }

  private closeRecognizer(): void {
    const recognizer = this.recognizer;
    this.recognizer = null;
    if (!recognizer) return;
    try {
      recognizer.close();
    } catch (error) {
      this.log.warn({ err: error }, "recognizer close failed");
    }
  }

  private clearTimer(name: "handshakeTimer" | "pingTimer" | "limitTimer" | "graceTimer"): void {
    const timer = this[name];
    if (timer) clearTimeout(timer);
    this[name] = null;
  }
}

function asBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function describeDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds % 60 === 0 && seconds >= 60) return seconds === 60 ? "1 minute" : `${seconds / 60} minutes`;
  return seconds === 1 ? "1 second" : `${seconds} seconds`;
}
