/**
 * Grammar decoders, made ready for a call and kept for the next call with the same grammar.
 *
 * Why keep them: building a JSGF search in Debian's pocketsphinx 5prealpha leaks ~100-170 KB
 * that freeing the decoder does not return (measured: 200 create/free cycles with a playbook's
 * grammar), and takes ~30 ms of the event loop. The playbooks have a handful of grammars, so a
 * decoder handed back at the end of a call serves the next call with that grammar: no leak and
 * ~7 ms to get ready. Idle decoders are capped (least recently used freed first); at the cap
 * the memory kept is what that many concurrent calls used anyway.
 */
import { samplesForMs, whiteNoise } from "./audio";
import type { GrammarPlan } from "./grammar";
import type { Decoder, Pocketsphinx } from "./pocketsphinx";

/** -vad_postspeech counts 10 ms frames: 50 = 500 ms of silence ends the turn (REPORT §3). */
export const VAD_HANGOVER_FRAMES = 50;
export const DEFAULT_MAX_IDLE_GRAMMAR_DECODERS = 20;

const GRAMMAR_SEARCH = "grammar";
const PRIMER_SEARCH = "primer";

/**
 * The detector's noise estimate starts at zero, so a fresh decoder takes the first second of
 * any microphone's background noise for speech: a false barge-in on the greeting and a "bad
 * line" turn. It adapts down quickly but up slowly, so it first hears 1.5 s of loud noise
 * (-30 dBFS, louder than a usable line); measured: no false start for backgrounds from silence
 * to -30 dBFS, speech 30 dB below full scale still detected from the first second. A reused
 * decoder gets the same, since the previous caller's line may have been quieter.
 */
const DETECTOR_PRIMER = whiteNoise(samplesForMs(1500), -30, 0x5eed);

export class GrammarDecoders {
  /** Idle decoders, least recently used first, with the grammar each was built for. */
  private idle: { jsgf: string; decoder: Decoder }[] = [];
  private closed = false;

  constructor(
    private readonly pocketsphinx: Pocketsphinx,
    private readonly maxIdle = DEFAULT_MAX_IDLE_GRAMMAR_DECODERS,
  ) {}

  get idleCount(): number {
    return this.idle.length;
  }

  /** A decoder for `plan`, its detector primed and an utterance started; null when pocketsphinx refuses. */
  take(plan: GrammarPlan): Decoder | null {
    if (this.closed) return null;
    for (let i = this.idle.length - 1; i >= 0; i--) {
      const entry = this.idle[i];
      if (entry?.jsgf !== plan.jsgf) continue;
      this.idle.splice(i, 1);
      if (this.prime(entry.decoder)) return entry.decoder;
      entry.decoder.free();
    }
    return this.build(plan);
  }

  /** Takes a decoder back after its call; it is kept for the next call with the same grammar or freed. */
  give(plan: GrammarPlan, decoder: Decoder): void {
    if (decoder.freed) return;
    if (this.closed || this.maxIdle <= 0) {
      decoder.free();
      return;
    }
    this.idle.push({ jsgf: plan.jsgf, decoder });
    while (this.idle.length > this.maxIdle) this.idle.shift()?.decoder.free();
  }

  close(): void {
    this.closed = true;
    for (const { decoder } of this.idle.splice(0)) decoder.free();
  }

  private build(plan: GrammarPlan): Decoder | null {
    // No -dict: the decoder starts with fillers only and gets the grammar's words added, so no
    // trimmed dictionary file has to be written anywhere.
    const decoder = this.pocketsphinx.createDecoder({ hmm: this.pocketsphinx.paths.acousticModel, vad_postspeech: String(VAD_HANGOVER_FRAMES) });
    if (!decoder) return null;
    const firstWord = plan.dictionary[0]?.word ?? "";
    const ready =
      plan.dictionary.every(({ word, phones }) => decoder.addWord(word, phones, false)) &&
      // Priming searches a one-word grammar: searching the real one for 1.5 s of noise would cost ~40 ms instead of ~7.
      decoder.addJsgf(PRIMER_SEARCH, `#JSGF V1.0;\ngrammar primer;\npublic <any> = ${firstWord};\n`) &&
      decoder.addJsgf(GRAMMAR_SEARCH, plan.jsgf) &&
      this.prime(decoder);
    if (ready) return decoder;
    decoder.free();
    return null;
  }

  /** The detector lives in the front end and keeps its state across searches. */
  private prime(decoder: Decoder): boolean {
    decoder.endUtterance();
    return (
      decoder.useSearch(PRIMER_SEARCH) &&
      decoder.startUtterance() &&
      decoder.process(DETECTOR_PRIMER) &&
      decoder.endUtterance() &&
      decoder.useSearch(GRAMMAR_SEARCH) &&
      decoder.startUtterance()
    );
  }
}
