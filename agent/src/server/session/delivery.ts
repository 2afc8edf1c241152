import type { Logger } from "../../log";
import { heardText } from "../../speech/chunk-alignment";
import { pcmToBase64 } from "../../speech/audio";
import type { Voice } from "../../speech";
import { AudioPacer, SpokenLine, type LineOutcome } from "./audio-pacer";
import { agentResponseFrame, audioFrame, chatResponsePartFrame, type ServerFrame } from "../messages";
import { streamText } from "./text-stream";
import type { SessionTimings } from "../timings";

export type DeliveryOptions = {
  readonly voice: Pick<Voice, "speak">;
  readonly timings: Pick<SessionTimings, "audioChunkMs" | "audioLeadMs" | "endCallTailMs" | "textDeltaIntervalMs">;
  readonly log: Logger;
  readonly now: () => number;
  readonly send: (frame: ServerFrame) => boolean;
  /** A pacer timer threw (a bug): the owner ends the call. */
  readonly onFailure: (what: string, error: unknown) => void;
};

/** One agent line to send. Turn ids come from the caller of `speak`. */
export type Line = {
  readonly text: string;
  readonly eventId: number;
  /** When the visitor's turn this line answers ended (performance.now()): times the reply's latency in the logs. */
  readonly endOfTurnAt?: number;
  /** The caller's opening: the agent's fixed first message, not a reply. */
  readonly isOpening?: boolean;
};

/** What was left of an agent line that the visitor cut off. */
export type CutLine = { readonly eventId: number; readonly text: string; readonly heard: string };

/**
 * How a call's lines go out, one at a time, chosen once when the call starts (lifecycle.ts): a
 * voice call's (VoiceDelivery) or a typed call's (TextDelivery). It knows which line is going
 * out, so it can cut it and say how much of it was heard.
 */
export interface Delivery {
  /** Sends one line; resolves when it has played (estimated), was cut, or the call closed. */
  speak(line: Line): Promise<LineOutcome>;
  /** The visitor talks over the line: what was heard of it (whole words), or null when nothing can be cut. */
  cut(): CutLine | null;
  /** Stops the line going out, if any, without an interruption (the call is ending). */
  stop(): void;
  /** The call closed: the line stops and nothing more is synthesized or sent. */
  close(): void;
  /** How long after a line has gone out the client may still be playing it (rttMs: the latest round trip): end_call waits for it (ending.ts). */
  playbackTailMs(rttMs: number): number;
}

/** What both deliveries share: the line going out and the call's lifetime. */
abstract class OneLineAtATime implements Delivery {
  private currentLine: SpokenLine | null = null;
  /** Aborted when the call closes: its lines still waiting for the synthesizer are dropped. */
  protected readonly lifetime = new AbortController();

  constructor(protected readonly options: DeliveryOptions) {}

  speak(line: Line): Promise<LineOutcome> {
    const spoken = new SpokenLine(line.eventId, line.text);
    if (this.lifetime.signal.aborted) {
      spoken.settle("stopped");
      return spoken.done;
    }
    this.currentLine = spoken;
    return this.sendLine(spoken, line);
  }

  abstract cut(): CutLine | null;

  abstract playbackTailMs(rttMs: number): number;

  stop(): void {
    const spoken = this.activeLine();
    if (spoken) this.stopLine(spoken);
  }

  close(): void {
    this.lifetime.abort();
    this.stop();
  }

  protected abstract sendLine(spoken: SpokenLine, line: Line): Promise<LineOutcome>;

  protected abstract stopLine(spoken: SpokenLine): void;

  protected activeLine(): SpokenLine | null {
    return this.currentLine && !this.currentLine.settled ? this.currentLine : null;
  }
}

/**
 * A voice call's lines: `agent_response`, then the line's audio, sentence by sentence, paced to
 * the client's playback with the alignment of each chunk (audio-pacer.ts).
 */
export class VoiceDelivery extends OneLineAtATime {
  private readonly pacer: AudioPacer;

  constructor(options: DeliveryOptions) {
    super(options);
    const { timings, log, now, send } = options;
    this.pacer = new AudioPacer({
      chunkMs: timings.audioChunkMs,
      leadMs: timings.audioLeadMs,
      now,
      send: (spoken, pcm, alignment) => send(audioFrame(pcmToBase64(pcm), spoken.id, alignment)),
      onSynthesisError: (spoken, error) => log.error({ err: error, eventId: spoken.id }, "synthesis failed; the rest of the line went out as text only"),
      onFailure: options.onFailure,
    });
  }

  /** Its audio stops at once, and what was heard of it (cut to whole words) comes back for the correction. */
  cut(): CutLine | null {
    const spoken = this.activeLine();
    if (!spoken) return null;
    return { eventId: spoken.id, text: spoken.text, heard: heardText(spoken.text, this.pacer.stop(spoken, "interrupted")) };
  }

  /** Half a round trip for the audio to arrive, plus the client's own buffering (the SDK stops playback on end_call). */
  playbackTailMs(rttMs: number): number {
    return this.options.timings.endCallTailMs + rttMs / 2;
  }

  protected sendLine(spoken: SpokenLine, { text, eventId, endOfTurnAt }: Line): Promise<LineOutcome> {
    this.options.send(agentResponseFrame(text, eventId));
    if (text.trim() === "") {
      spoken.settle("finished");
      return spoken.done;
    }
    if (endOfTurnAt !== undefined) spoken.onFirstAudio = (sentAt) => this.options.log.debug({ latencyMs: Math.round(sentAt - endOfTurnAt) }, "first reply audio sent");
    // The line's sentences stop being synthesized when it stops, or when the call ends.
    const signal = AbortSignal.any([spoken.synthesis.signal, this.lifetime.signal]);
    return this.pacer.play(spoken, this.options.voice.speak(text, signal));
  }

  protected stopLine(spoken: SpokenLine): void {
    this.pacer.stop(spoken, "stopped");
  }
}

/**
 * A typed call's lines (conversation.text_only), never audio: each reply streamed as the service
 * streams a model's output (text-stream.ts): agent_chat_response_part start, deltas, stop, then
 * the whole agent_response, all under the turn's id. The opening is the agent's fixed first
 * message, not a model's output, so it goes out whole, as ElevenLabs' own test double of the
 * service sends it (convai-widget-core mocks).
 */
export class TextDelivery extends OneLineAtATime {
  /** A reply being streamed is not cut: it runs to its end (it takes a second). */
  cut(): CutLine | null {
    return null;
  }

  /** Text has nothing left to play once it has gone out. */
  playbackTailMs(): number {
    return 0;
  }

  protected async sendLine(spoken: SpokenLine, { endOfTurnAt, isOpening = false }: Line): Promise<LineOutcome> {
    const { send, log, now, timings } = this.options;
    if (isOpening || spoken.text.trim() === "") send(agentResponseFrame(spoken.text, spoken.id));
    else {
      if (endOfTurnAt !== undefined) log.debug({ latencyMs: Math.round(now() - endOfTurnAt) }, "reply streaming");
      await streamText(
        spoken.text,
        timings.textDeltaIntervalMs,
        { part: (type, piece) => send(chatResponsePartFrame(type, piece, spoken.id)), whole: () => send(agentResponseFrame(spoken.text, spoken.id)) },
        AbortSignal.any([spoken.synthesis.signal, this.lifetime.signal]),
      );
    }
    spoken.settle(this.lifetime.signal.aborted ? "stopped" : "finished");
    return spoken.done;
  }

  protected stopLine(spoken: SpokenLine): void {
    spoken.settle("stopped");
  }
}
