/**
 * `npm run bench -- recognition-designs`: the recognition designs the agent could use, compared on
 * the evaluation set (agent/eval) spoken by Debian's flite and festival voices. Each design
 * decodes every utterance in one batch (no streaming, no voice activity detection: the
 * recogniser alone; the language-model designs search as the agent's decoders do, DECODER_SEARCH,
 * with --decoder settings over it), and the caller's intent rules read its transcripts. Figures
 * per design: word error rate and intents understood on the development and held-out splits, with the best
 * transcript alone and with the n-best list, false compliance, decoding speed and memory.
 *
 * The design is chosen on the development split, cross-validated: a development utterance is heard by a
 * domain model built from the playbooks' phrases, the phone answers and the *other* half of the
 * development split, so no figure used for choosing comes from a sentence the model has learnt.
 * Held-out utterances are heard by the model the agent runs (phrases, phone answers and the whole
 * development split: visitorSentences()); their figures are
 * reported and never used to choose.
 *
 *   npm run bench -- recognition-designs [--designs=grammar,general,domain,interpolated:0.5,...]
 *        [--voices=flite-slt,flite-rms,...] [--transcripts=file.json] [--decoder=lw:8,...]
 *
 * --transcripts writes every transcript (and n-best list) with its utterance, so the intent rules
 * can be tried on them again without decoding (the held-out ones included: look only at the development split).
 *
 * Designs:
 *   grammar          JSGF grammar of the scenario's playbook phrases (the recogniser before this design)
 *   general          the general en-us language model, 10,000 most likely words
 *   domain           a trigram model of the domain corpus alone
 *   interpolated:W   general and domain models interpolated, the domain at weight W (the agent's design)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { classifyByRules, understandSpeech } from "../src/caller/intents";
import { normalise } from "../src/caller/words";
import { phraseIntents, type GoalKind } from "../src/caller/playbook-schema";
import { loadPlaybooks } from "../src/caller/playbooks";
import { domainSentenceWords } from "../src/speech/recognition";
import { concatPcm, durationMs, samplesForMs, whiteNoise } from "../src/speech/audio";
import { buildArpa } from "../src/speech/recognition/domain-lm";
import { DECODER_SEARCH } from "../src/speech/recognition/tuning";
import { loadPocketsphinx, type Decoder, type LanguageModel, type Pocketsphinx } from "../src/speech/recognition/pocketsphinx";
import { dictionaryText, parseCmuDict, trimDictionary, type Pronunciations } from "../src/speech/recognition/pronunciations";
import { transcriptOf, NBEST_SIZE } from "../src/speech/recognition/recognizer";
import { extraPronunciations, phoneAnswers } from "../src/caller/visitor-sentences";
import { OFF_TOPIC, loadEvaluationSet, type EvaluationUtterance } from "../eval/evaluation-set";
import { pairsOption, stringOption } from "@mockingbird/testkit/cli-options";
import { startFigures } from "@mockingbird/testkit/figures/record";
import type { Cell } from "@mockingbird/testkit/figures/figures";
import { planGrammar } from "./support/jsgf";
import { humanRecordings } from "./support/testdata";
import { evaluationVoices, speakAs, type EvaluationVoice } from "./support/voices";
import { WordErrorRate } from "../testkit/wer";
import { heldOpen } from "./support/held-open";

type Decoded = { best: string; nbest: string[] };
type Recogniser = { name: string; hear(scenario: string, pcm: Int16Array): Decoded; free(): void };

const args = {
  designs: stringOption("designs") ?? "grammar,general,domain,interpolated:0.3,interpolated:0.5,interpolated:0.7",
  voices: stringOption("voices") ?? evaluationVoices.join(","),
  transcripts: stringOption("transcripts"),
  /** Extra decoder arguments, e.g. --decoder=lw:8,wip:0.5 (pocketsphinx's -lw, -wip). */
  decoder: pairsOption("decoder"),
};
const transcripts: Record<string, { voice: string; utterance: EvaluationUtterance; heard: Decoded }[]> = {};

function rssMb(): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) / 1024;
}

function decode(decoder: Decoder, pcm: Int16Array): Decoded {
  decoder.startUtterance();
  decoder.process(pcm);
  decoder.endUtterance();
  const best = transcriptOf(decoder.hypothesis());
  const nbest = [...new Set(decoder.nbest(NBEST_SIZE).map(transcriptOf))].filter((text) => text !== "" && text !== best);
  return { best, nbest };
}

async function languageModelDesign(
  ps: Pocketsphinx,
  pronunciations: Pronunciations,
  ranked: readonly string[],
  corpus: string[][],
  kind: "general" | "domain" | "interpolated",
  weight: number,
): Promise<Recogniser> {
  const domainWords = [...new Set(corpus.flat())];
  const vocabulary = kind === "domain" ? domainWords : [...new Set([...ranked.slice(0, 10_000), ...(kind === "interpolated" ? domainWords : [])])];
  const dictionary = ps.memoryFile("designs-dictionary", dictionaryText(trimDictionary(vocabulary, pronunciations).entries));
  const arpa = kind === "general" ? null : ps.memoryFile("designs-domain", buildArpa(corpus));
  if (!dictionary || (kind !== "general" && !arpa)) throw new Error("in-memory files are unavailable on this machine");
  let model: LanguageModel | null = null;
  const decoderArgs: Record<string, string> = { hmm: ps.paths.acousticModel, dict: dictionary.path, ...DECODER_SEARCH, ...args.decoder };
  if (kind === "general") decoderArgs.lm = ps.paths.languageModel;
  else if (kind === "domain") decoderArgs.lm = arpa!.path;
  else model = await ps.readLanguageModel({ file: arpa!.path, weight });
  const decoder = ps.createDecoder(decoderArgs);
  if (!decoder || (model && !(await decoder.useLanguageModelAsync(model)))) throw new Error(`could not build the ${kind} decoder`);
  arpa?.close();
  return {
    name: kind === "interpolated" ? `interpolated:${weight}` : kind,
    hear: (_scenario, pcm) => decode(decoder, pcm),
    free() {
      decoder.free();
      model?.free();
      dictionary.close();
    },
  };
}

function grammarDesign(ps: Pocketsphinx, pronunciations: Pronunciations): Recogniser {
  const decoders = new Map<string, Decoder>();
  for (const playbook of loadPlaybooks().values()) {
    const plan = planGrammar(
      phraseIntents.flatMap((intent) => playbook.phrases[intent]),
      pronunciations,
    );
    const decoder = ps.createDecoder({ hmm: ps.paths.acousticModel });
    if (!plan || !decoder || !plan.dictionary.every(({ word, phones }) => decoder.addWord(word, phones, false)) || !decoder.addJsgf("grammar", plan.jsgf) || !decoder.useSearch("grammar")) {
      throw new Error(`could not build the grammar decoder of ${playbook.id}`);
    }
    decoders.set(playbook.id, decoder);
  }
  return {
    name: "grammar",
    hear: (scenario, pcm) => decode((decoders.get(scenario) ?? decoders.get("it-helpdesk-mfa-reset")) as Decoder, pcm),
    free: () => decoders.forEach((decoder) => decoder.free()),
  };
}

type Tally = { wer: WordErrorRate; understoodBest: number; understoodNbest: number; evaluated: number; falseCompliance: number };
const tally = (): Tally => ({ wer: new WordErrorRate(), understoodBest: 0, understoodNbest: 0, evaluated: 0, falseCompliance: 0 });

function bestOnly(text: string, goal: GoalKind) {
  const intent = classifyByRules(normalise(text), goal);
  return intent === "other" ? "unclear" : intent;
}

const columns = ["design", "WER development (cross-validated)", "WER held-out", "WER human recordings", "intent development, best", "intent development, n-best", "intent held-out, best", "intent held-out, n-best", "false compliance", "CPU xRT", "memory"];

async function main(): Promise<void> {
  const figures = startFigures("recognition-designs");
  const loaded = await loadPocketsphinx();
  if (!loaded.ok) throw new Error(loaded.reason);
  const ps = loaded.pocketsphinx;
  const pronunciations = parseCmuDict(readFileSync(ps.paths.dictionary, "latin1"), extraPronunciations());
  const general = await ps.readLanguageModel();
  if (!general) throw new Error("could not read the general language model");
  const ranked = general.rankedVocabulary().filter((word) => pronunciations.has(word));
  general.free();

  const utterances = loadEvaluationSet();
  const playbooks = loadPlaybooks();
  const phrases = [...playbooks.values()].flatMap((playbook) => phraseIntents.flatMap((intent) => playbook.phrases[intent]));
  // What the agent learns besides the development split (visitorSentences() without it): every model hears with these.
  const learnt = [...phrases, ...phoneAnswers()];
  const development = utterances.filter((utterance) => utterance.split === "development");
  /** Which half of the development split an utterance is in; the other half trains the model that hears it. */
  const fold = new Map(development.map((utterance, index) => [utterance, index % 2]));
  const corpora = {
    full: domainSentenceWords([...learnt, ...development.map((u) => u.text)], pronunciations),
    0: domainSentenceWords([...learnt, ...development.filter((u) => fold.get(u) === 1).map((u) => u.text)], pronunciations),
    1: domainSentenceWords([...learnt, ...development.filter((u) => fold.get(u) === 0).map((u) => u.text)], pronunciations),
  };
  const voices = args.voices.split(",") as EvaluationVoice[];
  console.log(
    `recognition designs: ${utterances.length} utterances x ${voices.length} voices (${voices.join(", ")}); domain corpus: ${corpora.full.length} sentences (development utterances cross-validated over two halves)`,
  );

  console.log("synthesising the visitor voices (cached after the first run) ...");
  const audio = new Map<string, Int16Array>();
  const key = (voice: string, utterance: EvaluationUtterance) => `${voice}\n${utterance.text}`;
  for (const voice of voices) {
    for (const utterance of utterances) {
      const pcm = await speakAs(voice, utterance.text);
      audio.set(key(voice, utterance), concatPcm([whiteNoise(samplesForMs(300), -55, 3), pcm, whiteNoise(samplesForMs(300), -55, 4)]));
    }
  }

  const goalOf = (scenario: string): GoalKind => {
    const playbook = playbooks.get(scenario);
    if (!playbook) throw new Error(`the evaluation set names a scenario without a playbook: ${scenario}`);
    return playbook.goal.kind;
  };
  // The grammar design needs a scenario; the human recordings are heard by the IT helpdesk's grammar.
  const recordings = humanRecordings().map((recording) => ({ ...recording, pcm: concatPcm([whiteNoise(samplesForMs(300), -60, 5), recording.pcm, whiteNoise(samplesForMs(300), -60, 6)]) }));
  const rows: Cell[][] = [];
  for (const design of args.designs.split(",")) {
    const [kind, weightText] = design.split(":") as [string, string | undefined];
    const before = rssMb();
    const build = (corpus: string[][]) =>
      kind === "grammar"
        ? Promise.resolve(grammarDesign(ps, pronunciations))
        : languageModelDesign(ps, pronunciations, ranked, corpus, kind as "general" | "domain" | "interpolated", Number(weightText ?? "0.5"));
    const recogniser = await build(corpora.full);
    const memory = rssMb() - before;
    // Designs without a domain model hear every utterance alike.
    const crossValidated = kind === "domain" || kind === "interpolated";
    const folds = crossValidated ? [await build(corpora[0]), await build(corpora[1])] : [recogniser, recogniser];
    const hearerOf = (utterance: EvaluationUtterance) => (utterance.split === "held-out" ? recogniser : (folds[fold.get(utterance) ?? 0] as Recogniser));
    const splits = { development: tally(), "held-out": tally() };
    let cpuMs = 0;
    let audioMs = 0;
    let decoded = 0;
    for (const voice of voices) {
      for (const utterance of utterances) {
        const pcm = audio.get(key(voice, utterance)) as Int16Array;
        const started = process.cpuUsage();
        const heard = hearerOf(utterance).hear(utterance.scenario, pcm);
        (transcripts[design] ??= []).push({ voice, utterance, heard });
        const used = process.cpuUsage(started);
        cpuMs += (used.user + used.system) / 1000;
        audioMs += durationMs(pcm);
        if (++decoded % 200 === 0) console.log(`  ${recogniser.name}: ${decoded}/${voices.length * utterances.length}`);
        const goal = goalOf(utterance.scenario);
        const withNbest = understandSpeech([heard.best, ...heard.nbest], goal);
        const split = splits[utterance.split];
        if (withNbest === "comply" && utterance.intent !== "comply") split.falseCompliance++;
        if (utterance.intent === OFF_TOPIC) continue;
        split.wer.add(utterance.text, heard.best);
        split.evaluated++;
        if (bestOnly(heard.best, goal) === utterance.intent) split.understoodBest++;
        if (withNbest === utterance.intent) split.understoodNbest++;
      }
    }
    const human = new WordErrorRate();
    for (const recording of recordings) human.add(recording.transcript, recogniser.hear("", recording.pcm).best);
    recogniser.free();
    if (crossValidated) folds.forEach((built) => built.free());
    const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;
    const t = splits.development;
    const h = splits["held-out"];
    rows.push([
      recogniser.name,
      String(t.wer),
      String(h.wer),
      String(human),
      pct(t.understoodBest, t.evaluated),
      pct(t.understoodNbest, t.evaluated),
      pct(h.understoodBest, h.evaluated),
      `**${pct(h.understoodNbest, h.evaluated)}**`,
      t.falseCompliance + h.falseCompliance,
      (cpuMs / audioMs).toFixed(3),
      `${memory.toFixed(0)} MB`,
    ]);
    console.log(markdownRow(rows.at(-1)!));
    if (args.transcripts) writeFileSync(args.transcripts, JSON.stringify(transcripts));
  }
  console.log(["", markdownRow(columns), `|${columns.map(() => "---|").join("")}`, ...rows.map(markdownRow)].join("\n"));
  figures.record({
    tables: [
      {
        id: "designs",
        title: `The recognition designs on the evaluation set spoken by ${voices.join(", ")}, the caller's intent rules alone reading the transcripts; the development split heard cross-validated, the held-out split never used to choose`,
        columns,
        rows,
      },
    ],
  });
}

const markdownRow = (cells: readonly Cell[]) => `| ${cells.join(" | ")} |`;

heldOpen(main).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
