/**
 * Synthesis: the caller's voice. A pool of flite workers (synthesizer.ts, flite-worker.mjs) or
 * resident festival processes (festival.ts), and the sentence cache in front of either (voice.ts).
 */
import type { SpeechLog } from "../types";
import { festivalEngine, festivalHtsInstalled, FESTIVAL_HTS_PACKAGES } from "./festival";
import { createFlitePool, createSynthesisPool, type SynthesisPool, type SynthesisPoolOptions } from "./synthesizer";
import type { VoiceOptions } from "./voice";

export { createFlitePool, defaultWorkerCount, MAX_WORKERS } from "./synthesizer";
export { createVoice } from "./voice";

export type SynthesisOptions = {
  /** The synthesis pool (worker threads or processes, timeout). */
  synthesizer?: SynthesisPoolOptions;
  /**
   * The caller's voice: festival's slt HTS voice (resident festival processes; the default when
   * Debian's festival and festvox-us-slt-hts are installed) or flite's slt (npm, always there).
   * Measured: npm run bench -- caller-voice.
   */
  voiceEngine?: CallerVoice;
  /** The sentence cache. */
  voice?: VoiceOptions;
  /**
   * Lines every call opens with: synthesized into the cache while recognition sets up, so the
   * first calls find their greeting ready without the agent waiting for it after that set-up.
   */
  openings?: readonly string[];
};

export const callerVoices = ["festival", "flite"] as const;
export type CallerVoice = (typeof callerVoices)[number];

/** The pool for the caller's voice: festival when asked for (or by default) and installed, otherwise flite. */
export function chooseSynthesizer(log: SpeechLog, options: SynthesisOptions): { synthesizer: SynthesisPool; voice: CallerVoice } {
  const wanted = options.voiceEngine ?? "festival";
  if (wanted === "festival") {
    if (festivalHtsInstalled()) return { synthesizer: createSynthesisPool(festivalEngine(), options.synthesizer), voice: "festival" };
    log.warn(`festival's HTS voice is not installed: the caller speaks with flite. To give it the more natural voice, run: apt-get install ${FESTIVAL_HTS_PACKAGES}`);
  }
  return { synthesizer: createFlitePool(options.synthesizer), voice: "flite" };
}
