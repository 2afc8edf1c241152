/**
 * Recognition's tuned values, each chosen by measurement (the benches named beside it): how the
 * decoders search and how many there are, when a first turn is heard again through its own
 * channel, the domain model's weight, noise suppression, turn detection and the transcript
 * deadline. Change one only with its bench run before and after, the held-out split apart. The
 * modules that use them take them as options; startRecognition (index.ts) hands these over.
 */
import type { LanguageModelPoolOptions } from "./decoders/pool";
import type { DecoderArgs } from "./pocketsphinx";
import type { NoiseSuppressionOptions } from "./recognizer";
import type { VoiceActivityOptions } from "./voice-activity";

/**
 * How the decoders search (beside their model and dictionary); the benches that compare
 * recognition designs decode with the same.
 */
export const DECODER_SEARCH: DecoderArgs = {
  // The voice activity detector already segmented the utterance; the decoder must hear all of it.
  remove_silence: "no",
  // The second, flat-lexicon pass over the turn: it runs when the turn ends, so its cost is paid
  // in reply latency, and it lost fewer words on the cross-validated tuning split, on the recordings
  // of people and in the tuning split's noisy rooms (DESIGN.md, "Choosing the recogniser").
  fwdflat: "yes",
  // The second pass searches words the first pass found starting within this many frames (default
  // 25): where the recogniser struggles (an overdriven microphone, café babble at 10 dB) the first
  // pass finds many, and the wider window cost about a tenth of a second more at the end of the
  // turn, with no more answers understood in the tuning split's rooms.
  fwdflatsfwin: "10",
  // A tighter cap on active states (default 30,000): less CPU, and the default heard no more in any
  // room of the tuning split.
  maxhmmpf: "5000",
};

/**
 * How far (Euclidean, cepstra 1-12) a first turn's own mean may lie from the warm-up's before the
 * turn is heard again with its own. Chosen on the evaluation set's tuning split: quiet rooms, café
 * babble and pink noise at 15 dB lay below 40, telephone-band calls at 63 or more; espeak-ng's
 * voice, unlike any the warm-up heard, lies at 39-51 and is heard again, which suits it
 * (agent/bench/rooms.ts; DESIGN.md, "A first turn heard through its own channel").
 */
export const MISMATCHED_CHANNEL_DISTANCE = 40;

/**
 * How far a first turn's loudness (c0, about a decibel per unit) may lie from the warm-up's
 * before the turn is heard again with its own mean. Live CMN takes loudness out with the mean it
 * starts from, so a microphone 24 dB quieter than the warm-up had most of its first turn heard as
 * near-silence. Chosen on the tuning split: quiet rooms, noise, reverberation, the telephone band,
 * tempo and unseen voices lay within 13.1; the quiet microphone (-24 dB) beyond 19, the overdriven
 * one mostly beyond 15 (DESIGN.md, "A first turn heard through its own channel").
 */
export const MISMATCHED_LEVEL = 15;

export const DEFAULT_POOL_OPTIONS: LanguageModelPoolOptions = {
  lanes: 2,
  maxDecoders: 16,
  // All of them: ~16 MB each, and none made while calls are waiting.
  warmDecoders: 16,
  // One per lane before the agent listens: it is ready in seconds, and the rest are made in the next few.
  readyDecoders: 2,
  vocabularySize: 10_000,
  mismatchedChannelDistance: MISMATCHED_CHANNEL_DISTANCE,
  mismatchedLevel: MISMATCHED_LEVEL,
  decoderArgs: {},
};

/**
 * The domain model's share of the interpolated language model. Measured on the evaluation set's
 * tuning split (agent/bench/recognition-designs.ts) and again under noise, the telephone band
 * and reverberation (agent/bench/rooms.ts --domain-weight): see DESIGN.md, "Recognition".
 */
export const DEFAULT_DOMAIN_WEIGHT = 0.5;

/**
 * When the recogniser hears the visitor through RNNoise: in rooms whose noise floor is -50 dBFS or
 * louder. Measured on the tuning split (npm run bench -- rooms): see DESIGN.md, "Recognition and understanding".
 */
export const DEFAULT_NOISE_SUPPRESSION: NoiseSuppressionOptions = { enabled: true, fromFloorDbfs: -50 };

/**
 * The hangover is the latency budget's biggest item (end of speech -> first agent audio, 700 ms at
 * p50): docs/speech.md §3 saw a 300 ms hangover split a long sentence, and 400 ms keeps the pauses of
 * commas and short hesitations inside one turn (npm run bench -- understanding counts the splits).
 */
export const DEFAULT_VOICE_ACTIVITY: VoiceActivityOptions = {
  mode: 3,
  openMs: 60,
  openWindowMs: 100,
  realSpeechMs: 300,
  minSpeechMs: 200,
  hangoverMs: 400,
  // A question is answered after this much silence instead of the hangover (recognizer.ts,
  // "considerEndingAtPause"): the latency budget's biggest item halved for the turns that allow it.
  pauseMs: 200,
  maxTurnMs: 15_000,
  aboveFloorDb: 10,
  // On a silent line the floor sets no limit, and the turn ended ~110 ms after the speech did (the
  // last word's fade and libfvad's own overhang); 40 dB below the loudest frames it ends ~75 ms
  // sooner, as in a quiet room, with no more pauses heard inside speech than a -60 dBFS room has
  // (npm run bench -- turn-end, the tuning split).
  belowLoudDb: 40,
  spreadFactor: 0,
  floorPercentile: 0.15,
};

/**
 * The shortest gap between two partial hypotheses of a turn being spoken (the visitor's words
 * shown as they speak): each costs a backtrace on the decoder's lane, at streaming priority. A
 * few a second reads as live; change it only with `npm run bench -- agent` run before and after.
 */
export const DEFAULT_PARTIAL_INTERVAL_MS = 400;

/**
 * How long the end of a turn waits for its transcript by default. Decoding normally finishes well
 * within a tenth of a second of the turn's end (the second pass over the turn); when the machine
 * is overloaded the decoders' queue grows, and past this the turn is announced with no words
 * ("sorry, bad line" is a phone call's normal failure; a caller who goes quiet for seconds is
 * not), and the abandoned decode frees its decoder.
 */
export const DEFAULT_TRANSCRIPT_DEADLINE_MS = 1_000;
