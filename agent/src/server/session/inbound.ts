import type { Logger } from "../../log";
import { createAbuseBudget, type AbuseLimits } from "../abuse";
import { closes, type Close } from "@mockingbird/contract/close-reasons";
import { parseClientFrame, type ClientFrame, type EventRef, type InitData } from "../messages";

/** Where the client's frames go, once admitted and parsed. */
export type InboundHandlers = {
  /** conversation_initiation_client_data, usable: the call starts. */
  readonly init: (init: InitData) => void;
  readonly audio: (pcm: Int16Array) => void;
  /** False for a pong that answers no ping in flight. */
  readonly pong: (eventId: EventRef) => boolean;
  readonly typed: (text: string) => void;
  /** user_activity: the visitor is there (it restarts the silence clock, as on the service). */
  readonly activity: () => void;
};

export type InboundOptions = {
  readonly log: Logger;
  readonly now: () => number;
  readonly abuse: AbuseLimits;
  readonly maxTypedChars: number;
  /** Before the handshake only init is welcome; after it the call's frames. */
  readonly awaitingInit: () => boolean;
  readonly close: (close: Close) => void;
  readonly handlers: InboundHandlers;
};

/**
 * The protocol inbound (docs/protocol.md §3.1): every client frame is charged to the call's
 * abuse budget, parsed (total: nothing throws) and routed by the call's phase. A bad frame is
 * ignored and logged (a warning the first time per kind) and costs a strike; a client that
 * floods or keeps sending garbage is closed with the catalogue's reason.
 */
export class InboundFrames {
  private readonly abuse;
  private readonly warnedAbout = new Set<string>();

  constructor(private readonly options: InboundOptions) {
    this.abuse = createAbuseBudget(options.abuse, options.now());
  }

  receive(bytes: Buffer, isBinary: boolean): void {
    const { log, now } = this.options;
    if (!this.abuse.admitFrame(now(), bytes.length)) {
      log.warn("closing: message flood");
      this.options.close(closes.flood);
      return;
    }
    const frame = parseClientFrame(bytes, isBinary, { maxTypedChars: this.options.maxTypedChars });
    if (this.options.awaitingInit()) this.beforeInit(frame);
    else this.inCall(frame);
  }

  private beforeInit(frame: ClientFrame): void {
    switch (frame.kind) {
      case "init":
        this.options.handlers.init(frame.init);
        return;
      case "init-invalid":
        this.options.log.warn({ reason: frame.reason }, "refusing the call: invalid initiation data");
        this.options.close({ code: 1008, reason: frame.reason });
        return;
      case "bad":
        this.reject(frame.problem, frame.detail);
        return;
      default:
        // The SDK always sends its init frame first (docs/protocol.md §2.3); audio before it is a broken client.
        this.reject("before-handshake", frame.kind);
    }
  }

  private inCall(frame: ClientFrame): void {
    const { log, handlers } = this.options;
    switch (frame.kind) {
      case "audio":
        if (!this.abuse.admitAudio(this.options.now(), frame.pcm.length)) {
          log.warn("closing: audio faster than real time");
          this.options.close(closes.audioFlood);
          return;
        }
        handlers.audio(frame.pcm);
        return;
      case "pong":
        if (!handlers.pong(frame.eventId)) log.debug({ eventId: frame.eventId }, "pong for no ping in flight");
        return;
      case "user-message":
        handlers.typed(frame.text);
        return;
      case "tool-result":
        if (frame.isError) log.warn({ toolCallId: frame.toolCallId, error: frame.result.slice(0, 200) }, "the client reported a tool error");
        else log.debug({ toolCallId: frame.toolCallId }, "client tool result");
        return;
      case "contextual-update":
        log.debug({ chars: frame.chars }, "contextual_update accepted");
        return;
      case "user-activity":
        log.debug("user_activity accepted");
        handlers.activity();
        return;
      case "feedback":
        log.debug({ score: frame.score, eventId: frame.eventId }, "feedback accepted");
        return;
      case "ignored":
        log.debug({ type: frame.type }, "message accepted and ignored");
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
    this.options.log[first ? "warn" : "debug"]({ problem, detail }, "ignored a bad frame");
    if (!this.abuse.strike(this.options.now())) {
      this.options.log.warn({ problem }, "closing: repeated bad frames");
      this.options.close(closes.malformed);
    }
  }
}
