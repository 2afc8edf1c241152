import { performance } from "node:perf_hooks";
import type { WebSocket } from "ws";
import { debriefToolName, type CallerSession } from "../../caller";
import type { Logger } from "../../log";
import type { Speech } from "../../speech";
import { closes, type Close } from "@mockingbird/contract/close-reasons";
import { Keepalive } from "./keepalive";
import { pingFrame, type ServerFrame } from "../messages";
import { TextDelivery, VoiceDelivery, type DeliveryOptions } from "./delivery";
import { InboundFrames } from "./inbound";
import { CallLifecycle } from "./lifecycle";
import { Listening } from "./listening";
import { CallSocket } from "./transport";
import { TurnTaking } from "./turn-taking";
import { SilenceWatch } from "./silence";
import type { CallSettings } from "../settings";
import type { SessionTimings } from "../timings";

/** The one client tool this agent calls (show_red_flag_debrief); its parameters are the caller's Debrief. */
export { debriefToolName };

export type CallSessionOptions = {
  readonly ws: WebSocket;
  readonly conversationId: string;
  readonly caller: CallerSession;
  readonly speech: Speech;
  readonly log: Logger;
  /** The call's limits (settings.ts). */
  readonly call: CallSettings;
  readonly timings: SessionTimings;
  /**
   * Runs a call's heavy setup (its recognizer: up to 100 ms of native work when no decoder is
   * idle) after the greeting has started, one call at a time, so a burst of calls does not
   * hold back every greeting. Default: the next turn of the event loop.
   */
  readonly runSetup?: (task: () => void) => void;
  /** The conversation_config_override fields the agent enables (overrides.ts). */
  readonly allowedOverrides: ReadonlySet<string>;
  /** Takes a call line when the initiation arrives; false when every line is busy (lifecycle.ts). */
  readonly admit: () => boolean;
  /** Called once, when the call is over (the server closed it or the socket closed); `started`: it got past its handshake. */
  readonly onClosed: (started: boolean) => void;
};

const now = (): number => performance.now();

/**
 * One call on one websocket, wired from its parts (session/), layered as ElevenLabs' client is:
 * - transport.ts: the socket, frames out through the frame gate, backpressure, the close;
 * - inbound.ts: the client's frames admitted (abuse budget), parsed and routed;
 * - listening.ts: the visitor's audio into the recognizer, vad_score out;
 * - delivery.ts: the agent's lines out, paced audio with alignment or streamed text (chosen as the call starts);
 * - turn-taking.ts: barge-in, the queue of visitor turns, event ids, tentative transcripts;
 * - silence.ts: the turn and silence timeouts on a silent visitor (a re-prompt, then the end);
 * - lifecycle.ts: handshake, start, time limit and close, with the call's state;
 * - ending.ts (the lifecycle's): debrief, end_call once the closing line has played, the grace.
 * Every handler is total: a bad frame is logged and counted, never thrown.
 */
export class CallSession {
  readonly conversationId: string;
  private readonly lifecycle: CallLifecycle;

  constructor(options: CallSessionOptions) {
    const { ws, caller, speech, log, timings } = options;
    this.conversationId = options.conversationId;
    const close = (reason: Close) => this.lifecycle.close(reason);
    const guarded = (what: string, action: () => void) => this.lifecycle.guarded(what, action);
    const isLive = () => this.lifecycle.phase === "live";

    const inbound = new InboundFrames({
      log,
      now,
      abuse: timings.abuse,
      maxTypedChars: timings.maxTypedChars,
      awaitingInit: () => this.lifecycle.phase === "awaiting-init",
      close,
      handlers: {
        init: (init) => this.lifecycle.start(init),
        audio: (pcm) => listening.audio(pcm),
        pong: (eventId) => keepalive.onPong(eventId),
        typed: (text) => turns.typed(text),
        activity: () => turns.visitorActive(),
      },
    });
    const socket = new CallSocket({
      ws,
      log,
      maxBufferedBytes: timings.maxBufferedBytes,
      closeAnswerMs: timings.closeAnswerMs,
      onMessage: (bytes, isBinary) => {
        if (this.lifecycle.phase === "closed") return;
        try {
          inbound.receive(bytes, isBinary);
        } catch (error) {
          log.error({ err: error }, "frame handler failed");
          close(closes.internal);
        }
      },
      onStalled: () => close(closes.tooSlow),
      onClosed: (code, reason) => this.lifecycle.socketClosed(code, reason),
    });
    const send = (frame: ServerFrame) => socket.send(frame);
    const keepalive = new Keepalive({ intervalMs: timings.pingIntervalMs, now, sendPing: (id, pingMs) => send(pingFrame(id, pingMs)) });
    const lines: DeliveryOptions = { voice: speech, timings, log, now, send, onFailure: (what, error) => this.lifecycle.fail(what, error) };
    const silence = new SilenceWatch({
      turnTimeoutMs: options.call.turnTimeoutMs,
      silenceEndCallMs: options.call.silenceEndCallMs,
      onTurnTimeout: () => guarded("turnTimeout", () => turns.silencePrompt()),
      onSilenceTimeout: () => guarded("silenceTimeout", () => turns.silenceEnd()),
    });
    const turns = new TurnTaking({
      caller,
      log,
      send,
      isLive,
      maxQueuedTurns: timings.maxQueuedTurns,
      ending: {
        begin: (end, eventId) => this.lifecycle.beginEnding(end, eventId),
        closingLineDone: (eventId, outcome, end) => this.lifecycle.closingLineDone(eventId, outcome, end),
      },
      silence,
    });
    const listening = new Listening({
      speech,
      phrases: caller.phrases,
      log,
      runSetup: options.runSetup ?? ((task) => setImmediate(task)),
      isLive,
      send,
      guarded,
      onSpeechStart: () => turns.speechStarted(),
      onUtterance: (utterance) => turns.spoken(utterance),
      onTentative: (words) => turns.tentative(words),
      answerableEarly: (words) => caller.answerableEarly(words),
    });
    this.lifecycle = new CallLifecycle({
      conversationId: options.conversationId,
      caller,
      log,
      maxCallMs: options.call.maxCallMs,
      timings,
      send,
      parts: { socket, keepalive, turns, deliveries: { voice: () => new VoiceDelivery(lines), text: () => new TextDelivery(lines) }, listening, silence },
      allowedOverrides: options.allowedOverrides,
      admit: options.admit,
      onClosed: options.onClosed,
    });
  }

  /** Graceful shutdown: the client reports the reason (docs/protocol.md §2.7). */
  shutdown(): void {
    this.lifecycle.close(closes.shutdown);
  }
}
