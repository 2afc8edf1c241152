/**
 * How the decoders search (beside their model and dictionary); the benches that compare
 * recognition designs decode with the same.
 */
import type { DecoderArgs } from "../pocketsphinx";

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
