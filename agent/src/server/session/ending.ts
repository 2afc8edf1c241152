import { debriefToolName, type CallerEnd, type CallerSession, type DebriefReason } from "../../caller";
import type { Logger } from "../../log";
import type { LineOutcome } from "./audio-pacer";
import { closes, type Close } from "@mockingbird/contract/close-reasons";
import type { Keepalive } from "./keepalive";
import { clientToolCallFrame, endCallFrame, errorFrame, type ServerFrame } from "../messages";
import type { SessionTimings } from "../timings";

export type EndingOptions = {
  readonly caller: Pick<CallerSession, "debrief">;
  readonly log: Logger;
  readonly maxCallMs: number;
  readonly timings: Pick<SessionTimings, "endGraceMs">;
  readonly send: (frame: ServerFrame) => boolean;
  readonly keepalive: Pick<Keepalive, "stop" | "rttMs">;
  /** The lifecycle's: whether the call has closed, and its ways out. */
  readonly isClosed: () => boolean;
  /** How long the client may still be playing a line that has gone out, by the call's delivery (delivery.ts). */
  readonly playbackTailMs: (rttMs: number) => number;
  readonly stopTimeLimit: () => void;
  readonly close: (close: Close) => void;
  readonly guarded: (what: string, action: () => void) => void;
};

/** Round trips above this are not believed when estimating how late the client hears the audio. */
const maxBelievedRttMs = 2_000;

/**
 * How a call ends once it is ending: the red-flag debrief (client tool `show_red_flag_debrief`),
 * end_call once the closing line has played, or the time-limit error, and then the client's
 * grace to close before the server does. Two timers: the tail before end_call and the grace.
 */
export class CallEnding {
  private toolCallCount = 0;
  private graceTimer: NodeJS.Timeout | null = null;
  /** The wait between the closing line's last audio and end_call. */
  private tailTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: EndingOptions) {}

  /** The debrief, under the event id of the line it goes with. */
  debrief(reason: DebriefReason, eventId: number): void {
    const { caller, log } = this.options;
    let debrief: ReturnType<CallerSession["debrief"]>;
    try {
      debrief = caller.debrief(reason);
    } catch (error) {
      log.error({ err: error }, "the caller could not write the debrief");
      return;
    }
    this.toolCallCount += 1;
    const toolCallId = `debrief_${eventId}_${this.toolCallCount}`;
    this.options.send(clientToolCallFrame(debriefToolName, toolCallId, debrief, eventId));
    log.info({ reason, toolCallId }, "debrief sent");
  }

  /**
   * A call ended for silence is put down by the server, as the service's platform does it (no
   * end_call: the SDK would close first and the page would never learn why); otherwise
   * end_call makes the SDK close at once, cutting off any audio still queued (docs/protocol.md §2.7,
   * complaint #419). So it goes only once the closing line has played: the pacer's estimate,
   * plus, in a voice call, half a round trip for the audio to arrive and a short tail for the
   * client's own buffering (the delivery's playbackTailMs).
   */
  closingLineDone(eventId: number, outcome: LineOutcome, end: CallerEnd): void {
    if (this.options.isClosed()) return;
    const rtt = Math.min(this.options.keepalive.rttMs ?? 0, maxBelievedRttMs);
    const tailMs = outcome === "finished" ? this.options.playbackTailMs(rtt) : 0;
    this.tailTimer = setTimeout(() => this.options.guarded("endCall", () => (end === "silent" ? this.putDown() : this.endCall(eventId))), tailMs);
  }

  /** The call reached its limit: the time-limit debrief, then the error the SDK ends the session on (docs/protocol.md §2.7). */
  timeLimitReached(eventId: number): void {
    const { maxCallMs, log } = this.options;
    this.debrief("time-limit", eventId);
    this.options.send(errorFrame({ code: 1008, errorType: "max_duration_exceeded", message: `The call reached its time limit of ${describeDuration(maxCallMs)}.` }));
    log.info({ maxCallMs }, "call limit reached");
    this.closeAfterGrace(closes.timeLimit);
  }

  /** The client normally closes first; if it does not, the server does. */
  closeAfterGrace(close: Close): void {
    this.options.keepalive.stop();
    this.options.stopTimeLimit();
    if (this.graceTimer) return;
    this.graceTimer = setTimeout(() => this.options.close(close), this.options.timings.endGraceMs);
  }

  /** The call closed: nothing more is sent. */
  stop(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    if (this.tailTimer) clearTimeout(this.tailTimer);
    this.graceTimer = null;
    this.tailTimer = null;
  }

  private putDown(): void {
    this.tailTimer = null;
    this.options.log.info("call ended after a long silence");
    this.options.close(closes.silence);
  }

  private endCall(eventId: number): void {
    this.tailTimer = null;
    if (this.options.isClosed()) return;
    this.options.send(endCallFrame(`end_call_${eventId}`, eventId));
    this.options.log.info("call ended by the caller");
    this.closeAfterGrace(closes.callEnded);
  }
}

function describeDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds % 60 === 0 && seconds >= 60) return seconds === 60 ? "1 minute" : `${seconds / 60} minutes`;
  return seconds === 1 ? "1 second" : `${seconds} seconds`;
}
