/**
 * `npm run bench -- understanding`: does the caller understand what people say? The evaluation set
 * (agent/eval/utterances.json) typed, then spoken by four flite voices and festival and heard by
 * the agent's own recogniser (createSpeech as the agent runs it: voice activity detection, the
 * domain-adapted language model, n-best) and read by the caller's intent rules. Then the word
 * error rate on recordings of real people (Debian's pocketsphinx-testdata).
 *
 * Figures, development and held-out splits apart (the held-out third was never used to tune anything):
 * intents understood typed and spoken (overall and per voice), false compliance, word error rate
 * per voice and on the human recordings, and the turns each rule of the caller's rulebook decided.
 *
 *   npm run bench -- understanding [--voices=flite-slt,festival-kal] [--parallel=2]
 *
 * Audio is streamed into the recogniser faster than real time (latency is call-latency.ts's job),
 * with a transcript deadline long enough that a busy machine changes no result.
 */
import { availableParallelism, loadavg } from "node:os";
import pino from "pino";
import { callerTurnDecider, spokenTurn } from "../src/caller";
import type { Decision, TurnDecider } from "../src/caller/intents";
import { loadPlaybooks } from "../src/caller/playbooks";
import { createSpeech, type Speech, type Utterance } from "../src/speech";
import { visitorSpeech } from "../src/caller/visitor-sentences";
import { OFF_TOPIC, evaluatedIntents, loadEvaluationSet, splits, type EvaluationUtterance } from "../eval/evaluation-set";
import { numberOption, stringOption } from "@mockingbird/testkit/cli-options";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { humanRecordings } from "./support/testdata";
import { evaluationVoices, speakAs, unseenVoices, type EvaluationVoice } from "./support/voices";
import { WordErrorRate } from "../testkit/wer";
import { buildTimeline, streamPcm } from "../testkit/speech-audio";
import { heldOpen } from "./support/held-open";
import { ruleCounts } from "./support/rule-counts";
import { mapConcurrently } from "@mockingbird/testkit/concurrency";

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

/** Turns read as one: as sure as the least sure of them that had words. */
function readTogether(turns: readonly Utterance[], transcript: string) {
  const confidences = turns.flatMap((turn) => (turn.confidence === undefined ? [] : [turn.confidence]));
  return spokenTurn({ transcript, ...(confidences.length > 0 ? { confidence: Math.min(...confidences) } : {}) });
}

type Result = { utterance: EvaluationUtterance; voice: EvaluationVoice | "typed"; intent: string; rule: string; transcript: string; turns: number };

type Score = { split: string; understood: string; wer: string };

/** Intents understood (off-topic turns aside) and, for speech, the word error rate, per split. */
function score(results: readonly Result[], withWer: boolean): Score[] {
  return splits.map((split) => {
    const scored = results.filter((result) => result.utterance.split === split && result.utterance.intent !== OFF_TOPIC);
    const understood = scored.filter((result) => result.intent === result.utterance.intent).length;
    const wer = new WordErrorRate();
    if (withWer) for (const result of scored) wer.add(result.utterance.text, result.transcript);
    return { split, understood: pct(understood, scored.length), wer: withWer ? String(wer) : "" };
  });
}

function summarise(scores: readonly Score[], label: string): string[] {
  return scores.map(({ split, understood, wer }) => `  ${label.padEnd(14)} ${split.padEnd(9)} understood ${understood.padEnd(20)}${wer ? ` WER ${wer}` : ""}`);
}

/** One row of a table: the label, then each split's figures side by side. */
const row = (label: string, scores: readonly Score[], withWer: boolean) => [label, ...scores.flatMap(({ understood, wer }) => (withWer ? [understood, wer] : [understood]))];
const splitColumns = (withWer: boolean) => splits.flatMap((split) => [`${split}: understood`, ...(withWer ? [`${split}: WER`] : [])]);

function falseCompliance(results: readonly Result[]): Result[] {
  return results.filter((result) => result.intent === "comply" && result.utterance.intent !== "comply");
}

async function main(): Promise<void> {
  const figures = startFigures("understanding");
  const load = loadavg()[0] ?? 0;
  const utterances = loadEvaluationSet();
  const playbooks = loadPlaybooks();
  const deciders = new Map<string, TurnDecider>();
  for (const utterance of utterances) {
    const playbook = playbooks.get(utterance.scenario);
    if (!playbook) throw new Error(`the evaluation set names a scenario without a playbook: ${utterance.scenario}`);
    if (!deciders.has(playbook.id)) deciders.set(playbook.id, callerTurnDecider(playbook));
  }
  const decide = (utterance: EvaluationUtterance, turn: Parameters<TurnDecider>[0]): Decision => (deciders.get(utterance.scenario) as TurnDecider)(turn);
  const intents = evaluatedIntents.length;
  console.log(
    `understanding: ${utterances.length} utterances (${intents} intents x ${playbooks.size} scenarios, plus off-topic), ${utterances.filter((u) => u.split === "held-out").length} held out; ` +
      `${availableParallelism()} cores, load average ${load.toFixed(1)}`,
  );

  // Typed
  const typed: Result[] = utterances.map((utterance) => ({ utterance, voice: "typed", ...decide(utterance, { via: "text", text: utterance.text }), transcript: utterance.text, turns: 1 }));

  // Spoken
  const speech = await createSpeech(pino({ level: "warn" }), { ...visitorSpeech(), transcriptDeadlineMs: 20_000 });
  if (speech.status.recognition !== "available") throw new Error(`recognition is unavailable: ${speech.status.reason}`);
  const jobs = voices.flatMap((voice) => utterances.map((utterance) => ({ voice, utterance })));
  console.log(`speaking ${jobs.length} utterances (${voices.join(", ")}) and recognising them, ${parallel} at a time ...`);
  let done = 0;
  const spoken: Result[] = await mapConcurrently(jobs, parallel, async ({ voice, utterance }) => {
    const pcm = onTheLine(await speakAs(voice, utterance.text));
    const heard = await recognise(speech, pcm);
    // A sentence split in two by a pause is two turns on a call; the bench reads them together and counts the split.
    const transcript = heard.map((u) => u.transcript).filter(Boolean).join(" ");
    const decision = heard.length === 0 ? { intent: "nothing heard", rule: "nothing heard" } : decide(utterance, heard.length === 1 ? spokenTurn(heard[0] as Utterance) : readTogether(heard, transcript));
    if (++done % 100 === 0) console.log(`  ${done}/${jobs.length}`);
    return { utterance, voice, ...decision, transcript, turns: heard.length };
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

  const typedScores = score(typed, false);
  const allVoices = score(spoken, true);
  const perVoice = voices.map((voice) => [voice, score(spoken.filter((result) => result.voice === voice), true)] as const);
  const perScenario = [...playbooks.keys()].map((scenario) => [scenario.split("-")[0] as string, score(spoken.filter((result) => result.utterance.scenario === scenario), false)] as const);
  const lines = ["", "typed (the same rules, no recogniser)", ...summarise(typedScores, "typed")];
  lines.push("", "spoken (flite and festival voices through the agent's recogniser)");
  lines.push(...summarise(allVoices, "all voices"));
  for (const [voice, scores] of perVoice) lines.push(...summarise(scores, voice));
  lines.push("", "spoken, per scenario", ...perScenario.flatMap(([scenario, scores]) => summarise(scores, scenario)));
  const splitTurns = spoken.filter((result) => result.turns > 1).length;
  const missed = spoken.filter((result) => result.turns === 0).length;
  const turnsNote = `turns split in two by a pause: ${splitTurns}; utterances that produced no turn: ${missed}`;
  lines.push(`  ${turnsNote}`);
  const wrongTyped = falseCompliance(typed);
  const wrongSpoken = falseCompliance(spoken);
  const complianceNote = `false compliance (every split, off-topic turns included): typed ${wrongTyped.length}, spoken ${wrongSpoken.length}`;
  const complianceCases = [...wrongTyped, ...wrongSpoken].map((result) => `${result.voice} ${result.utterance.split} ${result.utterance.intent}: "${result.utterance.text}" heard "${result.transcript}"`);
  lines.push("", complianceNote, ...complianceCases.map((line) => `    ${line}`));
  lines.push("", "word error rate on recordings of real people (pocketsphinx-testdata)");
  for (const [set, wer] of human) lines.push(`  ${set.padEnd(10)} WER ${wer} (${wer.words} words)`);
  lines.push(...humanLines);
  const developmentMistakes = spoken.filter((result) => result.utterance.split === "development" && result.utterance.intent !== OFF_TOPIC && result.intent !== result.utterance.intent);
  if (process.env.SHOW_DEVELOPMENT_MISTAKES) {
    lines.push("", "development-split mistakes (the held-out split's are never printed: nobody tunes on them)");
    for (const result of developmentMistakes) lines.push(`    ${result.voice} ${result.utterance.scenario} ${result.utterance.intent} <- ${result.intent}: "${result.utterance.text}" heard "${result.transcript}"`);
  }
  const ruledTurns = (results: readonly Result[]) =>
    results.filter((result) => result.utterance.intent !== OFF_TOPIC).map((result) => ({ rule: result.rule, split: result.utterance.split, decided: result.intent, expected: result.utterance.intent }));
  const rulesTyped = ruleCounts("rules-typed", "Turns each rule of the caller's rulebook decided, typed (off-topic turns aside)", ruledTurns(typed));
  const rulesSpoken = ruleCounts("rules-spoken", `Turns each rule of the caller's rulebook decided, spoken by ${voices.join(", ")} (off-topic turns aside)`, ruledTurns(spoken));
  lines.push("", "turns each rule decided (development: decided, right; held-out: decided), typed | spoken");
  for (const [index, [rule, ...typedCells]] of rulesTyped.rows.entries()) {
    const spokenCells = rulesSpoken.rows.find((spokenRow) => spokenRow[0] === rule)?.slice(1) ?? ["0", "0", "0"];
    lines.push(`  ${String(index + 1).padStart(2)} ${String(rule).padEnd(34)} ${typedCells.join(" ").padEnd(12)} | ${spokenCells.join(" ")}`);
  }
  for (const spokenRow of rulesSpoken.rows) if (!rulesTyped.rows.some((typedRow) => typedRow[0] === spokenRow[0])) lines.push(`     ${String(spokenRow[0]).padEnd(34)} ${"-".padEnd(12)} | ${spokenRow.slice(1).join(" ")}`);
  lines.push("", `load average ${load.toFixed(1)} at the start, ${loadavg()[0]?.toFixed(1)} at the end (other work on this machine slows the run, not the results)`);
  console.log(lines.join("\n"));

  const heldOut = allVoices.find((scoreOfSplit) => scoreOfSplit.split === "held-out");
  figures.record({
    tables: [
      {
        id: "intents",
        title: `Intents understood (off-topic turns aside) and word error rate, typed and spoken by ${voices.join(", ")}; the held-out split was never tuned on`,
        columns: ["heard as", ...splitColumns(true)],
        rows: [row("typed (the rules, no recogniser)", typedScores.map((typedScore) => ({ ...typedScore, wer: "-" })), true), row("spoken, all voices", allVoices, true), ...perVoice.map(([voice, scores]) => row(voice, scores, true))],
      },
      { id: "scenarios", title: "Spoken, per scenario", columns: ["scenario", ...splitColumns(false)], rows: perScenario.map(([scenario, scores]) => row(scenario, scores, false)) },
      rulesTyped,
      rulesSpoken,
      { id: "people", title: "Word error rate on recordings of real people (pocketsphinx-testdata)", columns: ["recordings", "WER", "words"], rows: [...human].map(([set, wer]) => [set, String(wer), wer.words]) },
    ],
    notes: [`${turnsNote[0]!.toUpperCase()}${turnsNote.slice(1)}.`, `${complianceNote[0]!.toUpperCase()}${complianceNote.slice(1)}${complianceCases.length > 0 ? `: ${complianceCases.join("; ")}` : ""}.`],
    headlines: heldOut ? [{ figure: `Intents understood, spoken by ${voices.length} voices, held-out split`, value: heldOut.understood }] : [],
  });
}

heldOpen(main).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
