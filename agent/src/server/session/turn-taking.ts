import { spokenTurn, type CallerEnd, type CallerReply, type CallerSession, type VisitorTurn } from "../../caller";
import type { Logger } from "../../log";
import type { Utterance } from "../../speech";
import type { LineOutcome } from "./audio-pacer";
import { shownTranscript } from "./caption";
import { agentResponseCorrectionFrame, interruptionFrame, tentativeUserTranscriptFrame, userTranscriptFrame, type ServerFrame } from "../messages";
import type { Delivery } from "./delivery";
import type { SilenceWatch } from "./silence";

/** The part of the call's delivery turn-taking drives: one line at a time, and cutting it. */
export type LineOut = Pick<Delivery, "speak" | "cut">;

/** How a reply that ends the call hands over to the call's lifecycle. */
export type EndingHooks = {
  /** Before the closing line goes out, under the line's event id. */
  readonly begin: (end: CallerEnd, eventId: number) => void;
  /** The closing line has played, or stopped. */
  readonly closingLineDone: (eventId: number, outcome: LineOutcome, end: CallerEnd) => void;
};

export type TurnTakingOptions = {
  readonly caller: Pick<CallerSession, "respond" | "silence">;
  readonly log: Logger;
  readonly send: (frame: ServerFrame) => boolean;
  /** Whether the call still takes visitor turns (not while it is ending or closed). */
  readonly isLive: () => boolean;
  readonly ending: EndingHooks;
  /** Visitor turns waiting for an answer at once; more are dropped (timings.maxQueuedTurns). */
  readonly maxQueuedTurns: number;
  /** The silent-visitor clocks (silence.ts): told when the caller speaks, when its line has played and when the visitor shows up. */
  readonly silence: Pick<SilenceWatch, "callerTurn" | "waitForVisitor" | "visitorActive">;
};

/**
 * Who speaks when: the visitor's turns (spoken or typed) interrupt the agent's line (barge-in),
 * wait in a short queue, and are answered one at a time, in order; and every frame that names
 * a turn gets its event id here, ids only ever increasing (docs/protocol.md §4.2).
 */
export class TurnTaking {
  private nextEventId = 1;
  /** The id an interruption gave the visitor's turn, reused by its transcript. */
  private interruptingTurnId: number | null = null;
  private visitorTurnsWaiting = 0;
  private replies: Promise<void> = Promise.resolve();
  /** The delivery the call chose when it started (lifecycle.ts); none before: nothing is said until then. */
  private lines: LineOut | null = null;

  constructor(private readonly options: TurnTakingOptions) {}

  allocateEventId(): number {
    const id = this.nextEventId;
    this.nextEventId += 1;
    return id;
  }

  /** Replies go out one at a time, in order; `task` runs after everything queued before it. */
  chain(task: () => Promise<void>): void {
    this.replies = this.replies.then(task).catch((error: unknown) => {
      this.options.log.error({ err: error }, "a reply failed");
    });
  }

  /** The call has started: its lines go out through the delivery it chose (a voice call's or a typed call's). */
  start(lines: LineOut): void {
    this.lines = lines;
  }

  /** The caller's opening line, queued like any reply. */
  open(opening: CallerReply): void {
    this.chain(() => this.deliver(opening, { isOpening: true }));
  }

  /** The visitor has started speaking for real: the agent's line stops. */
  speechStarted(): void {
    if (!this.options.isLive()) return;
    this.options.silence.visitorActive();
    this.interruptLine();
  }

  /**
   * The words heard so far in the turn the visitor is speaking (the decoder's partial
   * hypothesis), as the service's tentative_user_transcript: under the id the turn's transcript
   * will have, so a client can replace the one with the other.
   */
  tentative(words: string): void {
    if (!this.options.isLive() || words === "") return;
    this.options.send(tentativeUserTranscriptFrame(words, this.nextVisitorTurnId()));
  }

  /** user_activity, or anything else that shows the visitor is there without a turn. */
  visitorActive(): void {
    if (this.options.isLive()) this.options.silence.visitorActive();
  }

  /** The turn timeout passed in silence: the caller speaks again, in its own words (unless a turn is already on its way). */
  silencePrompt(): void {
    if (!this.options.isLive() || this.visitorTurnsWaiting > 0) return;
    this.chain(() => this.deliver(this.options.caller.silence("prompt")));
  }

  /** The silence timeout passed: the caller's closing line, which ends the call. */
  silenceEnd(): void {
    if (!this.options.isLive()) return;
    this.chain(() => this.deliver(this.options.caller.silence("end")));
  }

  /**
   * Every utterance is a turn: its transcript goes to the page (so the visitor sees what was
   * heard, "(inaudible)" when no words came out), then to the caller, which decides whether
   * it understood. Speech over the agent's line has already interrupted it (speechStarted);
   * an utterance that arrives without that start interrupts here.
   */
  spoken(utterance: Utterance): void {
    if (!this.options.isLive()) return;
    this.options.silence.visitorActive();
    this.interruptLine();
    this.options.send(userTranscriptFrame(shownTranscript(utterance), this.visitorTurnId()));
    this.interruptingTurnId = null;
    this.options.log.debug({ words: utterance.transcript === "" ? 0 : utterance.transcript.split(" ").length, alternatives: utterance.alternatives?.length ?? 0 }, "visitor turn (speech)");
    this.enqueue(spokenTurn(utterance), utterance.endOfTurnAt);
  }

  typed(text: string): void {
    if (!this.options.isLive()) {
      this.options.log.debug("typed turn ignored: the call is ending");
      return;
    }
    this.options.silence.visitorActive();
    // Typed over a spoken line, it interrupts it as speech would (delivery.ts: a streamed text line runs to its end).
    this.interruptLine();
    // Not echoed: the service sends no user_transcript for a typed turn, and clients show the
    // line themselves when they send it (an echo shows it twice in ElevenLabs' widget).
    this.interruptingTurnId = null;
    this.options.log.debug({ chars: text.length }, "visitor turn (typed)");
    this.enqueue({ via: "text", text }, undefined);
  }

  /**
   * The visitor talks over the agent: the line stops, the client is told (with an id above the
   * interrupted turn's, so the SDK drops that turn's late audio, docs/protocol.md §4.2) and the
   * agent's line is corrected to what was heard.
   */
  private interruptLine(): void {
    const cut = this.lines?.cut() ?? null;
    if (!cut) return;
    const id = this.allocateEventId();
    this.interruptingTurnId = id;
    this.options.send(interruptionFrame(id));
    this.options.send(agentResponseCorrectionFrame(cut.text, cut.heard, cut.eventId));
    this.options.log.debug({ interruptedEventId: cut.eventId, heardChars: cut.heard.length }, "visitor interrupted the agent");
  }

  /** The interruption's id when nothing was sent since, else a new one: ids only increase. */
  private visitorTurnId(): number {
    return this.reusableInterruptionId() ?? this.allocateEventId();
  }

  /** The id visitorTurnId() would give now, without taking it (tentative transcripts share their turn's). */
  private nextVisitorTurnId(): number {
    return this.reusableInterruptionId() ?? this.nextEventId;
  }

  private reusableInterruptionId(): number | null {
    return this.interruptingTurnId !== null && this.interruptingTurnId === this.nextEventId - 1 ? this.interruptingTurnId : null;
  }

  private enqueue(turn: VisitorTurn, endOfTurnAt: number | undefined): void {
    if (this.visitorTurnsWaiting >= this.options.maxQueuedTurns) {
      this.options.log.warn("dropped a visitor turn: too many waiting for an answer");
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
    if (!this.options.isLive()) return;
    let reply: CallerReply;
    try {
      reply = await this.options.caller.respond(turn);
    } catch (error) {
      this.options.log.error({ err: error }, "the caller failed to answer a turn; it was skipped");
      return;
    }
    if (!this.options.isLive()) return;
    await this.deliver(reply, { endOfTurnAt, answersTurn: true });
  }

  /**
   * The agent's turn: one id for its line, and for the debrief when the line ends the call. Once
   * the line has played, the call waits on the visitor (silence.ts) unless more of their turns wait.
   */
  private async deliver(reply: CallerReply, line: { endOfTurnAt?: number; isOpening?: boolean; answersTurn?: boolean } = {}): Promise<void> {
    const { endOfTurnAt, isOpening = false, answersTurn = false } = line;
    const lines = this.lines;
    if (!this.options.isLive() || !lines) return;
    const id = this.allocateEventId();
    const end = reply.end;
    if (end !== undefined) this.options.ending.begin(end, id);
    this.options.silence.callerTurn();
    const outcome = await lines.speak({ text: reply.text, eventId: id, endOfTurnAt, isOpening });
    if (end !== undefined) this.options.ending.closingLineDone(id, outcome, end);
    else if (outcome === "finished" && this.visitorTurnsWaiting === (answersTurn ? 1 : 0)) this.options.silence.waitForVisitor();
  }
}
