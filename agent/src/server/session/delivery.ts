import type { Logger } from "../../log";
import { heardText } from "../../speech/synthesis/alignment";
import { pcmToBase64 } from "../../speech/audio";
import type { Voice } from "../../speech";
import { AudioPacer, SpokenTurn, type TurnOutcome } from "./audio-pacer";
import { agentResponseFrame, audioFrame, chatResponsePartFrame, type ServerFrame } from "../messages";
import { streamText } from "./text-stream";
import type { SessionTuning } from "../tuning";

export type DeliveryOptions = {
  readonly voice: Pick<Voice, "speak">;
  readonly tuning: Pick<SessionTuning, "audioChunkMs" | "audioLeadMs" | "textDeltaIntervalMs">;
  readonly log: Logger;
  readonly now: () => number;
  readonly send: (frame: ServerFrame) => boolean;
  /** A pacer timer threw (a bug): the owner ends the call. */
  readonly onFailure: (what: string, error: unknown) => void;
};

/** What was left of an agent line that the visitor cut off. */
export type CutLine = { readonly eventId: number; readonly text: string; readonly heard: string };

/**
 * The agent's lines going out, one at a time: in a voice call `agent_response` then the line's
 * audio, sentence by sentence, paced to the client's playback with the alignment of each chunk
 * (audio-pacer.ts); in a text-only call the line streamed as the service streams a model's
 * output (text-stream.ts). It knows which line is playing, so it can cut it and say how much
 * of it was heard. Turn ids come from the caller of `speak`.
 */
export class Delivery {
  private textOnly = false;
  private currentTurn: SpokenTurn | null = null;
  private readonly pacer: AudioPacer;
  /** Aborted when the call closes: its lines still waiting for the synthesizer are dropped. */
  private readonly lifetime = new AbortController();

  constructor(private readonly options: DeliveryOptions) {
    const { tuning, log, now, send } = options;
    this.pacer = new AudioPacer({
      chunkMs: tuning.audioChunkMs,
      leadMs: tuning.audioLeadMs,
      now,
      send: (turn, pcm, alignment) => send(audioFrame(pcmToBase64(pcm), turn.id, alignment)),
      onSynthesisError: (turn, error) => log.error({ err: error, eventId: turn.id }, "synthesis failed; the rest of the line went out as text only"),
      onFailure: options.onFailure,
    });
  }

  /** Text-only calls (conversation.text_only) get their lines as streamed text, never audio. */
  useTextOnly(textOnly: boolean): void {
    this.textOnly = textOnly;
  }

  /**
   * Sends one line under `eventId`; resolves when it has played (estimated), was cut, or the call
   * closed. `endOfTurnAt` (the visitor's turn this answers) times the reply's latency in the logs.
   */
  speak(text: string, eventId: number, endOfTurnAt: number | undefined, isOpening: boolean): Promise<TurnOutcome> {
    const turn = new SpokenTurn(eventId, text);
    if (this.lifetime.signal.aborted) {
      turn.settle("stopped");
      return turn.done;
    }
    this.currentTurn = turn;
    if (this.textOnly) return this.streamLine(turn, endOfTurnAt, isOpening);
    this.options.send(agentResponseFrame(text, eventId));
    if (text.trim() === "") {
      turn.settle("finished");
      return turn.done;
    }
    if (endOfTurnAt !== undefined) turn.onFirstAudio = (sentAt) => this.options.log.debug({ latencyMs: Math.round(sentAt - endOfTurnAt) }, "first reply audio sent");
    // The turn's sentences stop being synthesized when it stops, or when the call ends.
    const signal = AbortSignal.any([turn.synthesis.signal, this.lifetime.signal]);
    return this.pacer.play(turn, this.options.voice.speak(text, signal));
  }

  /**
   * The visitor talks over the line: its audio stops at once, and what was heard of it (cut to
   * whole words) comes back for the correction. A reply being streamed as text is not cut: it
   * runs to its end (it takes a second). Null when nothing can be cut.
   */
  cut(): CutLine | null {
    const turn = this.textOnly ? null : this.activeTurn();
    if (!turn) return null;
    return { eventId: turn.id, text: turn.text, heard: heardText(turn.text, this.pacer.stop(turn, "interrupted")) };
  }

  /** Stops the line going out, if any, without an interruption (the call is ending). */
  stop(): void {
    const turn = this.activeTurn();
    if (turn) this.pacer.stop(turn, "stopped");
  }

  /** The call closed: the line stops and nothing more is synthesized or sent. */
  close(): void {
    this.lifetime.abort();
    this.stop();
  }

  private activeTurn(): SpokenTurn | null {
    return this.currentTurn && !this.currentTurn.settled ? this.currentTurn : null;
  }

  /**
   * A text-only reply, as the service streams it: agent_chat_response_part start, deltas, stop,
   * then the whole agent_response, all under the turn's id. The opening is the agent's fixed
   * first message, not a model's output, so it goes out whole, as ElevenLabs' own test double
   * of the service sends it (convai-widget-core mocks).
   */
  private async streamLine(turn: SpokenTurn, endOfTurnAt: number | undefined, isOpening: boolean): Promise<TurnOutcome> {
    const { send, log, now, tuning } = this.options;
    if (isOpening || turn.text.trim() === "") send(agentResponseFrame(turn.text, turn.id));
    else {
      if (endOfTurnAt !== undefined) log.debug({ latencyMs: Math.round(now() - endOfTurnAt) }, "reply streaming");
      await streamText(
        turn.text,
        tuning.textDeltaIntervalMs,
        { part: (type, piece) => send(chatResponsePartFrame(type, piece, turn.id)), whole: () => send(agentResponseFrame(turn.text, turn.id)) },
        AbortSignal.any([turn.synthesis.signal, this.lifetime.signal]),
      );
    }
    turn.settle(this.lifetime.signal.aborted ? "stopped" : "finished");
    return turn.done;
  }
}
