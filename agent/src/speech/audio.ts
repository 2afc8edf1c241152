/**
 * PCM helpers for the agent's one audio format: 16 kHz, mono, signed 16-bit little-endian
 * (ElevenLabs' `pcm_16000`). Pure functions; nothing here allocates more than its output.
 */

export const SAMPLE_RATE = 16_000;
export const BYTES_PER_SAMPLE = 2;
/** The server sends audio in chunks of 20-250 ms (docs/protocol.md §4.1, and what the SDK plays smoothly). */
export const MIN_CHUNK_MS = 20;
export const MAX_CHUNK_MS = 250;

export function samplesForMs(ms: number, sampleRate = SAMPLE_RATE): number {
  return Math.round((ms * sampleRate) / 1000);
}

export function durationMs(pcm: Int16Array, sampleRate = SAMPLE_RATE): number {
  return (pcm.length * 1000) / sampleRate;
}

const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Little-endian bytes of the samples, whatever the host's byte order. */
export function pcmToBytes(pcm: Int16Array): Buffer {
  if (HOST_IS_LITTLE_ENDIAN) return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const out = Buffer.allocUnsafe(pcm.byteLength);
  for (let i = 0; i < pcm.length; i++) out.writeInt16LE(pcm[i] ?? 0, i * BYTES_PER_SAMPLE);
  return out;
}

/** Samples from little-endian bytes. The caller has checked that the length is even. */
export function bytesToPcm(bytes: Uint8Array): Int16Array {
  const count = Math.floor(bytes.byteLength / BYTES_PER_SAMPLE);
  const out = new Int16Array(count);
  if (HOST_IS_LITTLE_ENDIAN) {
    // Copy instead of aliasing: the bytes may be unaligned or belong to a pooled Buffer.
    new Uint8Array(out.buffer).set(bytes.subarray(0, count * BYTES_PER_SAMPLE));
    return out;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < count; i++) out[i] = view.getInt16(i * BYTES_PER_SAMPLE, true);
  return out;
}

export function pcmToBase64(pcm: Int16Array): string {
  return pcmToBytes(pcm).toString("base64");
}

export type PcmDecodeFailure = "empty" | "not-base64" | "odd-length" | "too-large";
export type PcmDecodeResult = { ok: true; pcm: Int16Array } | { ok: false; reason: PcmDecodeFailure; detail: string };

const BASE64_ALPHABET = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") BASE64_ALPHABET[char.charCodeAt(0)] = 1;
const PADDING = 61; // "="

/**
 * Standard alphabet, padded: what the browser's btoa() produces. Node's decoder silently skips
 * anything else, so it cannot be trusted to validate; a regular expression overflows its stack
 * on megabytes of input, so this is a plain scan.
 */
export function isPaddedBase64(text: string): boolean {
  const length = text.length;
  if (length % 4 !== 0) return false;
  const padding = length > 0 && text.charCodeAt(length - 1) === PADDING ? (text.charCodeAt(length - 2) === PADDING ? 2 : 1) : 0;
  for (let i = 0; i < length - padding; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || BASE64_ALPHABET[code] !== 1) return false;
  }
  return true;
}

/** Decoded size of a base64 text without decoding it. */
export function base64DecodedLength(text: string): number {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/**
 * Validates and decodes one `user_audio_chunk`. Checks the size before decoding so an oversized
 * payload costs nothing; `maxBytes` is the decoded-size cap.
 */
export function decodePcmBase64(text: unknown, maxBytes = Number.POSITIVE_INFINITY): PcmDecodeResult {
  if (typeof text !== "string" || text.length === 0) return { ok: false, reason: "empty", detail: "audio chunk is empty or not a string" };
  if (!isPaddedBase64(text)) return { ok: false, reason: "not-base64", detail: "audio chunk is not padded standard base64" };
  const size = base64DecodedLength(text);
  if (size > maxBytes) return { ok: false, reason: "too-large", detail: `audio chunk has ${size} bytes, the limit is ${maxBytes}` };
  if (size % BYTES_PER_SAMPLE !== 0) return { ok: false, reason: "odd-length", detail: `audio chunk has ${size} bytes; 16-bit samples need an even count` };
  return { ok: true, pcm: bytesToPcm(Buffer.from(text, "base64")) };
}

/**
 * Splits audio into chunks of `chunkMs` (20-250 ms); the last one may be shorter.
 * The chunks are views on the input, not copies.
 */
export function chunkPcm(pcm: Int16Array, chunkMs: number, sampleRate = SAMPLE_RATE): Int16Array[] {
  if (!Number.isFinite(chunkMs) || chunkMs < MIN_CHUNK_MS || chunkMs > MAX_CHUNK_MS) {
    throw new RangeError(`chunk length must be between ${MIN_CHUNK_MS} and ${MAX_CHUNK_MS} ms, got ${chunkMs}`);
  }
  const size = samplesForMs(chunkMs, sampleRate);
  const chunks: Int16Array[] = [];
  for (let start = 0; start < pcm.length; start += size) chunks.push(pcm.subarray(start, Math.min(start + size, pcm.length)));
  return chunks;
}

export function concatPcm(parts: readonly Int16Array[]): Int16Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Int16Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Linear-interpolation resampler. Good enough for speech between 8 and 48 kHz (flite's 8 kHz
 * voice, fixtures); a no-op copy when the rates match.
 */
export function resample(pcm: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (!(fromRate > 0) || !(toRate > 0)) throw new RangeError(`sample rates must be positive, got ${fromRate} -> ${toRate}`);
  if (fromRate === toRate) return pcm.slice();
  const length = Math.floor((pcm.length * toRate) / fromRate);
  const out = new Int16Array(length);
  const step = fromRate / toRate;
  for (let i = 0; i < length; i++) {
    const position = i * step;
    const index = Math.floor(position);
    const fraction = position - index;
    const a = pcm[index] ?? 0;
    const b = pcm[index + 1] ?? a;
    out[i] = Math.round(a + (b - a) * fraction);
  }
  return out;
}

/** Deterministic white noise whose RMS level is `dbfs` (xorshift32, so the same seed gives the same samples). */
export function whiteNoise(samples: number, dbfs: number, seed = 1): Int16Array {
  const out = new Int16Array(samples);
  // Uniform noise in [-a, a] has an RMS of a / sqrt(3).
  const amplitude = 32767 * 10 ** (dbfs / 20) * Math.sqrt(3);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < out.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = Math.max(-32768, Math.min(32767, Math.round(((state >>> 0) / 0xffffffff - 0.5) * 2 * amplitude)));
  }
  return out;
}

/**
 * Re-frames a stream of arbitrary-length pieces into fixed-size frames, keeping the remainder
 * for the next push. Frames are fresh arrays the consumer may keep.
 */
export class Reframer {
  private pending: Int16Array;
  private filled = 0;

  constructor(readonly frameSamples: number) {
    if (!Number.isInteger(frameSamples) || frameSamples <= 0) throw new RangeError(`frame size must be a positive integer, got ${frameSamples}`);
    this.pending = new Int16Array(frameSamples);
  }

  push(pcm: Int16Array, onFrame: (frame: Int16Array) => void): void {
    let offset = 0;
    while (offset < pcm.length) {
      const take = Math.min(this.frameSamples - this.filled, pcm.length - offset);
      this.pending.set(pcm.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.frameSamples) {
        const frame = this.pending;
        this.pending = new Int16Array(this.frameSamples);
        this.filled = 0;
        onFrame(frame);
      }
    }
  }
}
