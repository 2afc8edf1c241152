/**
 * Recognition's tuned values, each chosen by measurement: how the decoders search and how many
 * there are, when a first turn is heard again through its own channel, the domain model's weight,
 * noise suppression, turn detection and the transcript deadline. Each comment says what the value
 * trades and which bench measures it; the figures are that bench's record and the commit that set
 * the value. Change one only with its bench run before and after on the development split, the
 * held-out split read only to report. The modules that use them take them as options;
 * startRecognition (index.ts) hands these over.
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
  // The second, flat-lexicon pass over the turn: fewer words lost, paid in reply latency since it
  // runs when the turn ends (npm run bench -- recognition-designs, --decoder=fwdflat:no; DESIGN.md,
  // "Choosing the recogniser").
  fwdflat: "yes",
  // The second pass searches words the first pass found starting within this many frames (default
  // 25). Wider costs latency at the end of every turn where the first pass finds many words (an
  // overdriven microphone, café babble), narrower loses words (npm run bench -- rooms
  // --decoder=fwdflatsfwin:N: understood and the reply column).
  fwdflatsfwin: "10",
  // A cap on active states (default 30,000): lower costs less CPU per second of speech, too low
  // prunes the right words away (npm run bench -- rooms --decoder=maxhmmpf:N, and -- agent).
  maxhmmpf: "5000",
};

/**
 * How far (Euclidean, cepstra 1-12) a first turn's own mean may lie from the warm-up's before the
 * turn is heard again with its own. Lower decodes more wideband first turns twice, each a reply
 * that waits; higher leaves a telephone-band line heard through a wideband mean, losing its words.
 * Set between the development split's wideband rooms and its telephone band (npm run bench --
 * rooms --channel-distance=D; DESIGN.md, "A first turn heard through its own channel").
 */
export const MISMATCHED_CHANNEL_DISTANCE = 40;

/**
 * How far a first turn's loudness (c0, about a decibel per unit) may lie from the warm-up's
 * before the turn is heard again with its own mean. Live CMN takes loudness out with the mean it
 * starts from, so a microphone far quieter than the warm-up has its first turn heard as
 * near-silence. Lower decodes ordinary rooms twice (a reply that waits); higher leaves quiet and
 * overdriven microphones misheard. Set between the development split's ordinary rooms and its
 * quiet and overdriven microphones (npm run bench -- rooms --level-difference=L).
 */
export const MISMATCHED_LEVEL = 15;

export const DEFAULT_POOL_OPTIONS: LanguageModelPoolOptions = {
  lanes: 2,
  maxDecoders: 16,
  // All of them, at start-up: memory for every decoder (pool.ts), against decoders made while
  // calls wait, which made transcripts late (npm run bench -- agent --calls=50).
  warmDecoders: 16,
  // One per lane before the agent listens: it is ready in seconds, and the rest are made in the next few.
  readyDecoders: 2,
  vocabularySize: 10_000,
  mismatchedChannelDistance: MISMATCHED_CHANNEL_DISTANCE,
  mismatchedLevel: MISMATCHED_LEVEL,
  decoderArgs: {},
};

/**
 * The domain model's share of the interpolated language model: more hears the scenarios' answers
 * better and forces more general speech into domain words (the recordings of people's word error
 * rate). Measured by `npm run bench -- recognition-designs` and under noise, the telephone band and
 * reverberation by `npm run bench -- rooms --domain-weight=W` (DESIGN.md, "Choosing the recogniser").
 */
export const DEFAULT_DOMAIN_WEIGHT = 0.5;

/**
 * When the recogniser hears the visitor through RNNoise: in rooms whose noise floor is at least
 * this loud. A lower floor suppresses quiet lines too, which costs words (the recordings of
 * people); a higher one leaves noisy rooms unsuppressed (npm run bench -- rooms
 * --noise-suppression=off|always|DBFS; its CPU: npm run bench -- noise-suppression).
 */
export const DEFAULT_NOISE_SUPPRESSION: NoiseSuppressionOptions = { enabled: true, fromFloorDbfs: -50 };

/**
 * Turn detection. The hangover (silence that ends a turn) is the latency budget's biggest item:
 * shorter answers sooner and splits sentences at commas and short hesitations, longer keeps them
 * whole and makes every reply wait (npm run bench -- turn-end for the lag, understanding and rooms
 * for the splits, agent for the reply). aboveFloorDb: how far above the room's floor a frame must
 * be to count as the visitor; lower hears the café's next table, higher loses quiet words
 * (npm run bench -- rooms --above-floor-db=N, and --only=detector for the gate's designs).
 */
export const DEFAULT_VOICE_ACTIVITY: VoiceActivityOptions = {
  mode: 3,
  openMs: 60,
  openWindowMs: 100,
  realSpeechMs: 300,
  minSpeechMs: 200,
  hangoverMs: 400,
  // A question is answered after this much silence instead of the hangover (recognizer.ts,
  // "decodeAtLull"): the latency budget's biggest item halved for the turns that allow it.
  pauseMs: 200,
  // The turn's words are decoded to their end after this much silence, so a question's are read
  // by its pause instead of ~100 ms after it. 100 is the earliest that decode hears all the audio
  // the turn's end would (the lease holds back the newest 300 ms, lease.ts); earlier hears less of
  // the last word's fade. Any earlier than the pause decodes again the turns of visitors who go on
  // after a shorter hesitation (CPU: npm run bench -- agent, its 50-call phase).
  lullMs: 100,
  maxTurnMs: 15_000,
  aboveFloorDb: 10,
  // On a silent line the floor sets no limit, and the last word's fade and libfvad's own overhang
  // count as speech. Closer to the loudest frames ends turns sooner and hears more pauses inside
  // speech; further ends them as late as no limit (npm run bench -- turn-end --below-loud-db=0,N).
  // At 30 a turn ends as soon on a silent line as in a quiet room, and hears about as many lulls
  // inside speech as there; 40 left every reply on a silent line ~35 ms later (the development
  // split's lag p50 244 ms against 210, p90 300 against 240). No value here changes the pauses
  // long enough to split a turn (--pause-ms=380).
  belowLoudDb: 30,
  spreadFactor: 0,
  floorPercentile: 0.15,
};

/**
 * The shortest gap between two partial hypotheses of a turn being spoken (the visitor's words
 * shown as they speak): shorter reads more live, and each costs a backtrace on the decoder's lane,
 * at streaming priority, which other calls' replies wait behind (npm run bench -- agent
 * --tentative=both).
 */
export const DEFAULT_PARTIAL_INTERVAL_MS = 400;

/**
 * How long the end of a turn waits for its transcript. When the machine is overloaded the
 * decoders' queue grows, and past this the turn is announced with no words ("sorry, bad line" is
 * a phone call's normal failure; a caller who goes quiet for seconds is not), and the abandoned
 * decode frees its decoder. Shorter drops more turns under load; longer leaves the visitor waiting
 * (npm run bench -- agent --calls=50: the p95 and understood columns).
 */
export const DEFAULT_TRANSCRIPT_DEADLINE_MS = 1_000;
