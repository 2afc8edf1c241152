/**
 * The rooms a visitor calls from, as pure functions over 16 kHz mono s16le: noise (pink, café
 * babble) mixed at a chosen signal-to-noise ratio, a telephone channel, a reverberant room, a
 * quiet or an overdriven microphone. Deterministic: the same seed gives the same samples, so a
 * figure can be reproduced and two designs are compared on the same noise.
 *
 * The signal-to-noise ratio is the speech's *active* level (the RMS over its 20 ms frames within
 * 30 dB of its loudest, roughly ITU-T P.56) against the noise's RMS: pauses inside a sentence do
 * not make the speech look quieter than it sounds.
 */
import { SAMPLE_RATE, samplesForMs } from "../src/speech/audio";

/** xorshift32 in [0, 1): small, fast and the same on every platform. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const clamp16 = (value: number) => (value > 32767 ? 32767 : value < -32768 ? -32768 : Math.round(value));

function toPcm(samples: Float64Array | number[]): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = clamp16(samples[i] as number);
  return out;
}

export function rms(pcm: ArrayLike<number>, start = 0, end = pcm.length): number {
  let energy = 0;
  for (let i = start; i < end; i++) energy += (pcm[i] as number) ** 2;
  return end > start ? Math.sqrt(energy / (end - start)) : 0;
}

export const dbfs = (level: number) => 20 * Math.log10(Math.max(level, 1e-9) / 32768);

/** RMS over the 20 ms frames within 30 dB of the loudest frame: the level speech is heard at. */
export function activeSpeechLevel(pcm: Int16Array): number {
  const frame = samplesForMs(20);
  const levels: number[] = [];
  for (let start = 0; start + frame <= pcm.length; start += frame) levels.push(rms(pcm, start, start + frame));
  const loudest = Math.max(0, ...levels);
  if (loudest === 0) return 0;
  const active = levels.filter((level) => level >= loudest / 10 ** (30 / 20));
  return Math.sqrt(active.reduce((sum, level) => sum + level * level, 0) / active.length);
}

/** Scales by `db` (positive louder), clipping at full scale as a sound card does. */
export function gain(pcm: Int16Array, db: number): Int16Array {
  const factor = 10 ** (db / 20);
  const out = new Int16Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = clamp16((pcm[i] as number) * factor);
  return out;
}

/** An overdriven microphone: `driveDb` of gain, then the waveform's top cut flat at `ceilingDbfs`. */
export function clip(pcm: Int16Array, driveDb: number, ceilingDbfs = -1): Int16Array {
  const factor = 10 ** (driveDb / 20);
  const ceiling = 32767 * 10 ** (ceilingDbfs / 20);
  const out = new Int16Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = clamp16(Math.max(-ceiling, Math.min(ceiling, (pcm[i] as number) * factor)));
  return out;
}

/** Fraction of samples at the ceiling: how clipped a signal is. */
export function clippedFraction(pcm: Int16Array, ceilingDbfs = -1): number {
  const ceiling = Math.floor(32767 * 10 ** (ceilingDbfs / 20));
  let count = 0;
  for (const sample of pcm) if (Math.abs(sample) >= ceiling) count++;
  return pcm.length === 0 ? 0 : count / pcm.length;
}

/** Pink (1/f) noise at `levelDbfs` RMS: Paul Kellet's filter over seeded white noise. */
export function pinkNoise(samples: number, levelDbfs: number, seed: number): Int16Array {
  const random = seededRandom(seed);
  const raw = new Float64Array(samples);
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let b3 = 0;
  let b4 = 0;
  let b5 = 0;
  let b6 = 0;
  for (let i = 0; i < samples; i++) {
    const white = random() * 2 - 1;
    b0 = 0.99886 * b0 + white * 0.0555179;
    b1 = 0.99332 * b1 + white * 0.0750759;
    b2 = 0.969 * b2 + white * 0.153852;
    b3 = 0.8665 * b3 + white * 0.3104856;
    b4 = 0.55 * b4 + white * 0.5329522;
    b5 = -0.7616 * b5 - white * 0.016898;
    raw[i] = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362;
    b6 = white * 0.115926;
  }
  return scaleTo(raw, levelDbfs);
}

function scaleTo(raw: Float64Array, levelDbfs: number): Int16Array {
  const current = rms(raw);
  const factor = current === 0 ? 0 : (32768 * 10 ** (levelDbfs / 20)) / current;
  const out = new Float64Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = (raw[i] as number) * factor;
  return toPcm(out);
}

/**
 * Café babble: `talkers` (speech of unrelated sentences) laid end to end in voices, several
 * voices at once, each at a random offset and level within 6 dB, some a little faster or slower
 * (a different pitch: another person), summed and scaled to `levelDbfs`.
 */
export function babble(talkers: readonly Int16Array[], samples: number, voices: number, levelDbfs: number, seed: number): Int16Array {
  if (talkers.length === 0) throw new Error("babble needs recordings of talkers");
  const random = seededRandom(seed);
  const sum = new Float64Array(samples);
  for (let voice = 0; voice < voices; voice++) {
    const rate = 0.85 + random() * 0.3;
    const level = 10 ** ((-6 * random()) / 20);
    let position = -Math.floor(random() * samples);
    while (position < samples) {
      const talker = talkers[Math.floor(random() * talkers.length)] as Int16Array;
      const length = Math.floor(talker.length / rate);
      for (let i = Math.max(0, -position); i < length && position + i < samples; i++) {
        const source = i * rate;
        const index = Math.floor(source);
        const a = talker[index] ?? 0;
        const b = talker[index + 1] ?? a;
        sum[position + i] = (sum[position + i] as number) + level * (a + (b - a) * (source - index));
      }
      // Each person pauses between sentences: a few hundred ms to a second.
      position += length + samplesForMs(300 + random() * 700);
    }
  }
  return scaleTo(sum, levelDbfs);
}

/**
 * `speech` with `noise` (looped from `offset`) added so that the speech's active level is
 * `snrDb` above the noise's RMS. The noise covers the whole signal, pauses included, as a room does.
 */
export function mixAtSnr(speech: Int16Array, noise: Int16Array, snrDb: number, offset = 0): Int16Array {
  if (noise.length === 0) throw new Error("no noise to mix");
  const speechLevel = activeSpeechLevel(speech);
  const noiseLevel = rms(noise);
  const factor = noiseLevel === 0 ? 0 : speechLevel / 10 ** (snrDb / 20) / noiseLevel;
  const out = new Int16Array(speech.length);
  for (let i = 0; i < speech.length; i++) out[i] = clamp16((speech[i] as number) + factor * (noise[(offset + i) % noise.length] as number));
  return out;
}

/** A second-order section (RBJ cookbook), run over a signal in place. */
type Biquad = { b0: number; b1: number; b2: number; a1: number; a2: number };

function biquad(kind: "lowpass" | "highpass", cutoffHz: number, sampleRate: number, q = Math.SQRT1_2): Biquad {
  const w = (2 * Math.PI * cutoffHz) / sampleRate;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const b1 = kind === "lowpass" ? 1 - cos : -(1 + cos);
  const b0 = kind === "lowpass" ? (1 - cos) / 2 : (1 + cos) / 2;
  return { b0: b0 / a0, b1: b1 / a0, b2: b0 / a0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 };
}

function filter(signal: Float64Array, section: Biquad): void {
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < signal.length; i++) {
    const x = signal[i] as number;
    const y = section.b0 * x + section.b1 * x1 + section.b2 * x2 - section.a1 * y1 - section.a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    signal[i] = y;
  }
}

/** Butterworth band-pass: two fourth-order halves (two biquads each, Q for a flat passband). */
function bandPass(signal: Float64Array, lowHz: number, highHz: number, sampleRate: number): void {
  for (const q of [0.5412, 1.3066]) {
    filter(signal, biquad("highpass", lowHz, sampleRate, q));
    filter(signal, biquad("lowpass", highHz, sampleRate, q));
  }
}

/** G.711 mu-law, as a telephone network carries speech: encode one sample, then decode it. */
export function muLawRoundTrip(sample: number): number {
  const BIAS = 0x84;
  const sign = sample < 0 ? 0x80 : 0;
  let magnitude = Math.min(32635, Math.abs(Math.round(sample))) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (magnitude & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (magnitude >> (exponent + 3)) & 0x0f;
  const code = ~(sign | (exponent << 4) | mantissa) & 0xff;
  // decode
  const inverted = ~code & 0xff;
  const decodedExponent = (inverted >> 4) & 0x07;
  magnitude = (((inverted & 0x0f) << 3) + BIAS) << decodedExponent;
  return inverted & 0x80 ? BIAS - magnitude : magnitude - BIAS;
}

/**
 * A telephone call: the 300-3,400 Hz band, 8 kHz sampling and G.711 mu-law, then back to 16 kHz
 * (what the agent receives from a phone bridge or a headset in narrow-band mode).
 */
export function telephoneBand(pcm: Int16Array): Int16Array {
  const wide = Float64Array.from(pcm);
  bandPass(wide, 300, 3400, SAMPLE_RATE);
  const narrow = new Float64Array(Math.floor(wide.length / 2));
  for (let i = 0; i < narrow.length; i++) narrow[i] = muLawRoundTrip(wide[2 * i] as number);
  // Back to 16 kHz: zero-stuffing, then the band-limit again removes the images above 4 kHz.
  const back = new Float64Array(narrow.length * 2);
  for (let i = 0; i < narrow.length; i++) back[2 * i] = 2 * (narrow[i] as number);
  bandPass(back, 300, 3400, SAMPLE_RATE);
  return toPcm(back);
}

/**
 * A room's impulse response: the direct sound, a few early reflections, then a diffuse tail of
 * seeded noise decaying by 60 dB over `rt60Ms`, `directToReverbDb` below the direct sound in energy.
 */
export function roomImpulseResponse(rt60Ms: number, directToReverbDb: number, seed: number): Float64Array {
  const random = seededRandom(seed);
  const length = samplesForMs(rt60Ms);
  const response = new Float64Array(length);
  const decay = Math.log(1000) / length;
  for (let i = samplesForMs(3); i < length; i++) response[i] = (random() * 2 - 1) * Math.exp(-decay * i);
  for (let reflection = 0; reflection < 6; reflection++) {
    const at = samplesForMs(2 + random() * 25);
    response[at] = (response[at] as number) + (random() < 0.5 ? -1 : 1) * (0.3 + 0.4 * random()) * Math.exp(-decay * at);
  }
  let tailEnergy = 0;
  for (let i = 1; i < length; i++) tailEnergy += (response[i] as number) ** 2;
  const scale = Math.sqrt(10 ** (-directToReverbDb / 10) / tailEnergy);
  for (let i = 1; i < length; i++) response[i] = (response[i] as number) * scale;
  response[0] = 1;
  return response;
}

/** In-place radix-2 FFT (inverse with `inverse`, unscaled). */
function fft(re: Float64Array, im: Float64Array, inverse: boolean): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j] as number, re[i] as number];
      [im[i], im[j]] = [im[j] as number, im[i] as number];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / size;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let start = 0; start < n; start += size) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < size / 2; k++) {
        const a = start + k;
        const b = a + size / 2;
        const tr = (re[b] as number) * cr - (im[b] as number) * ci;
        const ti = (re[b] as number) * ci + (im[b] as number) * cr;
        re[b] = (re[a] as number) - tr;
        im[b] = (im[a] as number) - ti;
        re[a] = (re[a] as number) + tr;
        im[a] = (im[a] as number) + ti;
        [cr, ci] = [cr * wr - ci * wi, cr * wi + ci * wr];
      }
    }
  }
}

/** The signal convolved with `response` (FFT), cut to the signal's length and kept at its active level. */
export function convolve(pcm: Int16Array, response: Float64Array): Int16Array {
  let size = 1;
  while (size < pcm.length + response.length) size <<= 1;
  const aRe = new Float64Array(size);
  const aIm = new Float64Array(size);
  const bRe = new Float64Array(size);
  const bIm = new Float64Array(size);
  aRe.set(pcm);
  bRe.set(response);
  fft(aRe, aIm, false);
  fft(bRe, bIm, false);
  for (let i = 0; i < size; i++) {
    const re = (aRe[i] as number) * (bRe[i] as number) - (aIm[i] as number) * (bIm[i] as number);
    const im = (aRe[i] as number) * (bIm[i] as number) + (aIm[i] as number) * (bRe[i] as number);
    aRe[i] = re;
    aIm[i] = im;
  }
  fft(aRe, aIm, true);
  const wet = new Float64Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) wet[i] = (aRe[i] as number) / size;
  const before = activeSpeechLevel(pcm);
  const after = activeSpeechLevel(toPcm(wet));
  const factor = after === 0 ? 1 : before / after;
  for (let i = 0; i < wet.length; i++) wet[i] = (wet[i] as number) * factor;
  return toPcm(wet);
}

/** A reverberant room (a meeting room or a kitchen: RT60 600 ms, the talker a couple of metres away). */
export function reverberate(pcm: Int16Array, seed: number, rt60Ms = 600, directToReverbDb = 0): Int16Array {
  return convolve(pcm, roomImpulseResponse(rt60Ms, directToReverbDb, seed));
}
