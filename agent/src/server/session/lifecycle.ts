import { debriefToolName } from "../../caller/debrief";
import type { CallerEnd, CallerReply, CallerSession, DebriefReason } from "../../caller/caller";
import type { Logger } from "../../log";
import type { TurnOutcome } from "../audio-pacer";
import { closes, type Close } from "../close-reasons";
import type { Keepalive } from "../keepalive";
import { clientToolCallFrame, endCallFrame, errorFrame, metadataFrame, type InitData, type ServerFrame } from "../messages";
import type { SessionTuning } from "../tuning";
import type { Delivery } from "./delivery";
import type { Listening } from "./listening";
import type { CallSocket } from "./transport";
import type { TurnTaking } from "./turn-taking";

export type CallState =
  /** Upgrade accepted, waiting for conversation_initiation_client_data. */
  | "awaiting-init"
  /** Metadata sent; turns flow both ways. */
  | "live"
  /** The call is ending (closing line, end_call, time-limit error): no new visitor turns. */
  | "ending"
  | "closed";

/** The parts of the call the lifecycle starts and stops (session.ts wires the real ones). */
export type LifecycleParts = {
  readonly socket: Pick<CallSocket, "holdFor" | "openGate" | "discard" | "close">;
  readonly keepalive: Pick<Keepalive, "start" | "stop" | "rttMs">;
  readonly turns: Pick<TurnTaking, "chain" | "open" | "allocateEventId">;
  readonly delivery: Pick<Delivery, "useTextOnly" | "stop" | "close">;
  readonly listening: Pick<Listening, "start" | "close">;
};

export type LifecycleOptions = {
  readonly conversationId: string;
  readonly caller: Pick<CallerSession, "opening" | "debrief">;
  readonly log: Logger;
  readonly maxCallMs: number;
  readonly tuning: Pick<SessionTuning, "handshakeTimeoutMs" | "firstFramesDelayMs" | "endCallTailMs" | "endGraceMs">;
  readonly send: (frame: ServerFrame) => boolean;
  readonly parts: LifecycleParts;
  /** Called once, when the socket has closed, whoever closed it. */
  readonly onClosed: () => void;
};

/** Round trips above this are not believed when estimating how late the client hears the audio. */
const maxBelievedRttMs = 2_000;

/**
 * A call from its upgrade to its close: the handshake (and its timeout), the start (metadata,
 * the first frames held back, the opening queued), the time limit, the ending (debrief, closing
 * line, end_call once it has played, the client's grace to close) and the close itself. Its
 * four timers are all here, and every path out (client close, server close, errors, limits,
 * shutdown) goes through `stopEverything`, which clears them and stops every part.
 */
export class CallLifecycle {
  private current: CallState = "awaiting-init";
  private textOnly = false;
  private toolCallCount = 0;
  private closedNotified = false;
  private handshakeTimer: NodeJS.Timeout | null;
  private limitTimer: NodeJS.Timeout | null = null;
  private graceTimer: NodeJS.Timeout | null = null;
  /** The wait between the closing line's last audio and end_call. */
  private tailTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: LifecycleOptions) {
    this.handshakeTimer = setTimeout(() => {
      options.log.warn("no conversation_initiation_client_data in time");
      this.close(closes.handshakeTimeout);
    }, options.tuning.handshakeTimeoutMs);
  }

  get state(): CallState {
    return this.current;
  }

  // ------------------------------------------------------------ start

  /** conversation_initiation_client_data arrived: refuse the call, or start it. */
  start(init: InitData): void {
    const { log, caller, parts } = this.options;
    this.clearTimer("handshakeTimer");
    if (init.language !== undefined && !/^en([-_]|$)/i.test(init.language)) {
      log.warn({ language: init.language }, "refusing the call: unsupported language");
      this.close(closes.unsupportedLanguage(init.language));
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

    this.textOnly = init.textOnly;
    parts.delivery.useTextOnly(init.textOnly);
    this.options.send(metadataFrame(this.options.conversationId));
    this.current = "live";
    // The greeting and the first ping wait until a client written for the service listens (frame-gate.ts).
    const hold = this.options.tuning.firstFramesDelayMs;
    parts.socket.holdFor(hold);
    parts.turns.chain(async () => {
      if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold));
      parts.socket.openGate();
      if (this.current === "live") parts.keepalive.start();
    });
    this.limitTimer = setTimeout(() => this.onTimeLimit(), this.options.maxCallMs);
    const recognition = parts.listening.start(init.textOnly);
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
    if (opening.text.trim() !== "") parts.turns.open(opening);
  }

  // ------------------------------------------------------------ ending

  /** A reply ends the call: no more visitor turns, and the debrief goes first, so the page has it even if the visitor leaves during the closing line. */
  beginEnding(end: CallerEnd, eventId: number): void {
    this.current = "ending";
    this.sendDebrief(end, eventId);
  }

  /**
   * end_call makes the SDK close at once, cutting off any audio still queued (docs/protocol.md §2.7,
   * complaint #419). So it goes only once the closing line has played: the pacer's estimate,
   * plus half a round trip for the audio to arrive, plus a short tail for the client's own
   * buffering.
   */
  closingLineDone(eventId: number, outcome: TurnOutcome): void {
    if (this.current === "closed") return;
    const rtt = Math.min(this.options.parts.keepalive.rttMs ?? 0, maxBelievedRttMs);
    const tailMs = outcome === "finished" && !this.textOnly ? this.options.tuning.endCallTailMs + rtt / 2 : 0;
    this.tailTimer = setTimeout(() => this.guarded("endCall", () => this.endCall(eventId)), tailMs);
  }

  private endCall(eventId: number): void {
    this.tailTimer = null;
    if (this.current === "closed") return;
    this.options.send(endCallFrame(`end_call_${eventId}`, eventId));
    this.options.log.info("call ended by the caller");
    this.closeAfterGrace(closes.callEnded);
  }

  private onTimeLimit(): void {
    if (this.current === "ending") {
      // The ending is under way (debrief sent); the limit only bounds how long its closing line may take.
      this.closeAfterGrace(closes.timeLimit);
      return;
    }
    if (this.current !== "live") return;
    const { parts, maxCallMs } = this.options;
    this.current = "ending";
    parts.delivery.stop();
    parts.listening.close();
    const id = parts.turns.allocateEventId();
    this.sendDebrief("time-limit", id);
    // The SDK ends the session on this error and reports its message (docs/protocol.md §2.7).
    this.options.send(errorFrame({ code: 1008, errorType: "max_duration_exceeded", message: `The call reached its time limit of ${describeDuration(maxCallMs)}.` }));
    this.options.log.info({ maxCallMs }, "call limit reached");
    this.closeAfterGrace(closes.timeLimit);
  }

  private sendDebrief(reason: DebriefReason, eventId: number): void {
    let debrief: ReturnType<CallerSession["debrief"]>;
    try {
      debrief = this.options.caller.debrief(reason);
    } catch (error) {
      this.options.log.error({ err: error }, "the caller could not write the debrief");
      return;
    }
    this.toolCallCount += 1;
    const toolCallId = `debrief_${eventId}_${this.toolCallCount}`;
    this.options.send(clientToolCallFrame(debriefToolName, toolCallId, debrief, eventId));
    this.options.log.info({ reason, toolCallId }, "debrief sent");
  }

  /** The client normally closes first; if it does not, the server does. */
  private closeAfterGrace(close: Close): void {
    this.options.parts.keepalive.stop();
    this.clearTimer("limitTimer");
    if (this.graceTimer) return;
    this.graceTimer = setTimeout(() => this.close(close), this.options.tuning.endGraceMs);
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
  }

  /** The socket has closed, whoever closed it. */
  socketClosed(code: number, reason: Buffer): void {
    if (this.current !== "closed") this.options.log.info({ code, reason: reason.toString("utf8").slice(0, 123) }, "the client closed the call");
    this.stopEverything();
    if (this.closedNotified) return;
    this.closedNotified = true;
    this.options.onClosed();
  }

  private stopEverything(): void {
    const { parts } = this.options;
    this.current = "closed";
    parts.socket.discard();
    parts.delivery.close();
    this.clearTimer("handshakeTimer");
    parts.keepalive.stop();
    this.clearTimer("limitTimer");
    this.clearTimer("graceTimer");
    this.clearTimer("tailTimer");
    parts.listening.close();
  }

  private clearTimer(name: "handshakeTimer" | "limitTimer" | "graceTimer" | "tailTimer"): void {
    const timer = this[name];
    if (timer) clearTimeout(timer);
    this[name] = null;
  }
}

function describeDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds % 60 === 0 && seconds >= 60) return seconds === 60 ? "1 minute" : `${seconds / 60} minutes`;
  return seconds === 1 ? "1 second" : `${seconds} seconds`;
}
