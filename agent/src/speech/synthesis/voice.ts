/**
 * The caller's voice: a line becomes audio sentence by sentence (sentences.ts), each with the
 * timing of its characters (alignment.ts), through the synthesis pool (synthesizer.ts).
 *
 * Sentences are cached by their spoken text, bounded in bytes, least recently used first out:
 * the fixed lines of the playbooks (openings without variables, bad-line answers, closing
 * lines) are synthesized once and then cost nothing, however many calls start at once.
 * Requests for a sentence already being synthesized wait for that one synthesis. A request
 * whose call ended is dropped; the synthesis itself is dropped only when nobody waits for it.
 * Nothing is written to disk.
 */
import { estimateTimeline } from "./alignment";
import { concatPcm, durationMs, SAMPLE_RATE, samplesForMs } from "../audio";
import type { SpokenPart, Voice } from "../types";
import { splitSentences } from "./sentences";
import { DEFAULT_VOICE, speakableText, SYNTHESIS_PRIORITIES, type SynthesisPool, type FliteVoice, type SynthesisPriority, type TimedSpeech } from "./synthesizer";

export type VoiceOptions = {
  /** Bytes of audio the sentence cache keeps (0: no cache). */
  cacheBytes?: number;
  voice?: FliteVoice;
};

/** About 17 minutes of audio: every fixed line of the three playbooks, many times over. */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

const silentPart: TimedSpeech = { pcm: new Int16Array(0), phones: [] };

/**
 * flite opens every utterance with 150-220 ms of silence. Cut to this much, a reply starts
 * sooner after the visitor stops, and the sentences of a line follow each other with the
 * pause flite puts between sentences it speaks in one go, not two.
 */
export const LEADING_SILENCE_MS = 60;

function trimLeadingSilence(speech: TimedSpeech): TimedSpeech {
  const first = speech.phones[0];
  if (first?.name !== "pau") return speech;
  const cut = Math.min(speech.pcm.length, samplesForMs(first.endS * 1000 - LEADING_SILENCE_MS));
  if (cut <= 0) return speech;
  const cutS = cut / SAMPLE_RATE;
  return { pcm: speech.pcm.subarray(cut), phones: speech.phones.map((phone) => ({ name: phone.name, endS: Math.max(0, phone.endS - cutS) })) };
}

type InFlight = { readonly speech: Promise<TimedSpeech>; readonly stop: AbortController; waiting: number; readonly place: { priority: SynthesisPriority } };

export function createVoice(synthesizer: SynthesisPool, options: VoiceOptions = {}): Voice & { readonly cachedBytes: number } {
  const voice = options.voice ?? DEFAULT_VOICE;
  const cache = new SentenceCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES);
  const inFlight = new Map<string, InFlight>();

  /** One sentence's audio, from the cache, from a synthesis already under way, or from a new one. */
  const sentence = (text: string, priority: SynthesisPriority, signal: AbortSignal | undefined): Promise<TimedSpeech> => {
    const spoken = speakableText(text);
    if (!/[A-Za-z0-9]/.test(spoken)) return Promise.resolve(silentPart);
    const key = `${voice}\u0000${spoken}`;
    const cached = cache.get(key);
    if (cached) return Promise.resolve(cached);
    if (signal?.aborted) return Promise.reject(abortError());

    let entry = inFlight.get(key);
    if (entry && SYNTHESIS_PRIORITIES.indexOf(priority) < SYNTHESIS_PRIORITIES.indexOf(entry.place.priority)) {
      // A call now waits for a sentence being made ahead of need (or as a later sentence): it moves up
      // the line, and a pool holding spare work back (while calls listen) takes it now.
      entry.place.priority = priority;
      synthesizer.wake();
    }
    if (!entry) {
      const stop = new AbortController();
      const place = { priority };
      const speech = synthesizer.synthesizeTimed(spoken, { voice, priority: () => place.priority, signal: stop.signal });
      const created: InFlight = { speech, stop, waiting: 0, place };
      entry = created;
      inFlight.set(key, created);
      speech.then(
        (result) => {
          if (inFlight.get(key) === created) inFlight.delete(key);
          cache.set(key, result);
        },
        () => {
          if (inFlight.get(key) === created) inFlight.delete(key);
        },
      );
    }
    const shared = entry;
    shared.waiting += 1;
    return new Promise<TimedSpeech>((resolve, reject) => {
      let done = false;
      const leave = (): void => {
        if (done) return;
        done = true;
        signal?.removeEventListener("abort", onAbort);
        shared.waiting -= 1;
      };
      const onAbort = (): void => {
        if (done) return;
        leave();
        // Nobody else waits: a synthesis still in line is dropped.
        if (shared.waiting === 0) shared.stop.abort();
        reject(abortError());
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      shared.speech.then(
        (result) => {
          if (done) return;
          leave();
          resolve(result);
        },
        (error: unknown) => {
          if (done) return;
          leave();
          reject(error);
        },
      );
    });
  };

  async function* speak(text: string, signal?: AbortSignal): AsyncGenerator<SpokenPart> {
    const parts = splitSentences(text);
    const requests = parts.map((part, index) => sentence(part, index === 0 ? "first" : "next", signal));
    // Parts the iteration never reaches (it stopped early) must not surface as unhandled rejections.
    for (const request of requests) request.catch(() => undefined);
    for (const [index, part] of parts.entries()) {
      const { pcm, phones } = trimLeadingSilence(await requests[index]!);
      yield { text: part, pcm, timeline: estimateTimeline(part, durationMs(pcm), phones) };
    }
  }

  return {
    get cachedBytes() {
      return cache.bytes;
    },
    speak,
    async synthesize(text, signal) {
      const pcm: Int16Array[] = [];
      for await (const part of speak(text, signal)) pcm.push(part.pcm);
      return concatPcm(pcm);
    },
    async prepare(lines) {
      const requests = lines.flatMap((line) => splitSentences(line).map((part) => sentence(part, "spare", undefined)));
      await Promise.allSettled(requests);
    },
  };
}

function abortError(): Error {
  const error = new Error("the line was no longer needed");
  error.name = "AbortError";
  return error;
}

/** Least recently used sentences leave first once the audio kept passes the budget. */
class SentenceCache {
  private readonly entries = new Map<string, TimedSpeech>();
  bytes = 0;

  constructor(private readonly budget: number) {}

  get(key: string): TimedSpeech | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: TimedSpeech): void {
    const size = value.pcm.byteLength;
    if (size > this.budget || this.entries.has(key)) return;
    this.entries.set(key, value);
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(oldest);
      this.bytes -= entry.pcm.byteLength;
    }
  }
}
