import { performance } from "node:perf_hooks";
import { WebSocket, type RawData } from "ws";
import type { CallerReply, CallerSession, DebriefReason, VisitorTurn } from "../caller/caller";
import { debriefToolName } from "../caller/debrief";
import type { Logger } from "../log";
import { heardText } from "../speech/alignment";
import { pcmToBase64, SAMPLE_RATE } from "../speech/audio";
import type { Recognizer, Speech, Utterance } from "../speech";
import { createAbuseBudget, type AbuseBudget } from "./abuse";
import { AudioPacer, SpokenTurn, type TurnOutcome } from "./audio-pacer";
import { closeReason, closes, type Close } from "../../../contract/close-reasons";
import { FrameGate } from "./frame-gate";
import { shownTranscript } from "./heard";
import { Keepalive } from "./keepalive";
import {
  agentResponseCorrectionFrame,
  agentResponseFrame,
  audioFrame,
  chatResponsePartFrame,
  clientToolCallFrame,
  endCallFrame,
  errorFrame,
  interruptionFrame,
  metadataFrame,
  parseClientFrame,
  pingFrame,
  userTranscriptFrame,
  vadScoreFrame,
  type ClientFrame,
  type InitData,
  type ServerFrame,
} from "./messages";
import { streamText } from "./text-stream";
import type { SessionTuning } from "./tuning";
import { VadScoreReporter } from "./vad-score";

/** The one client tool this agent calls (show_red_flag_debrief); its parameters are the caller's Debrief. */
export { debriefToolName };

export type CallSessionOptions = {
  readonly ws: WebSocket;
  readonly conversationId: string;
  readonly caller: CallerSession;
  readonly speech: Speech;
  readonly log: Logger;
  readonly maxCallMs: number;
  readonly tuning: SessionTuning;
  /**
   * Runs a call's heavy setup (its recognizer: up to 100 ms of native work when no decoder is
   * idle) after the greeting has started, one call at a time, so a burst of calls does not
   * hold back every greeting. Default: the next turn of the event loop.
   */
  readonly runSetup?: (task: () => void) => void;
  /** Called once, when the socket has closed, whoever closed it. */
  readonly onClosed: () => void;
};

/** Microphone audio kept while the recognizer is being set up (5 s), then handed to it. */
const maxEarlyAudioSamples = 5 * SAMPLE_RATE;

type State =
  /** Upgrade accepted, waiting for conversation_initiation_client_data. */
  | "awaiting-init"
  /** Metadata sent; turns flow both ways. */
  | "live"
  /** The call is ending (closing line, end_call, time-limit error): no new visitor turns. */
  | "ending"
  | "closed";

const now = (): number => performance.now();

/** Round trips above this are not believed when estimating how late the client hears the audio. */
const maxBelievedRttMs = 2_000;

/**
 * One call on one websocket: the handshake, turn-taking, the debrief, the end of the call
 * and its limits. The outbound audio is paced by `AudioPacer`, the pings are `Keepalive`'s,
 * and every close comes from the catalogue in contract/close-reasons.ts.
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
  private readonly runSetup: (task: () => void) => void;
  private readonly abuse: AbuseBudget;

  private readonly keepalive: Keepalive;
  private readonly pacer: AudioPacer;
  /** Frames after the metadata wait here for a moment (frame-gate.ts). */
  private readonly gate: FrameGate;
  private readonly vadScores: VadScoreReporter;
  private nextEventId = 1;
  private recognizer: Recognizer | null = null;
  /** Audio that arrived while the recognizer was being set up (null once it is, or when it never will be). */
  private earlyAudio: Int16Array[] | null = null;
  private earlyAudioSamples = 0;
  private textOnly = false;
  private currentTurn: SpokenTurn | null = null;
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
  private limitTimer: NodeJS.Timeout | null = null;
  private graceTimer: NodeJS.Timeout | null = null;
  /** The wait between the closing line's last audio and end_call. */
  private tailTimer: NodeJS.Timeout | null = null;

  constructor(options: CallSessionOptions) {
    this.ws = options.ws;
    this.conversationId = options.conversationId;
    this.caller = options.caller;
    this.speech = options.speech;
    this.log = options.log;
    this.tuning = options.tuning;
    this.maxCallMs = options.maxCallMs;
    this.onClosed = options.onClosed;
    this.runSetup = options.runSetup ?? ((task) => setImmediate(task));
    this.abuse = createAbuseBudget(options.tuning.abuse, now());
    this.gate = new FrameGate((data) =>
      this.ws.send(data, (error) => {
        if (error) this.log.debug({ err: error }, "send failed");
      }),
    );
    this.vadScores = new VadScoreReporter((score) => this.send(vadScoreFrame(score)));
    this.keepalive = new Keepalive({ intervalMs: this.tuning.pingIntervalMs, now, sendPing: (id, pingMs) => this.send(pingFrame(id, pingMs)) });
    this.pacer = new AudioPacer({
      chunkMs: this.tuning.audioChunkMs,
      leadMs: this.tuning.audioLeadMs,
      now,
      send: (turn, pcm, alignment) => this.send(audioFrame(pcmToBase64(pcm), turn.id, alignment)),
      onSynthesisError: (turn, error) => this.log.error({ err: error, eventId: turn.id }, "synthesis failed; the rest of the line went out as text only"),
      onFailure: (what, error) => this.fail(what, error),
    });

    this.ws.on("message", (data, isBinary) => this.onMessage(data, isBinary));
    this.ws.on("close", (code, reason) => this.onSocketClosed(code, reason));
    this.ws.on("error", (error) => this.log.warn({ err: error }, "websocket error"));
    this.handshakeTimer = setTimeout(() => {
      this.log.warn("no conversation_initiation_client_data in time");
      this.close(closes.handshakeTimeout);
    }, this.tuning.handshakeTimeoutMs);
  }

  get isLive(): boolean {
    return this.state === "live" || this.state === "ending";
  }

  /** Graceful shutdown: the client reports the reason (docs/protocol.md §2.7). */
  shutdown(): void {
    this.close(closes.shutdown);
  }

  // ------------------------------------------------------------ incoming frames

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.state === "closed") return;
    try {
      this.handleFrame(asBuffer(data), isBinary);
    } catch (error) {
      this.log.error({ err: error }, "frame handler failed");
      this.close(closes.internal);
    }
  }

  private handleFrame(bytes: Buffer, isBinary: boolean): void {
    if (!this.abuse.admitFrame(now(), bytes.length)) {
      this.log.warn("closing: message flood");
      this.close(closes.flood);
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
        this.close({ code: 1008, reason: frame.reason });
        return;
      case "bad":
        this.reject(frame.problem, frame.detail);
        return;
      default:
        // The SDK always sends its init frame first (docs/protocol.md §2.3); audio before it is a broken client.
        this.reject("before-handshake", frame.kind);
    }
  }

  private handleInCall(frame: ClientFrame): void {
    switch (frame.kind) {
      case "audio":
        this.onAudio(frame.pcm);
        return;
      case "pong":
        if (!this.keepalive.onPong(frame.eventId)) this.log.debug({ eventId: frame.eventId }, "pong for no ping in flight");
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
      this.close(closes.malformed);
    }
  }

  // ------------------------------------------------------------ handshake

  private start(init: InitData): void {
    this.clearTimer("handshakeTimer");
    if (init.language !== undefined && !/^en([-_]|$)/i.test(init.language)) {
      this.log.warn({ language: init.language }, "refusing the call: unsupported language");
      this.close(closes.unsupportedLanguage(init.language));
      return;
    }
    let opening: CallerReply;
    try {
      opening = this.caller.opening({ firstMessage: init.firstMessage, variables: init.variables });
    } catch (error) {
      this.log.error({ err: error }, "the caller could not open the call");
      this.close(closes.internal);
      return;
    }

    this.textOnly = init.textOnly;
    this.send(metadataFrame(this.conversationId));
    this.state = "live";
    // The greeting and the first ping wait until a client written for the service listens (frame-gate.ts).
    const hold = this.tuning.firstFramesDelayMs;
    this.gate.holdFor(hold);
    this.chain(async () => {
      if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold));
      this.gate.open();
      if (this.state === "live") this.keepalive.start();
    });
    this.limitTimer = setTimeout(() => this.onTimeLimit(), this.maxCallMs);
    const recognition = !this.textOnly && this.speech.status.recognition === "available";
    if (recognition) {
      this.earlyAudio = [];
      this.runSetup(() => this.guarded("openRecognizer", () => this.openRecognizer()));
    }
    this.log.info(
      {
        textOnly: this.textOnly,
        recognition,
        firstMessageOverride: init.firstMessage !== undefined,
        language: init.language,
        dynamicVariables: Object.keys(init.variables).length,
      },
      "call started",
    );
    // An empty opening (the caller's answer to an empty first_message, if it so decides) means the agent waits for the visitor.
    if (opening.text.trim() !== "") this.chain(() => this.deliver(opening, undefined, true));
  }

  private openRecognizer(): void {
    const early = this.earlyAudio;
    this.earlyAudio = null;
    this.earlyAudioSamples = 0;
    if (this.state !== "live") return;
    try {
      this.recognizer = this.speech.createRecognizer({
        phrases: this.caller.phrases,
        onSpeechStart: () => this.guarded("onSpeechStart", () => this.onSpeechStart()),
        onVoiceActivity: (probability: number) => this.guarded("onVoiceActivity", () => this.onVoiceActivity(probability)),
        onUtterance: (utterance: Utterance) => this.guarded("onUtterance", () => this.onUtterance(utterance)),
      });
    } catch (error) {
      this.log.error({ err: error }, "could not create a recognizer; this call takes typed turns only");
      return;
    }
    for (const pcm of early ?? []) this.hear(pcm);
  }

  // ------------------------------------------------------------ visitor turns

  private onAudio(pcm: Int16Array): void {
    if (!this.abuse.admitAudio(now(), pcm.length)) {
      this.log.warn("closing: audio faster than real time");
      this.close(closes.audioFlood);
      return;
    }
    if (this.state !== "live" || pcm.length === 0) return;
    if (this.earlyAudio) {
      // Being set up: kept (the oldest dropped past 5 s) and heard once the recognizer is ready.
      this.earlyAudio.push(pcm);
      this.earlyAudioSamples += pcm.length;
      while (this.earlyAudioSamples > maxEarlyAudioSamples) this.earlyAudioSamples -= this.earlyAudio.shift()?.length ?? this.earlyAudioSamples;
      return;
    }
    this.hear(pcm);
  }

  private hear(pcm: Int16Array): void {
    if (!this.recognizer) return; // no recognition (unavailable or text-only): audio is ignored by design
    try {
      this.recognizer.push(pcm);
    } catch (error) {
      this.log.error({ err: error }, "the recognizer failed; this call continues with typed turns only");
      this.closeRecognizer();
    }
  }

  private onVoiceActivity(probability: number): void {
    if (this.state === "live") this.vadScores.report(probability);
  }

  private onSpeechStart(): void {
    if (this.state !== "live") return;
    const turn = this.activeTurn();
    if (turn) this.interrupt(turn);
  }

  /**
   * Every utterance is a turn: its transcript goes to the page (so the visitor sees what was
   * heard, "(inaudible)" when no words came out), then to the caller, which decides whether
   * it understood. Speech over the agent's line has already interrupted it (onSpeechStart);
   * an utterance that arrives without that start interrupts here.
   */
  private onUtterance(utterance: Utterance): void {
    if (this.state !== "live") return;
    const turn = this.activeTurn();
    if (turn) this.interrupt(turn);
    // Every turn gets a transcript of what was heard; the caller decides whether it understood.
    this.send(userTranscriptFrame(shownTranscript(utterance), this.visitorTurnId()));
    this.interruptingTurnId = null;
    this.log.debug({ words: utterance.transcript === "" ? 0 : utterance.transcript.split(" ").length, alternatives: utterance.alternatives?.length ?? 0 }, "visitor turn (speech)");
    this.enqueueVisitorTurn({ via: "speech", text: utterance.transcript, ...(utterance.alternatives ? { alternatives: utterance.alternatives } : {}) }, utterance.endOfTurnAt);
  }

  private onTypedTurn(text: string): void {
    if (this.state !== "live") {
      this.log.debug("typed turn ignored: the call is ending");
      return;
    }
    // Typed over a spoken line, it interrupts it as speech would. A reply being streamed as text
    // runs to its end first (it takes a second), then this turn is answered.
    const turn = this.textOnly ? null : this.activeTurn();
    if (turn) this.interrupt(turn);
    // Not echoed: the service sends no user_transcript for a typed turn, and clients show the
    // line themselves when they send it (an echo shows it twice in ElevenLabs' widget).
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

  private async deliver(reply: CallerReply, endOfTurnAt?: number, isOpening = false): Promise<void> {
    if (this.state !== "live") return;
    const id = this.allocateEventId();
    const ending = reply.end;
    if (ending !== undefined) {
      this.state = "ending";
      // The debrief goes first, so the page has it even if the visitor leaves during the closing line.
      this.sendDebrief(ending, id);
    }
    const outcome = await this.speak(reply.text, id, endOfTurnAt, isOpening);
    if (ending !== undefined) this.endCallAfterTail(id, outcome);
  }

  private speak(text: string, id: number, endOfTurnAt: number | undefined, isOpening: boolean): Promise<TurnOutcome> {
    const turn = new SpokenTurn(id, text);
    if (this.state === "closed") {
      turn.settle("stopped");
      return turn.done;
    }
    this.currentTurn = turn;
    if (this.textOnly) return this.streamLine(turn, endOfTurnAt, isOpening);
    this.send(agentResponseFrame(text, id));
    if (text.trim() === "") {
      turn.settle("finished");
      return turn.done;
    }
    if (endOfTurnAt !== undefined) turn.onFirstAudio = (sentAt) => this.log.debug({ latencyMs: Math.round(sentAt - endOfTurnAt) }, "first reply audio sent");
    // The turn's sentences stop being synthesized when it stops, or when the call ends.
    const signal = AbortSignal.any([turn.synthesis.signal, this.lifetime.signal]);
    return this.pacer.play(turn, this.speech.speak(text, signal));
  }

  /**
   * A text-only reply, as the service streams it: agent_chat_response_part start, deltas, stop,
   * then the whole agent_response, all under the turn's id. The opening is the agent's fixed
   * first message, not a model's output, so it goes out whole, as ElevenLabs' own test double
   * of the service sends it (convai-widget-core mocks).
   */
  private async streamLine(turn: SpokenTurn, endOfTurnAt: number | undefined, isOpening: boolean): Promise<TurnOutcome> {
    if (isOpening || turn.text.trim() === "") this.send(agentResponseFrame(turn.text, turn.id));
    else {
      if (endOfTurnAt !== undefined) this.log.debug({ latencyMs: Math.round(now() - endOfTurnAt) }, "reply streaming");
      await streamText(
        turn.text,
        this.tuning.textDeltaIntervalMs,
        { part: (type, piece) => this.send(chatResponsePartFrame(type, piece, turn.id)), whole: () => this.send(agentResponseFrame(turn.text, turn.id)) },
        AbortSignal.any([turn.synthesis.signal, this.lifetime.signal]),
      );
    }
    turn.settle(this.state === "closed" ? "stopped" : "finished");
    return turn.done;
  }

  private activeTurn(): SpokenTurn | null {
    return this.currentTurn && !this.currentTurn.settled ? this.currentTurn : null;
  }

  /**
   * The visitor talks over the agent: stop the turn's audio, tell the client (with an id
   * above the interrupted turn's, so the SDK drops that turn's late audio, docs/protocol.md §4.2)
   * and correct the agent's line to what was heard.
   */
  private interrupt(turn: SpokenTurn): void {
    const heard = heardText(turn.text, this.pacer.stop(turn, "interrupted"));
    const id = this.allocateEventId();
    this.interruptingTurnId = id;
    this.send(interruptionFrame(id));
    this.send(agentResponseCorrectionFrame(turn.text, heard, turn.id));
    this.log.debug({ interruptedEventId: turn.id, heardChars: heard.length }, "visitor interrupted the agent");
  }

  // ------------------------------------------------------------ ending

  private sendDebrief(reason: DebriefReason, eventId: number): void {
    let debrief: ReturnType<CallerSession["debrief"]>;
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

  /**
   * end_call makes the SDK close at once, cutting off any audio still queued (docs/protocol.md §2.7,
   * complaint #419). So it goes only once the closing line has played: the pacer's estimate,
   * plus half a round trip for the audio to arrive, plus a short tail for the client's own
   * buffering.
   */
  private endCallAfterTail(eventId: number, outcome: TurnOutcome): void {
    if (this.state === "closed") return;
    const rtt = Math.min(this.keepalive.rttMs ?? 0, maxBelievedRttMs);
    const tailMs = outcome === "finished" && !this.textOnly ? this.tuning.endCallTailMs + rtt / 2 : 0;
    this.tailTimer = setTimeout(() => this.guarded("endCall", () => this.endCall(eventId)), tailMs);
  }

  private endCall(eventId: number): void {
    this.tailTimer = null;
    if (this.state === "closed") return;
    this.send(endCallFrame(`end_call_${eventId}`, eventId));
    this.log.info("call ended by the caller");
    this.closeAfterGrace(closes.callEnded);
  }

  private onTimeLimit(): void {
    if (this.state === "ending") {
      // The ending is under way (debrief sent); the limit only bounds how long its closing line may take.
      this.closeAfterGrace(closes.timeLimit);
      return;
    }
    if (this.state !== "live") return;
    this.state = "ending";
    const turn = this.activeTurn();
    if (turn) this.pacer.stop(turn, "stopped");
    this.closeRecognizer();
    const id = this.allocateEventId();
    this.sendDebrief("time-limit", id);
    // The SDK ends the session on this error and reports its message (docs/protocol.md §2.7).
    this.send(errorFrame({ code: 1008, errorType: "max_duration_exceeded", message: `The call reached its time limit of ${describeDuration(this.maxCallMs)}.` }));
    this.log.info({ maxCallMs: this.maxCallMs }, "call limit reached");
    this.closeAfterGrace(closes.timeLimit);
  }

  /** The client normally closes first; if it does not, the server does. */
  private closeAfterGrace(close: Close): void {
    this.keepalive.stop();
    this.clearTimer("limitTimer");
    if (this.graceTimer) return;
    this.graceTimer = setTimeout(() => this.close(close), this.tuning.endGraceMs);
  }

  // ------------------------------------------------------------ tools

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
      this.close(closes.tooSlow);
      return false;
    }
    this.gate.send(JSON.stringify(frame));
    return true;
  }

  private guarded(what: string, action: () => void): void {
    try {
      action();
    } catch (error) {
      this.fail(what, error);
    }
  }

  private fail(what: string, error: unknown): void {
    this.log.error({ err: error, in: what }, "call handler failed");
    this.close(closes.internal);
  }

  close({ code, reason }: Close): void {
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
    this.gate.discard();
    this.clearTimer("handshakeTimer");
    this.keepalive.stop();
    this.clearTimer("limitTimer");
    this.clearTimer("graceTimer");
    this.clearTimer("tailTimer");
    const turn = this.activeTurn();
    if (turn) this.pacer.stop(turn, "stopped");
    this.closeRecognizer();
  }

  private closeRecognizer(): void {
    this.earlyAudio = null;
    this.earlyAudioSamples = 0;
    const recognizer = this.recognizer;
    this.recognizer = null;
    if (!recognizer) return;
    try {
      recognizer.close();
    } catch (error) {
      this.log.warn({ err: error }, "recognizer close failed");
    }
  }

  private clearTimer(name: "handshakeTimer" | "limitTimer" | "graceTimer" | "tailTimer"): void {
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
