/**
 * Audio laid out for the speech part, shared by the agent's tests and benches: speech and
 * silences on a timeline with faint noise under it, the true end of speech in it, streamed to
 * any sink in 20-250 ms chunks (in real time for latency figures, or as fast as the event loop
 * allows), and written as the WAV Chromium's fake microphone plays.
 */
import { chunkPcm, concatPcm, durationMs, pcmToBytes, SAMPLE_RATE, samplesForMs, whiteNoise } from "../src/speech/audio";

export function silence(ms: number): Int16Array {
  return new Int16Array(samplesForMs(ms));
}

/** Deterministic white noise at `dbfs` (RMS), like a quiet room through a microphone. */
export function noise(ms: number, dbfs = -55, seed = 1): Int16Array {
  return whiteNoise(samplesForMs(ms), dbfs, seed);
}

/** Index of the last sample of the last 10 ms window louder than `dbfs` (the true end of speech), or -1. */
export function lastSpeechSample(pcm: Int16Array, dbfs = -40): number {
  const window = samplesForMs(10);
  const threshold = 32767 * 10 ** (dbfs / 20);
  for (let end = pcm.length; end > 0; end -= window) {
    const start = Math.max(0, end - window);
    let energy = 0;
    for (let i = start; i < end; i++) energy += (pcm[i] ?? 0) ** 2;
    if (Math.sqrt(energy / (end - start)) > threshold) return end - 1;
  }
  return -1;
}

export type Segment = { speech: Int16Array } | { silenceMs: number };

export type Timeline = {
  pcm: Int16Array;
  /** For each speech segment, in order: the sample index where its speech really ends. */
  speechEnds: number[];
  durationMs: number;
};

/** Speech and silences end to end, with faint noise under everything (a perfectly silent line is not realistic). */
export function buildTimeline(segments: readonly Segment[], options: { noiseDbfs?: number | null } = {}): Timeline {
  const parts: Int16Array[] = [];
  const speechEnds: number[] = [];
  let offset = 0;
  for (const segment of segments) {
    const part = "speech" in segment ? segment.speech : silence(segment.silenceMs);
    if ("speech" in segment) speechEnds.push(offset + Math.max(0, lastSpeechSample(segment.speech)));
    parts.push(part);
    offset += part.length;
  }
  const pcm = concatPcm(parts);
  const noiseDbfs = options.noiseDbfs === undefined ? -55 : options.noiseDbfs;
  if (noiseDbfs !== null) {
    const floor = noise(durationMs(pcm), noiseDbfs);
    for (let i = 0; i < pcm.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, (pcm[i] ?? 0) + (floor[i] ?? 0)));
  }
  return { pcm, speechEnds, durationMs: durationMs(pcm) };
}

export type StreamOptions = {
  /** 20-250 ms; the browser sends 20 ms frames, tests may use bigger chunks. */
  chunkMs?: number;
  /** One chunk per chunk duration of wall-clock time (drift-corrected), instead of as fast as possible. */
  realTime?: boolean;
  signal?: AbortSignal;
};

export type StreamReport = {
  /** performance.now() when the chunk holding this sample was handed to the sink. */
  sentAt(sampleIndex: number): number;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Streams audio to `sink` chunk by chunk; resolves once the last chunk is sent. */
export async function streamPcm(pcm: Int16Array, sink: (chunk: Int16Array) => void, options: StreamOptions = {}): Promise<StreamReport> {
  const chunkMs = options.chunkMs ?? 20;
  const chunks = chunkPcm(pcm, chunkMs);
  const sentAt: number[] = [];
  const start = performance.now();
  for (let i = 0; i < chunks.length; i++) {
    if (options.signal?.aborted) break;
    if (options.realTime) await sleep(start + i * chunkMs - performance.now());
    else if (i % 10 === 0) await yieldToEventLoop();
    sentAt.push(performance.now());
    sink(chunks[i] as Int16Array);
  }
  const chunkSamples = samplesForMs(chunkMs);
  return { sentAt: (sampleIndex) => sentAt[Math.min(sentAt.length - 1, Math.floor(sampleIndex / chunkSamples))] ?? Number.NaN };
}

/** 16-bit PCM WAV (format tag 1): what Chromium's fake microphone plays (docs/speech.md §5). */
export function encodeWav(pcm: Int16Array, sampleRate = SAMPLE_RATE): Buffer {
  const data = pcmToBytes(pcm);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
