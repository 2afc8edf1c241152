import { endianness } from "node:os";

/**
 * Agent audio on the wire: 16 kHz mono s16le, base64, in chunks; and what the client
 * has heard of a turn at a given moment (for interruptions).
 */

export const sampleRate = 16_000;

export function samplesFor(ms: number): number {
  return Math.max(1, Math.round((sampleRate * ms) / 1000));
}

export function durationMs(samples: number): number {
  return (samples * 1000) / sampleRate;
}

/** Views (no copies) of consecutive chunks; the last one may be shorter. */
export function chunkPcm(pcm: Int16Array, samplesPerChunk: number): Int16Array[] {
  const chunks: Int16Array[] = [];
  for (let start = 0; start < pcm.length; start += samplesPerChunk) chunks.push(pcm.subarray(start, start + samplesPerChunk));
  return chunks;
}

const littleEndianHost = endianness() === "LE";

/** base64 of the samples as little-endian bytes, whatever the host's byte order. */
export function pcmToBase64(pcm: Int16Array): string {
  if (littleEndianHost) return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength).toString("base64");
  const bytes = Buffer.alloc(pcm.length * 2);
  pcm.forEach((sample, i) => bytes.writeInt16LE(sample, i * 2));
  return bytes.toString("base64");
}

/**
 * The part of `text` the visitor heard when `fraction` of its audio had played: cut at
 * the last word boundary at or before that point. Speech is not evenly spread over the
 * characters, so this is an estimate, which is all agent_response_correction needs.
 */
export function spokenPart(text: string, fraction: number): string {
  if (!(fraction > 0)) return "";
  if (fraction >= 1) return text;
  const cut = Math.floor(text.length * fraction);
  if (cut >= text.length) return text;
  if (/\s/.test(text.charAt(cut))) return text.slice(0, cut).trimEnd();
  const boundary = text.lastIndexOf(" ", cut);
  return boundary <= 0 ? "" : text.slice(0, boundary).trimEnd();
}
