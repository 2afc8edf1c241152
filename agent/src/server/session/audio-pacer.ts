import { alignmentForChunk, charsHeard, type ChunkAlignment } from "../../speech/chunk-alignment";
import { chunkPcm, durationMs } from "../../speech/audio";
import type { CharTimeline, SpokenPart } from "../../speech";

/**
 * The call's outbound audio: each agent line's sentences, cut into chunks and sent paced to
 * the client's playback, `leadMs` ahead of it. The server then knows roughly what the
 * visitor has heard (for interruptions, and for when the closing line has played), an
 * interruption leaves little already-sent audio behind, and the client never gets stale
 * audio. Each chunk carries the alignment of the characters that start in it.
 */

export type LineOutcome = "finished" | "interrupted" | "stopped";

export type PacerOptions = {
  readonly chunkMs: number;
  readonly leadMs: number;
  readonly now: () => number;
  /** Sends one chunk of `line`; false when the socket can take no more (the line stops). */
  readonly send: (line: SpokenLine, pcm: Int16Array, alignment: ChunkAlignment) => boolean;
  /** Synthesis failed partway: what was sent plays, the rest of the line goes out as text only. */
  readonly onSynthesisError: (line: SpokenLine, error: unknown) => void;
  /** A timer callback threw (a bug): the call is ended by the owner. */
  readonly onFailure: (what: string, error: unknown) => void;
};

type Chunk = { readonly pcm: Int16Array; readonly alignment: ChunkAlignment; readonly playAt: number; readonly ms: number };
type ScheduledPart = { readonly playAt: number; readonly timeline: CharTimeline; readonly firstChar: number };

/** One agent line being spoken: its text and audio share `id` (docs/protocol.md §4.2). */
export class SpokenLine {
  /** Aborted when the line stops: its sentences still waiting for the synthesizer are dropped. */
  readonly synthesis = new AbortController();
  readonly done: Promise<LineOutcome>;
  settled = false;
  /** Called once, when the line's first chunk has gone out (latency logs). */
  onFirstAudio: ((sentAt: number) => void) | null = null;
  private audioSent = false;
  private resolve: (outcome: LineOutcome) => void = () => undefined;
  private readonly parts: ScheduledPart[] = [];
  private chars = 0;
  readonly pending: Chunk[] = [];
  /** When the audio scheduled so far ends (client's clock, estimated). */
  scheduledEnd = 0;
  synthesisDone = false;
  timer: NodeJS.Timeout | null = null;

  constructor(
    readonly id: number,
    readonly text: string,
  ) {
    this.done = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  settle(outcome: LineOutcome): void {
    if (this.settled) return;
    this.settled = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.length = 0;
    this.synthesis.abort();
    this.resolve(outcome);
  }

  firstAudioSent(at: number): void {
    if (this.audioSent) return;
    this.audioSent = true;
    this.onFirstAudio?.(at);
  }

  schedule(part: SpokenPart, playAt: number): void {
    this.parts.push({ playAt, timeline: part.timeline, firstChar: this.chars });
    this.chars += part.timeline.chars.length;
  }

  /** Characters of the line the client has heard in full at `at`, counting only audio actually sent. */
  heardChars(at: number, sentUntil: number): number {
    const until = Math.min(at, sentUntil);
    let heard = 0;
    for (const part of this.parts) {
      if (until <= part.playAt) break;
      const inPart = charsHeard(part.timeline, until - part.playAt);
      heard = part.firstChar + inPart;
      if (inPart < part.timeline.chars.length) break;
    }
    return heard;
  }
}

export class AudioPacer {
  /** When the client will have played every chunk sent so far (estimate, performance.now() clock). */
  private sentUntil = 0;

  constructor(private readonly options: PacerOptions) {}

  get playbackEndsAt(): number {
    return this.sentUntil;
  }

  /** Plays the line's sentences as they come; resolves when the last one has played (estimated) or the line stops. */
  play(line: SpokenLine, parts: AsyncIterable<SpokenPart>): Promise<LineOutcome> {
    void this.consume(line, parts);
    return line.done;
  }

  /** Stops the line at once (interruption, end of call): nothing more of it is sent. Returns the characters heard. */
  stop(line: SpokenLine, outcome: "interrupted" | "stopped"): number {
    const at = this.options.now();
    const heard = line.heardChars(at, this.sentUntil);
    line.settle(outcome);
    // The client flushes its queue on an interruption (docs/protocol.md §2.5).
    this.sentUntil = Math.min(this.sentUntil, at);
    return heard;
  }

  private async consume(line: SpokenLine, parts: AsyncIterable<SpokenPart>): Promise<void> {
    try {
      for await (const part of parts) {
        if (line.settled) return;
        this.enqueue(line, part);
        this.pump(line);
      }
    } catch (error) {
      if (line.settled) return;
      this.options.onSynthesisError(line, error);
    }
    line.synthesisDone = true;
    if (!line.settled) this.pump(line);
  }

  private enqueue(line: SpokenLine, part: SpokenPart): void {
    const partMs = durationMs(part.pcm);
    const playAt = Math.max(this.options.now(), this.sentUntil, line.scheduledEnd);
    line.schedule(part, playAt);
    if (partMs === 0) return;
    const chunks = chunkPcm(part.pcm, this.options.chunkMs);
    let offset = 0;
    chunks.forEach((pcm, index) => {
      const ms = durationMs(pcm);
      const alignment = alignmentForChunk(part.timeline, offset, offset + ms, index === chunks.length - 1);
      line.pending.push({ pcm, alignment, playAt: playAt + offset, ms });
      offset += ms;
    });
    line.scheduledEnd = playAt + partMs;
  }

  /** Sends every chunk that is due, then waits for the next one, or for the end of playback. */
  private pump(line: SpokenLine): void {
    if (line.settled) return;
    if (line.timer) clearTimeout(line.timer);
    line.timer = null;
    const at = this.options.now();
    while (line.pending.length > 0) {
      const chunk = line.pending[0]!;
      const dueAt = chunk.playAt - this.options.leadMs;
      if (dueAt > at) {
        line.timer = setTimeout(() => this.guarded(() => this.pump(line)), dueAt - at);
        return;
      }
      line.pending.shift();
      if (!this.options.send(line, chunk.pcm, chunk.alignment)) {
        line.settle("stopped");
        return;
      }
      line.firstAudioSent(at);
      this.sentUntil = Math.max(this.sentUntil, chunk.playAt + chunk.ms);
    }
    if (!line.synthesisDone) return;
    line.timer = setTimeout(() => line.settle("finished"), Math.max(0, this.sentUntil - at));
  }

  private guarded(action: () => void): void {
    try {
      action();
    } catch (error) {
      this.options.onFailure("audio pacer", error);
    }
  }
}
