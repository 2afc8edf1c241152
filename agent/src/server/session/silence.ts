/**
 * A silent visitor, handled as ElevenLabs' service handles one (contract/turn-timing.ts):
 * - the turn timeout runs while the call waits for the visitor, from the end of the caller's
 *   line (or from the start, when the caller does not open): at it the caller speaks again;
 * - the silence timeout runs from the visitor's last sign of life (speech, a typed line,
 *   `user_activity`) whatever the caller does meanwhile: at it the call ends.
 * Only calls that can hear the visitor are watched: without a recogniser, speech would look
 * like silence.
 */
export type SilenceOptions = {
  readonly turnTimeoutMs: number;
  /** Infinity: never. */
  readonly silenceEndCallMs: number;
  /** The turn timeout passed: the caller re-prompts (its line then restarts the wait when it ends). */
  readonly onTurnTimeout: () => void;
  /** The silence timeout passed: the call ends. */
  readonly onSilenceTimeout: () => void;
};

export class SilenceWatch {
  private turnTimer: NodeJS.Timeout | null = null;
  private endTimer: NodeJS.Timeout | null = null;
  private watching = false;

  constructor(private readonly options: SilenceOptions) {}

  /** The call can hear the visitor: both clocks start (the turn one only once nothing is being said). */
  start(waitingForVisitor: boolean): void {
    this.watching = true;
    this.restartEndTimer();
    if (waitingForVisitor) this.waitForVisitor();
  }

  /** The caller's line has played out: the call waits for the visitor. */
  waitForVisitor(): void {
    if (!this.watching) return;
    this.clearTurnTimer();
    this.turnTimer = setTimeout(() => {
      this.turnTimer = null;
      this.options.onTurnTimeout();
    }, this.options.turnTimeoutMs);
  }

  /** The caller is speaking or answering: nobody is waiting on the visitor. */
  callerTurn(): void {
    this.clearTurnTimer();
  }

  /** The visitor spoke, typed or is active on the page: both clocks start again (the turn one when the caller's answer ends). */
  visitorActive(): void {
    if (!this.watching) return;
    this.clearTurnTimer();
    this.restartEndTimer();
  }

  stop(): void {
    this.watching = false;
    this.clearTurnTimer();
    if (this.endTimer) clearTimeout(this.endTimer);
    this.endTimer = null;
  }

  private restartEndTimer(): void {
    if (this.endTimer) clearTimeout(this.endTimer);
    this.endTimer = null;
    // Infinity: the call is never ended for silence (the service's -1); setTimeout would fire it at once.
    if (!Number.isFinite(this.options.silenceEndCallMs)) return;
    this.endTimer = setTimeout(() => {
      this.endTimer = null;
      this.clearTurnTimer();
      this.watching = false;
      this.options.onSilenceTimeout();
    }, this.options.silenceEndCallMs);
  }

  private clearTurnTimer(): void {
    if (this.turnTimer) clearTimeout(this.turnTimer);
    this.turnTimer = null;
  }
}
