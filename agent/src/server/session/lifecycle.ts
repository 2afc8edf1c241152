import type { CallerEnd, CallerReply, CallerSession } from "../../caller";
import type { Logger } from "../../log";
import type { LineOutcome } from "./audio-pacer";
import { closes, type Close } from "@mockingbird/contract/close-reasons";
import type { Keepalive } from "./keepalive";
import { unfilledPlaceholders } from "@mockingbird/contract/call-variables";
import { metadataFrame, type InitData, type ServerFrame } from "../messages";
import { fieldName, refusedOverride } from "../overrides";
import type { SessionTimings } from "../timings";
import type { Delivery } from "./delivery";
import { CallEnding } from "./ending";
import type { Listening } from "./listening";
import type { SilenceWatch } from "./silence";
import type { CallSocket } from "./transport";
import type { TurnTaking } from "./turn-taking";

/** Where a call stands on the server, from its upgrade to its close. */
export type SessionPhase =
  /** Upgrade accepted, waiting for conversation_initiation_client_data. */
  | "awaiting-init"
  /** Metadata sent; turns flow both ways. */
  | "live"
  /** The call is ending (closing line, end_call, time-limit error): no new visitor turns. */
  | "ending"
  | "closed";

/** The parts of the call the lifecycle starts and stops (session.ts wires the real ones). */
export type LifecycleParts = {
  readonly socket: Pick<CallSocket, "holdUntilRead" | "discard" | "close">;
  readonly keepalive: Pick<Keepalive, "start" | "stop" | "rttMs">;
  readonly turns: Pick<TurnTaking, "start" | "chain" | "open" | "allocateEventId">;
  /** The two ways a call's lines go out (delivery.ts): one is made when the call starts, as its initiation asks. */
  readonly deliveries: { readonly voice: () => Delivery; readonly text: () => Delivery };
  readonly listening: Pick<Listening, "start" | "close">;
  readonly silence: Pick<SilenceWatch, "start" | "stop">;
};

export type LifecycleOptions = {
  readonly conversationId: string;
  readonly caller: Pick<CallerSession, "opening" | "debrief">;
  readonly log: Logger;
  readonly maxCallMs: number;
  readonly timings: Pick<SessionTimings, "handshakeTimeoutMs" | "firstFramesMaxHoldMs" | "endGraceMs">;
  readonly send: (frame: ServerFrame) => boolean;
  readonly parts: LifecycleParts;
  /** The conversation_config_override fields the agent enables (overrides.ts); a call setting any other is refused. */
  readonly allowedOverrides: ReadonlySet<string>;
  /**
   * Admits the call (capacity.ts) once the initiation is found usable; false when the agent is at capacity.
   * The owner releases it in `onClosed`: a socket still waiting for its initiation was never admitted.
   */
  readonly admit: () => boolean;
  /** Called once, when the call is over (the server closed it or the socket closed); `started`: it got past its handshake. */
  readonly onClosed: (started: boolean) => void;
};

/**
 * A call from its upgrade to its close: the handshake (and its timeout), the start (metadata,
 * the first frames held back, the opening queued), the time limit, the turn into the ending
 * (ending.ts sends the debrief, end_call or the time-limit error, and closes after the grace)
 * and the close itself. Every path out (client close, server close, errors, limits, shutdown)
 * goes through `stopEverything`, which clears every timer and stops every part.
 */
export class CallLifecycle {
  private current: SessionPhase = "awaiting-init";
  /** The call's delivery, chosen when it starts. */
  private delivery: Delivery | null = null;
  private started = false;
  private closedNotified = false;
  private readonly ending: CallEnding;
  private handshakeTimer: NodeJS.Timeout | null;
  private limitTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: LifecycleOptions) {
    const { caller, log, maxCallMs, timings, send, parts } = options;
    this.ending = new CallEnding({
      caller,
      log,
      maxCallMs,
      timings,
      send,
      keepalive: parts.keepalive,
      isClosed: () => this.current === "closed",
      playbackTailMs: (rttMs) => this.delivery?.playbackTailMs(rttMs) ?? 0,
      stopTimeLimit: () => this.clearTimer("limitTimer"),
      close: (close) => this.close(close),
      guarded: (what, action) => this.guarded(what, action),
    });
    this.handshakeTimer = setTimeout(() => {
      log.warn("no conversation_initiation_client_data in time");
      this.close(closes.handshakeTimeout);
    }, timings.handshakeTimeoutMs);
  }

  get phase(): SessionPhase {
    return this.current;
  }

  // ------------------------------------------------------------ start

  /** conversation_initiation_client_data arrived: refuse the call, or start it. */
  start(init: InitData): void {
    const { log, caller, parts } = this.options;
    this.clearTimer("handshakeTimer");
    const refusal = this.refusalOf(init);
    if (refusal) {
      log.warn({ reason: refusal.reason }, "refusing the call");
      this.close(refusal);
      return;
    }
    if (!this.options.admit()) {
      log.info("refusing the call: every line busy");
      this.close(closes.busy);
      return;
    }
    let opening: CallerReply;
    try {
      opening = caller.opening({ firstMessage: init.firstMessage, variables: init.variables });
    } catch (error) {
      log.error({ err: error }, "the caller could not open the call");
      this.close(closes.internal);
      return;
    }

    // Chosen once: a typed call (conversation.text_only) gets its lines as streamed text and never listens; a voice call speaks and hears.
    const { delivery, listen } = init.textOnly ? { delivery: parts.deliveries.text(), listen: () => false } : { delivery: parts.deliveries.voice(), listen: () => parts.listening.start() };
    this.delivery = delivery;
    parts.turns.start(delivery);
    this.options.send(metadataFrame(this.options.conversationId));
    this.current = "live";
    this.started = true;
    // The greeting and the first ping wait until the client has read the metadata (frame-gate.ts).
    const metadataRead = parts.socket.holdUntilRead(this.options.timings.firstFramesMaxHoldMs);
    parts.turns.chain(async () => {
      await metadataRead;
      if (this.current === "live") parts.keepalive.start();
    });
    this.limitTimer = setTimeout(() => this.onTimeLimit(), this.options.maxCallMs);
    const recognition = listen();
    log.info(
      {
        textOnly: init.textOnly,
        recognition,
        firstMessageOverride: init.firstMessage !== undefined,
        language: init.language,
        dynamicVariables: Object.keys(init.variables).length,
      },
      "call started",
    );
    // An empty opening (the caller's answer to an empty first_message, if it so decides) means the agent waits for the visitor.
    const opens = opening.text.trim() !== "";
    // A call that hears the visitor waits on their silence as the service does (the turn clock at once when the caller does not open).
    if (recognition) parts.silence.start(!opens);
    if (opens) parts.turns.open(opening);
  }

  /**
   * Why the service would not start this call: an override its agent has not enabled, then what an
   * enabled one asks that this agent cannot do or the call does not fill. The caller's own opening
   * needs no variable from the call (its playbook has a default for each).
   */
  private refusalOf(init: InitData): Close | undefined {
    const refused = refusedOverride(init.overrides, this.options.allowedOverrides);
    if (refused !== undefined) return closes.overrideRefused(fieldName(refused));
    if (init.language !== undefined && !/^en([-_]|$)/i.test(init.language)) return closes.unsupportedLanguage(init.language);
    const missing = unfilledPlaceholders(init.firstMessage ?? "", init.variables);
    if (missing.length > 0) return closes.missingVariables(missing);
    return undefined;
  }

  // ------------------------------------------------------------ ending

  /** A reply ends the call: no more visitor turns, and the debrief goes first, so the page has it even if the visitor leaves during the closing line. */
  beginEnding(end: CallerEnd, eventId: number): void {
    this.current = "ending";
    this.options.parts.silence.stop();
    this.ending.debrief(end, eventId);
  }

  /** The closing line has played (or stopped): end_call follows (ending.ts). */
  closingLineDone(eventId: number, outcome: LineOutcome, end: CallerEnd): void {
    this.ending.closingLineDone(eventId, outcome, end);
  }

  private onTimeLimit(): void {
    if (this.current === "ending") {
      // The ending is under way (debrief sent); the limit only bounds how long its closing line may take.
      this.ending.closeAfterGrace(closes.timeLimit);
      return;
    }
    if (this.current !== "live") return;
    const { parts } = this.options;
    this.current = "ending";
    parts.silence.stop();
    this.delivery?.stop();
    parts.listening.close();
    this.ending.timeLimitReached(parts.turns.allocateEventId());
  }

  // ------------------------------------------------------------ close

  /** Runs a callback of another part, ending the call if it throws (a bug). */
  guarded(what: string, action: () => void): void {
    try {
      action();
    } catch (error) {
      this.fail(what, error);
    }
  }

  fail(what: string, error: unknown): void {
    this.options.log.error({ err: error, in: what }, "call handler failed");
    this.close(closes.internal);
  }

  close(close: Close): void {
    if (this.current === "closed") return;
    this.stopEverything();
    this.options.log.info({ code: close.code, reason: close.reason }, "closing the call");
    this.options.parts.socket.close(close);
    // The call is over now, not when the client answers the close: its line is free at once.
    this.notifyClosed();
  }

  /** The socket has closed, whoever closed it. */
  socketClosed(code: number, reason: Buffer): void {
    if (this.current !== "closed") this.options.log.info({ code, reason: reason.toString("utf8").slice(0, 123) }, "the client closed the call");
    this.stopEverything();
    this.notifyClosed();
  }

  private notifyClosed(): void {
    if (this.closedNotified) return;
    this.closedNotified = true;
    this.options.onClosed(this.started);
  }

  private stopEverything(): void {
    const { parts } = this.options;
    this.current = "closed";
    parts.socket.discard();
    this.delivery?.close();
    this.clearTimer("handshakeTimer");
    parts.keepalive.stop();
    this.clearTimer("limitTimer");
    this.ending.stop();
    parts.silence.stop();
    parts.listening.close();
  }

  private clearTimer(name: "handshakeTimer" | "limitTimer"): void {
    const timer = this[name];
    if (timer) clearTimeout(timer);
    this[name] = null;
  }
}
