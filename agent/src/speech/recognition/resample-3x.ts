/**
 * Streaming conversion between the agent's 16 kHz and 48 kHz, the rate RNNoise's model was
 * trained at (noise-suppression.ts). A factor of three both ways, so one windowed-sinc low-pass
 * filter serves as the interpolation filter going up and the anti-aliasing filter coming down,
 * applied polyphase (only the taps that meet non-zero samples). audio.ts's linear resampler is
 * too coarse here: its images above 8 kHz would reach the suppressor as noise. Each direction
 * keeps its history between calls, so a stream cut into frames converts as one piece.
 */

const FACTOR = 3;
/** Taps per phase; 120 in all: a transition band of about 2.5 kHz at 48 kHz. */
const TAPS_PER_PHASE = 40;
const TAPS = FACTOR * TAPS_PER_PHASE;
/** Just under 8 kHz, the agent's Nyquist frequency, with room for the transition band. */
const CUTOFF_HZ = 6_900;
const HIGH_RATE = 48_000;

/** Low-pass, Blackman-windowed sinc, unity gain at 0 Hz. */
function lowPass(): Float64Array {
  const taps = new Float64Array(TAPS);
  const fc = CUTOFF_HZ / HIGH_RATE;
  const middle = (TAPS - 1) / 2;
  let sum = 0;
  for (let i = 0; i < TAPS; i++) {
    const t = i - middle;
    const sinc = t === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * t) / (Math.PI * t);
    const window = 0.42 - 0.5 * Math.cos((2 * Math.PI * i) / (TAPS - 1)) + 0.08 * Math.cos((4 * Math.PI * i) / (TAPS - 1));
    taps[i] = sinc * window;
    sum += taps[i] as number;
  }
  for (let i = 0; i < TAPS; i++) taps[i] = (taps[i] as number) / sum;
  return taps;
}

const FILTER = lowPass();

/**
 * Samples the two conversions together delay a signal by, at 16 kHz: each filter delays it by half
 * its length at 48 kHz, less the two 48 kHz samples by which the last of three lands after the first.
 */
export const ROUND_TRIP_DELAY_16K = (TAPS - FACTOR) / FACTOR;

/** 16 kHz in, 48 kHz out (three samples for each one in). */
export class Upsampler3x {
  /** The last TAPS_PER_PHASE input samples, newest last. */
  private readonly history = new Float64Array(TAPS_PER_PHASE);

  process(input: ArrayLike<number>, output: Float32Array = new Float32Array(input.length * FACTOR)): Float32Array {
    if (output.length < input.length * FACTOR) throw new RangeError(`the output holds ${output.length} samples; ${input.length * FACTOR} are needed`);
    const history = this.history;
    for (let n = 0; n < input.length; n++) {
      history.copyWithin(0, 1);
      history[TAPS_PER_PHASE - 1] = input[n] as number;
      for (let phase = 0; phase < FACTOR; phase++) {
        let sum = 0;
        // y[3n + phase] = 3 * sum_k h[3k + phase] * x[n - k]: the zeros stuffed between samples skipped.
        for (let k = 0; k < TAPS_PER_PHASE; k++) sum += (FILTER[FACTOR * k + phase] as number) * (history[TAPS_PER_PHASE - 1 - k] as number);
        output[n * FACTOR + phase] = FACTOR * sum;
      }
    }
    return output;
  }
}

/** 48 kHz in (a multiple of three samples), 16 kHz out. */
export class Downsampler3x {
  /** The last TAPS input samples, newest last. */
  private readonly history = new Float64Array(TAPS);

  process(input: ArrayLike<number>, output: Float64Array = new Float64Array(input.length / FACTOR)): Float64Array {
    if (input.length % FACTOR !== 0) throw new RangeError(`48 kHz input comes in multiples of ${FACTOR} samples, got ${input.length}`);
    const history = this.history;
    for (let m = 0; m < input.length / FACTOR; m++) {
      history.copyWithin(0, FACTOR);
      for (let j = 0; j < FACTOR; j++) history[TAPS - FACTOR + j] = input[m * FACTOR + j] as number;
      let sum = 0;
      for (let k = 0; k < TAPS; k++) sum += (FILTER[k] as number) * (history[TAPS - 1 - k] as number);
      output[m] = sum;
    }
    return output;
  }
}
