/**
 * `npm run bench -- understanding`: does the caller understand what people say? The evaluation set
 * (agent/eval/utterances.json) typed, then spoken by four flite voices and festival and heard by
 * the agent's own recogniser (createSpeech as the agent runs it: voice activity detection, the
 * domain-adapted language model, n-best) and read by the caller's intent rules. Then the word
 * error rate on recordings of real people (Debian's pocketsphinx-testdata).
 *
 * Figures, tuning and held-out splits apart (the held-out third was never used to tune anything):
 * intents understood typed and spoken (overall and per voice), false compliance, word error rate
 * per voice and on the human recordings.
 *
 *   npx tsx agent/bench/understanding.ts [--voices=flite-slt,festival-kal] [--parallel=2]
 *
 * Audio is streamed into the recogniser faster than real time (latency is call-latency.ts's job),
 * with a transcript deadline long enough that a busy machine changes no result.
 */
import { availableParallelism, loadavg } from "node:os";
import pino from "pino";
import { callerIntentClassifier } from "../src/caller/caller";
import type { IntentClassifier } from "../src/caller/intents";
import { loadPlaybooks } from "../src/caller/playbooks";
import { createSpeech, type Speech, type Utterance } from "../src/speech";
import { visitorSentences } from "../src/visitor-sentences";
import { OFF_TOPIC, evaluatedIntents, loadEvaluationSet, splits, type EvaluationUtterance } from "../eval/evaluation-set";
import { numberOption, stringOption } from "./support/cli-options";
import { humanRecordings } from "./support/testdata";
import { evaluationVoices, speakAs, unseenVoices, type EvaluationVoice } from "./support/voices";
import { WordErrorRate } from "./support/wer";
import { buildTimeline, streamPcm } from "../tests/support/speech-fixtures";

const voices = (stringOption("voices") ?? evaluationVoices.join(",")).split(",") as EvaluationVoice[];
const parallel = Math.max(1, numberOption("parallel", 2));
const knownVoices: readonly EvaluationVoice[] = [...evaluationVoices, ...unseenVoices];
for (const voice of voices) if (!knownVoices.includes(voice)) throw new Error(`unknown voice ${voice}; known: ${knownVoices.join(", ")}`);

const pct = (n: number, of: number) => (of === 0 ? "n/a" : `${((100 * n) / of).toFixed(1)}% (${n}/${of})`);

/** Everything the recogniser announced for one stretch of audio. */
async function recognise(speech: Speech, pcm: Int16Array): Promise<Utterance[]> {
  const heard: Utterance[] = [];
  const recognizer = speech.createRecognizer({ onSpeechStart: () => undefined, onUtterance: (utterance) => heard.push(utterance) });
  if (!recognizer) throw new Error(`recognition is unavailable: ${speech.status.reason}`);
  await streamPcm(pcm, (chunk) => recognizer.push(chunk), { chunkMs: 100 });
  await recognizer.settled?.();
  recognizer.close();
  return heard;
}

/** A visitor's answer as a microphone hears it: a quiet line, the speech, then the silence that ends the turn. */
function onTheLine(speechPcm: Int16Array): Int16Array {
  return buildTimeline([{ silenceMs: 600 }, { speech: speechPcm }, { silenceMs: 1200 }]).pcm;
}

async function pool<T, R>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

type Result = { utterance: EvaluationUtterance; voice: EvaluationVoice | "typed"; intent: string; transcript: string; turns: number };

function summarise(results: readonly Result[], label: string, withWer: boolean): string[] {
  const lines: string[] = [];
  for (const split of splits) {
    const scored = results.filter((result) => result.utterance.split === split && result.utterance.intent !== OFF_TOPIC);
    const understood = scored.filter((result) => result.intent === result.utterance.intent).length;
    const wer = new WordErrorRate();
    if (withWer) for (const result of scored) wer.add(result.utterance.text, result.transcript);
    lines.push(`  ${label.padEnd(14)} ${split.padEnd(9)} understood ${pct(understood, scored.length).padEnd(20)}${withWer ? ` WER ${wer}` : ""}`);
  }
  return lines;
}

function falseCompliance(results: readonly Result[]): Result[] {
  return results.filter((result) => result.intent === "comply" && result.utterance.intent !== "comply");
}

async function main(): Promise<void> {
  const load = loadavg()[0] ?? 0;
  const utterances = loadEvaluationSet();
  const playbooks = loadPlaybooks();
  const classifiers = new Map<string, IntentClassifier>();
  for (const utterance of utterances) {
    const playbook = playbooks.get(utterance.scenario);
    if (!playbook) throw new Error(`the evaluation set names a scenario without a playbook: ${utterance.scenario}`);
    if (!classifiers.has(playbook.id)) classifiers.set(playbook.id, callerIntentClassifier(playbook));
  }
  const classify = (utterance: EvaluationUtterance, turn: Parameters<IntentClassifier>[0]) => (classifiers.get(utterance.scenario) as IntentClassifier)(turn);
  const intents = evaluatedIntents.length;
  console.log(
    `understanding: ${utterances.length} utterances (${intents} intents x ${playbooks.size} scenarios, plus off-topic), ${utterances.filter((u) => u.split === "held-out").length} held out; ` +
      `${availableParallelism()} cores, load average ${load.toFixed(1)}`,
  );

  // Typed
  const typed: Result[] = utterances.map((utterance) => ({ utterance, voice: "typed", intent: classify(utterance, { via: "text", text: utterance.text }), transcript: utterance.text, turns: 1 }));

  // Spoken
  const speech = await createSpeech(pino({ level: "warn" }), { domainSentences: visitorSentences(), transcriptDeadlineMs: 20_000 });
  if (speech.status.recognition !== "available") throw new Error(`recognition is unavailable: ${speech.status.reason}`);
  const jobs = voices.flatMap((voice) => utterances.map((utterance) => ({ voice, utterance })));
  console.log(`speaking ${jobs.length} utterances (${voices.join(", ")}) and recognising them, ${parallel} at a time ...`);
  let done = 0;
  const spoken: Result[] = await pool(jobs, parallel, async ({ voice, utterance }) => {
    const pcm = onTheLine(await speakAs(voice, utterance.text));
    const heard = await recognise(speech, pcm);
    // A sentence split in two by a pause is two turns on a call; the bench reads them together and counts the split.
    const transcript = heard.map((u) => u.transcript).filter(Boolean).join(" ");
    const intent = heard.length === 0 ? "nothing heard" : classify(utterance, { via: "speech", text: transcript, alternatives: heard.length === 1 ? heard[0]?.alternatives : undefined });
    if (++done % 100 === 0) console.log(`  ${done}/${jobs.length}`);
    return { utterance, voice, intent, transcript, turns: heard.length };
  });

  // Human recordings
  const human = new Map<string, WordErrorRate>();
  const humanLines: string[] = [];
  for (const recording of humanRecordings()) {
    const heard = await recognise(speech, onTheLine(recording.pcm));
    const transcript = heard.map((u) => u.transcript).filter(Boolean).join(" ");
    for (const set of [recording.set, "all"]) {
      if (!human.has(set)) human.set(set, new WordErrorRate());
      human.get(set)?.add(recording.transcript, transcript);
    }
    humanLines.push(`    ${recording.set}/${recording.id}: "${recording.transcript}" -> "${transcript}"`);
  }
  await speech.close();

  const lines = ["", "typed (the same rules, no recogniser)", ...summarise(typed, "typed", false)];
  lines.push("", "spoken (flite and festival voices through the agent's recogniser)");
  lines.push(...summarise(spoken, "all voices", true));
  for (const voice of voices) lines.push(...summarise(spoken.filter((result) => result.voice === voice), voice, true));
  const byScenario = [...playbooks.keys()].flatMap((scenario) => summarise(spoken.filter((result) => result.utterance.scenario === scenario), scenario.split("-")[0] as string, false));
  lines.push("", "spoken, per scenario", ...byScenario);
  const splitTurns = spoken.filter((result) => result.turns > 1).length;
  const missed = spoken.filter((result) => result.turns === 0).length;
  lines.push(`  turns split in two by a pause: ${splitTurns}; utterances that produced no turn: ${missed}`);
  const wrongTyped = falseCompliance(typed);
  const wrongSpoken = falseCompliance(spoken);
  lines.push("", `false compliance (every split, off-topic turns included): typed ${wrongTyped.length}, spoken ${wrongSpoken.length}`);
  for (const result of [...wrongTyped, ...wrongSpoken]) lines.push(`    ${result.voice} ${result.utterance.split} ${result.utterance.intent}: "${result.utterance.text}" heard "${result.transcript}"`);
  lines.push("", "word error rate on recordings of real people (pocketsphinx-testdata)");
  for (const [set, wer] of human) lines.push(`  ${set.padEnd(10)} WER ${wer} (${wer.words} words)`);
  lines.push(...humanLines);
  const tuningMistakes = spoken.filter((result) => result.utterance.split === "tuning" && result.utterance.intent !== OFF_TOPIC && result.intent !== result.utterance.intent);
  if (process.env.SHOW_TUNING_MISTAKES) {
    lines.push("", "tuning-split mistakes (the held-out split's are never printed: nobody tunes on them)");
    for (const result of tuningMistakes) lines.push(`    ${result.voice} ${result.utterance.scenario} ${result.utterance.intent} <- ${result.intent}: "${result.utterance.text}" heard "${result.transcript}"`);
  }
  lines.push("", `load average ${load.toFixed(1)} at the start, ${loadavg()[0]?.toFixed(1)} at the end (other work on this machine slows the run, not the results)`);
  console.log(lines.join("\n"));
}

// The decoders run on koffi's threads, which do not keep Node's event loop alive by themselves:
// without this the bench exited half-way, silently, with nothing printed.
const alive = setInterval(() => undefined, 60_000);
main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => clearInterval(alive));
