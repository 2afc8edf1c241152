/**
 * `npm run bench -- rooms`: the caller in real rooms. The evaluation set (agent/eval) answered from
 * the rooms visitors call from (agent/bench/support/rooms.ts: a quiet room, voices never used in
 * tuning, café babble and pink noise at 20/15/10 dB with two noise seeds, a telephone channel,
 * a reverberant room, faster and slower speech, a quiet and an overdriven microphone), and
 * through the browser (Chromium's fake microphone, the site's widget, the SDK, the agent).
 * Each answer is its own call: a fresh recogniser hears the room while the greeting plays, then
 * the answer, and the caller reads each turn it heard as the agent does. One table, held-out and
 * development splits apart: understood, false compliance, word error rate, turns the room made up,
 * and the reply latency measured through the real agent.
 *
 *   npx tsx agent/bench/rooms.ts [--quick] [--conditions=quiet,babble:10,...] [--split=held-out|development|both]
 *        [--latency-calls=6] [--browser-calls=78] [--parallel=2]
 *        [--seeds=1] [--sample=K] [--above-floor-db=N] [--domain-weight=W] [--noise-suppression=off|always|DBFS]
 *        [--channel-distance=off|D] [--level-difference=off|L] [--decoder=fwdflat:no,...] [--oracle-domain]
 *        [--early=on|off] [--pause-ms=N]
 * --early=off hears every answer to its hangover; by default a question the caller may answer at
 * the visitor's pause ends its turn there, as in the agent (each lull's words read before the next
 * frame, so the bench ends a turn early wherever the agent could). --pause-ms tries that pause.
 * --sample=K keeps every K-th answer; --above-floor-db, --domain-weight, --noise-suppression, --channel-distance,
 * --level-difference (when a first turn is heard again with its own cepstral mean) and --decoder (pocketsphinx
 * settings over the agent's, e.g. its search) try a design (on the development split). --oracle-domain lets the domain
 * model learn the held-out answers too: the ceiling recognition could reach if the model knew every wording.
 * By default the held-out split is heard whole, in every condition and seed (the targets are
 * its), and the development split, there for comparison, one answer in three with the first seed
 * (--development-sample=1 for all of it; --split=development hears it with every seed). --only=understanding|latency|browser runs one part;
 * --only=detector compares the detector's gate designs alone (support/rooms-detector.ts).
 *
 * --quick: held-out split only, one seed, latency on 3 calls per condition, 12 browser calls.
 * Understanding is measured in-process (createSpeech and the caller's classifier, exactly as the
 * agent runs them) with the audio streamed faster than real time; latency needs real time, so it
 * is measured on a sample of calls per condition through the agent process. The browser path
 * needs `npm run build` and runs the site's production server (take the shared server lock).
 */
import { availableParallelism, loadavg } from "node:os";
import pino from "pino";
import { callerTurnDecider, createCaller, spokenTurn } from "../src/caller";
import type { Intent, TurnDecider } from "../src/caller/intents";
import { loadPlaybooks } from "../src/caller/playbooks";
import { createSpeech, type Speech, type Utterance } from "../src/speech";
import { samplesForMs } from "../src/speech/audio";
import { DEFAULT_VOICE_ACTIVITY } from "../src/speech/recognition/tuning";
import { visitorSpeech } from "../src/caller/visitor-sentences";
import { OFF_TOPIC, loadEvaluationSet, type EvaluationUtterance, type Split } from "../eval/evaluation-set";
import { numberOption, pairsOption, stringOption } from "@mockingbird/testkit/cli-options";
import { startLocalAgent } from "@mockingbird/testkit/servers/agent-process";
import { runBrowserCalls, type BrowserResult } from "./support/rooms-browser";
import { compareGates } from "./support/rooms-detector";
import { callAudio, conditions, voiceFor, type Condition } from "./support/rooms";
import { humanRecordings } from "./support/testdata";
import { percentile } from "@mockingbird/testkit/stats";
import { reactionLines, Visitor } from "./support/visitor-call";
import { evaluationVoices, speakAs } from "./support/voices";
import { buildTimeline } from "../testkit/speech-audio";
import { WordErrorRate } from "../testkit/wer";
import { mapConcurrently } from "@mockingbird/testkit/concurrency";
import { heldOpen } from "./support/held-open";
import { ruleCounts } from "./support/rule-counts";
import type { Cell, FigureTable } from "@mockingbird/testkit/figures/figures";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { renderTable } from "@mockingbird/testkit/figures/render";

const quick = process.argv.includes("--quick");
const only = stringOption("only");
if (only !== undefined && !["understanding", "latency", "browser", "detector"].includes(only)) throw new Error(`--only=${only}: expected understanding, latency, browser or detector`);
const hearing = only === undefined || only === "understanding";
const splitOption = stringOption("split") ?? (quick ? "held-out" : "both");
const selectedSplits: Split[] = splitOption === "both" ? ["held-out", "development"] : [splitOption as Split];
const conditionFilter = stringOption("conditions")?.split(",");
const latencyCalls = numberOption("latency-calls", quick ? 3 : 6);
const browserCalls = only !== undefined && only !== "browser" ? 0 : numberOption("browser-calls", quick ? 12 : 78);
const measureLatency = latencyCalls > 0 && (only === undefined || only === "latency");
const parallel = Math.max(1, numberOption("parallel", 2));
const seedLimit = numberOption("seeds", quick ? 1 : Number.POSITIVE_INFINITY);
const sampleEvery = Math.max(1, Math.floor(numberOption("sample", 1)));
const developmentSample = Math.max(1, Math.floor(numberOption("development-sample", 3)));

const aboveFloorDb = stringOption("above-floor-db");
const domainWeight = stringOption("domain-weight");
const noiseSuppression = stringOption("noise-suppression");
const channelDistance = stringOption("channel-distance");
if (channelDistance !== undefined && channelDistance !== "off" && !Number.isFinite(Number(channelDistance))) throw new Error(`--channel-distance=${channelDistance}: expected off or a distance`);
const levelDifference = stringOption("level-difference");
if (levelDifference !== undefined && levelDifference !== "off" && !Number.isFinite(Number(levelDifference))) throw new Error(`--level-difference=${levelDifference}: expected off or a difference in c0`);
if (noiseSuppression !== undefined && !["off", "always"].includes(noiseSuppression) && !Number.isFinite(Number(noiseSuppression))) throw new Error(`--noise-suppression=${noiseSuppression}: expected off, always or the room's floor in dBFS from which it applies`);
const decoderArgs = pairsOption("decoder");
const early = stringOption("early") ?? "on";
if (early !== "on" && early !== "off") throw new Error(`--early=${early}: expected on or off`);
const pauseMs = stringOption("pause-ms");
if (pauseMs !== undefined && !(Number(pauseMs) > 0)) throw new Error(`--pause-ms=${pauseMs}: expected a positive number of milliseconds`);
/** The domain model also learns the held-out answers word for word: never a design, a ceiling (what the room alone costs). */
const oracleDomain = process.argv.includes("--oracle-domain");
// The agent process the latency and browser parts call has no such model: they would measure the agent under a ceiling's name.
if (oracleDomain && only !== "understanding") throw new Error("--oracle-domain measures understanding alone: add --only=understanding");
const apiKey = "bench-rooms-key";

for (const split of selectedSplits) if (split !== "held-out" && split !== "development") throw new Error(`--split=${splitOption}: expected held-out, development or both`);

const selected = conditions
  .filter((condition) => !conditionFilter || conditionFilter.some((name) => condition.id === name || condition.id.startsWith(`${name}:`) || condition.group === name))
  .map((condition) => ({ ...condition, seeds: condition.seeds.slice(0, seedLimit) }));
if (selected.length === 0) throw new Error(`--conditions matched none of ${conditions.map((condition) => condition.id).join(", ")}`);

/** A turn as the recogniser heard it, and what the caller made of it. */
type Turn = { intent: Intent; rule: string; recognised: Utterance; endSample: number };
type CallResult = {
  condition: Condition;
  seed: number;
  utterance: EvaluationUtterance;
  turns: Turn[];
  /** Turns that ended before the answer began: the room taken for speech (each a barge-in on the greeting). */
  spurious: number;
  /** The caller's reading of the answer: its last turn's intent, or "nothing heard". */
  heard: Intent | "nothing heard";
  transcript: string;
  /** Audio time from the end of the answer's speech to the end of its turn (the detector's decision). */
  endDelayMs: number | null;
};

/** Streams a call's microphone into a fresh recogniser; each turn with the sample where the detector ended it. */
/** `answerableEarly`: the caller's own test of a pause's words (CallerSession.answerableEarly), when turns may end at a pause. */
async function hear(speech: Speech, pcm: Int16Array, answerableEarly?: (words: string) => boolean): Promise<{ utterance: Utterance; endSample: number }[]> {
  const heard: Utterance[] = [];
  const pushes: { at: number; samples: number }[] = [];
  const recognizer = speech.createRecognizer({ onSpeechStart: () => undefined, onUtterance: (utterance) => heard.push(utterance), ...(answerableEarly ? { answerableEarly } : {}) });
  if (!recognizer) throw new Error(`recognition is unavailable: ${speech.status.reason}`);
  const chunk = samplesForMs(20);
  for (let offset = 0; offset < pcm.length; offset += chunk) {
    recognizer.push(pcm.subarray(offset, Math.min(pcm.length, offset + chunk)));
    pushes.push({ at: performance.now(), samples: Math.min(pcm.length, offset + chunk) });
    // Faster than real time, a lull's words would come back after the hangover had ended the
    // turn anyway: each is read before the next frame, as if decoding took no time.
    if (answerableEarly) await recognizer.settled?.();
    else if ((offset / chunk) % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await recognizer.settled?.();
  recognizer.close();
  return heard.map((utterance) => ({ utterance, endSample: pushes.find((push) => push.at >= utterance.endOfTurnAt)?.samples ?? pcm.length }));
}

function scoreCall(condition: Condition, seed: number, utterance: EvaluationUtterance, decide: TurnDecider, heard: { utterance: Utterance; endSample: number }[], speechStart: number, speechEnd: number): CallResult {
  const turns: Turn[] = heard.map(({ utterance, endSample }) => ({ ...decide(spokenTurn(utterance)), recognised: utterance, endSample }));
  // A turn that ended before the answer's first 100 ms was the room alone.
  const answerTurns = turns.filter((turn) => turn.endSample > speechStart + samplesForMs(100));
  const last = answerTurns[answerTurns.length - 1];
  return {
    condition,
    seed,
    utterance,
    turns,
    spurious: turns.length - answerTurns.length,
    heard: last?.intent ?? "nothing heard",
    transcript: answerTurns.map((turn) => turn.recognised.transcript).filter(Boolean).join(" "),
    endDelayMs: last ? ((last.endSample - speechEnd) * 1000) / 16_000 : null,
  };
}

const understood = (result: CallResult) => result.heard === result.utterance.intent;
const falselyComplied = (result: CallResult) => result.utterance.intent !== "comply" && result.turns.some((turn) => turn.intent === "comply");

type LatencySample = { latencyMs: number; understood: boolean };

/** Real-time calls through the agent process: `count` held-out answers per condition, three calls at a time. */
async function measureReplyLatency(rows: readonly Condition[], answers: readonly EvaluationUtterance[], count: number): Promise<Map<string, LatencySample[]>> {
  const agent = await startLocalAgent({ env: { LOCAL_AGENT_API_KEY: apiKey, AGENT_MAX_CONCURRENT_CALLS: "20" }, readyTimeoutMs: 300_000 });
  const playbooks = loadPlaybooks();
  const samples = new Map<string, LatencySample[]>();
  try {
    const jobs = rows.flatMap((condition) => answers.slice(0, count).map((utterance, index) => ({ condition, utterance, index })));
    let done = 0;
    await mapConcurrently(jobs, 3, async ({ condition, utterance, index }) => {
      const voice = voiceFor(condition, index, evaluationVoices);
      const audio = await callAudio(condition, await speakAs(voice, utterance.text), condition.seeds[0] ?? 1, index);
      const answerStart = audio.speechStart - samplesForMs(300);
      const room = audio.pcm.subarray(0, answerStart);
      const answer = audio.pcm.subarray(answerStart);
      const visitor = new Visitor(agent.origin, utterance.scenario, apiKey, room);
      try {
        await visitor.connect();
        visitor.rememberGreeting();
        const expected = reactionLines(playbooks.get(utterance.scenario)!);
        const sample = await visitor.say({ utterance, pcm: answer, speechEnd: audio.speechEnd - answerStart }, utterance.intent === "ask_repeat" ? "repeat" : (expected.get(utterance.intent as never) ?? new Set()));
        if (sample) {
          const list = samples.get(condition.id) ?? [];
          list.push({ latencyMs: sample.latencyMs, understood: sample.understood });
          samples.set(condition.id, list);
        }
      } finally {
        visitor.close();
      }
      if (++done % 10 === 0) console.log(`  latency: ${done}/${jobs.length} calls`);
    });
  } finally {
    await agent.stop();
  }
  return samples;
}

const pct = (n: number, of: number) => (of === 0 ? "n/a" : `${((100 * n) / of).toFixed(1)}% (${n}/${of})`);
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : "n/a");

async function main(): Promise<void> {
  if (only === "detector") {
    const figures = startFigures("rooms-detector");
    const output = ["the detector alone, development split (one answer in three), seed 1, 6 s of the room before each answer:", "", ...(await compareGates(loadEvaluationSet().filter((utterance) => utterance.split === "development")))].join("\n");
    console.log(output);
    figures.record({ output });
    return;
  }
  await heldOpen(run);
}

async function run(): Promise<void> {
  const figures = startFigures(oracleDomain ? "rooms-ceiling" : "rooms");
  const started = performance.now();
  const load = loadavg()[0] ?? 0;
  const all = loadEvaluationSet();
  const utterances = !hearing ? [] : all.filter((utterance) => selectedSplits.includes(utterance.split)).filter((_, index) => index % sampleEvery === 0);
  const developmentEvery = (() => {
    let seen = 0;
    return (utterance: EvaluationUtterance) => utterance.split !== "development" || seen++ % developmentSample === 0;
  })();
  const developmentKept = new Set(utterances.filter(developmentEvery));
  const playbooks = loadPlaybooks();
  const deciders = new Map<string, TurnDecider>([...playbooks.values()].map((playbook) => [playbook.id, callerTurnDecider(playbook)]));
  const seeds = selected.reduce((sum, condition) => sum + condition.seeds.length, 0);
  console.log(early === "on" ? `turns end at the visitor's pause where the caller may answer the words (${pauseMs ?? "the agent's"} ms)` : "every turn waits out the hangover (--early=off)");
  if (aboveFloorDb !== undefined || domainWeight !== undefined || noiseSuppression !== undefined || channelDistance !== undefined || levelDifference !== undefined || Object.keys(decoderArgs).length > 0)
    console.log(
      `design tried: above-floor ${aboveFloorDb ?? "default"} dB, domain weight ${domainWeight ?? "default"}, noise suppression ${noiseSuppression ?? "default"}, channel distance ${channelDistance ?? "default"}, level difference ${levelDifference ?? "default"}, decoder ${JSON.stringify(decoderArgs)} (latency and browser calls run the agent as configured)`);
  console.log(
    `rooms: ${selected.length} conditions (${seeds} with their seeds) x ${utterances.length} answers (${selectedSplits.join(" and ")}${selectedSplits.includes("development") && developmentSample > 1 ? `, development one in ${developmentSample} and first seed only` : ""}); ` +
      `${availableParallelism()} cores, load average ${load.toFixed(1)}`,
  );

  const learnt = visitorSpeech();
  const heldOutWordings = all.filter((utterance) => utterance.split === "held-out").map((utterance) => utterance.text);
  if (oracleDomain) console.log("oracle: the domain model also learns the held-out answers (a ceiling, not a design)");
  const speech = await createSpeech(pino({ level: "warn" }), {
    ...learnt,
    domainSentences: oracleDomain ? [...learnt.domainSentences, ...heldOutWordings] : learnt.domainSentences,
    transcriptDeadlineMs: 30_000,
    voiceActivity: { ...(aboveFloorDb === undefined ? {} : { aboveFloorDb: Number(aboveFloorDb) }), ...(pauseMs === undefined ? {} : { pauseMs: Number(pauseMs) }) },
    ...(domainWeight === undefined ? {} : { domainWeight: Number(domainWeight) }),
    languageModel: {
      ...(channelDistance === undefined ? {} : { mismatchedChannelDistance: channelDistance === "off" ? null : Number(channelDistance) }),
      ...(levelDifference === undefined ? {} : { mismatchedLevel: levelDifference === "off" ? null : Number(levelDifference) }),
      decoderArgs,
    },
    ...(noiseSuppression === undefined ? {} : { noiseSuppression: noiseSuppression === "off" ? { enabled: false } : { enabled: true, fromFloorDbfs: noiseSuppression === "always" ? Number.NEGATIVE_INFINITY : Number(noiseSuppression) } }),
  });
  if (speech.status.recognition !== "available") throw new Error(`recognition is unavailable: ${speech.status.reason}`);
  const jobs = selected.flatMap((condition) =>
    condition.seeds.flatMap((seed, seedIndex) =>
      utterances.flatMap((utterance, index) =>
        utterance.split === "development" && ((seedIndex > 0 && selectedSplits.includes("held-out")) || !developmentKept.has(utterance)) ? [] : [{ condition, seed, utterance, index }],
      ),
    ),
  );
  console.log(`  ${jobs.length} calls`);
  let done = 0;
  const results = await mapConcurrently(jobs, parallel, async ({ condition, seed, utterance, index }) => {
    const voice = voiceFor(condition, index, evaluationVoices);
    const audio = await callAudio(condition, await speakAs(voice, utterance.text), seed, index);
    const caller = early === "on" ? createCaller(utterance.scenario) : null;
    const heard = await hear(speech, audio.pcm, caller ? (words) => caller.answerableEarly(words) : undefined);
    if (++done % 250 === 0) console.log(`  understanding: ${done}/${jobs.length} calls (${((performance.now() - started) / 60_000).toFixed(1)} min)`);
    return scoreCall(condition, seed, utterance, deciders.get(utterance.scenario)!, heard, audio.speechStart, audio.speechEnd);
  });

  const human = new WordErrorRate();
  for (const recording of !hearing ? [] : humanRecordings()) {
    // On the same line as the understanding bench puts them (its figure is the guard): a quiet line's faint noise around the recording.
    const heard = await hear(speech, buildTimeline([{ silenceMs: 600 }, { speech: recording.pcm }, { silenceMs: 1200 }]).pcm);
    human.add(recording.transcript, heard.map(({ utterance }) => utterance.transcript).filter(Boolean).join(" "));
  }
  await speech.close();
  const understandingMinutes = (performance.now() - started) / 60_000;

  const heldOut = all.filter((utterance) => utterance.split === "held-out" && utterance.intent !== OFF_TOPIC);
  // One answer of each intent per scenario before the next: the sample covers every intent.
  const latencyAnswers = [...heldOut].sort((a, b) => heldOut.filter((u) => u.scenario === a.scenario && u.intent === a.intent).indexOf(a) - heldOut.filter((u) => u.scenario === b.scenario && u.intent === b.intent).indexOf(b));
  let latency = new Map<string, LatencySample[]>();
  if (measureLatency) {
    console.log(`reply latency: ${latencyCalls} held-out answers per condition through the agent process, in real time ...`);
    latency = await measureReplyLatency(selected, latencyAnswers, latencyCalls);
  }
  let browser: BrowserResult[] = [];
  if (browserCalls > 0) {
    console.log(`browser path: ${browserCalls} held-out answers through Chromium's fake microphone, the widget, the SDK and the agent ...`);
    const browserSplit = (stringOption("browser-split") ?? "held-out") as Split;
    const candidates = all.filter((utterance) => utterance.split === browserSplit);
    // Spread over the split (every scenario and intent), not its first answers.
    const every = Math.max(1, Math.ceil(candidates.length / browserCalls));
    browser = await runBrowserCalls(candidates.filter((_, index) => index % every === 0).slice(0, browserCalls));
    if (process.env.SHOW_DEVELOPMENT_MISTAKES && browserSplit === "development") {
      for (const result of browser) console.log(`    browser ${result.utterance.intent} understood=${result.understood}: "${result.utterance.text}" captioned "${result.caption}" (${result.detail})`);
    }
  }

  const columns = ["condition", "seed", "held-out understood", "target", "development understood", "false compliance (held-out / development)", "WER held-out", "WER development", "made-up turns", "end of turn p50", "reply p50 / p95 (calls, understood)"];
  const rows: Cell[][] = [];
  const targetCell = (target: number, rate: number) => `${Math.round(target * 100)}%: ${Number.isNaN(rate) ? "n/a" : rate >= target ? "reached" : "missed"}`;
  for (const condition of selected) {
    for (const seed of condition.seeds) {
      const heard = results.filter((result) => result.condition.id === condition.id && result.seed === seed);
      const replies = seed === condition.seeds[0] ? (latency.get(condition.id) ?? []) : [];
      if (heard.length === 0 && replies.length === 0) continue;
      const split = (name: Split) => heard.filter((result) => result.utterance.split === name);
      const scored = (name: Split) => split(name).filter((result) => result.utterance.intent !== OFF_TOPIC);
      const wer = (name: Split) => {
        const rate = new WordErrorRate();
        for (const result of scored(name)) rate.add(result.utterance.text, result.transcript);
        return rate.toString();
      };
      const delays = heard.map((result) => result.endDelayMs).filter((value): value is number => value !== null);
      const held = scored("held-out");
      rows.push([
        condition.label,
        String(seed),
        pct(held.filter(understood).length, held.length),
        condition.target === null ? "" : targetCell(condition.target, held.length === 0 ? NaN : held.filter(understood).length / held.length),
        pct(scored("development").filter(understood).length, scored("development").length),
        `${split("held-out").filter(falselyComplied).length} / ${split("development").filter(falselyComplied).length}`,
        wer("held-out"),
        wer("development"),
        String(heard.reduce((sum, result) => sum + result.spurious, 0)),
        ms(percentile(delays, 50)),
        replies.length === 0 ? "" : `${ms(percentile(replies.map((r) => r.latencyMs), 50))} / ${ms(percentile(replies.map((r) => r.latencyMs), 95))} (${replies.length}, ${replies.filter((r) => r.understood).length})`,
      ]);
    }
  }
  const browserScored = browser.filter((result) => result.utterance.intent !== OFF_TOPIC);
  const browserUnderstood = browserScored.filter((result) => result.understood).length;
  if (browser.length > 0) {
    const rate = new WordErrorRate();
    for (const result of browserScored) rate.add(result.utterance.text, result.caption ?? "");
    const latencies = browser.map((result) => result.latencyMs).filter((value): value is number => value !== null);
    rows.push([
      "browser path: Chromium's capture, the widget, the SDK",
      "-",
      pct(browserUnderstood, browserScored.length),
      targetCell(0.9, browserUnderstood / browserScored.length),
      "",
      `${browser.filter((result) => result.falseCompliance).length} / -`,
      rate.toString(),
      "",
      String(browser.reduce((sum, result) => sum + result.spurious, 0)),
      "",
      latencies.length === 0 ? "" : `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} (${latencies.length}, ${browserUnderstood})`,
    ]);
  }
  const table: FigureTable = {
    id: "conditions",
    title:
      (oracleDomain ? "Ceiling, not the agent: the domain model also learnt the held-out answers word for word. " : "") +
      "The evaluation set in each room, one answer per call: understood (the caller reacted to what the answer meant), false compliance (any turn of a call taken as compliance when the answer was not), " +
      "word error rate, made-up turns (the room taken for speech before the answer), end of turn after the speech, reply latency through the agent in real time; the held-out split was never tuned on",
    columns,
    rows,
  };
  const falseCompliance = results.filter(falselyComplied);
  const falseComplianceTotal = falseCompliance.length + browser.filter((r) => r.falseCompliance).length;
  const developmentCases = falseCompliance.filter((r) => r.utterance.split === "development").map((result) => `${result.condition.id}/${result.seed} development ${result.utterance.intent}: "${result.utterance.text}" heard "${result.turns.map((turn) => turn.recognised.transcript).join(" | ")}"`);
  const notes = [
    early === "on"
      ? `Understanding hears as the agent does: a turn whose words at the visitor's pause (${pauseMs ?? DEFAULT_VOICE_ACTIVITY.pauseMs} ms of silence) are a question the caller may answer ends there; each lull's words are read before the next frame.`
      : "Understanding with every turn waiting out the hangover (--early=off).",
    `False compliance, every condition and seed, off-topic answers included: ${falseComplianceTotal}${developmentCases.length > 0 ? ` (development split: ${developmentCases.join("; ")}; the held-out split's are never printed)` : ""}.`,
    ...(human.words > 0 ? [`Word error rate on pocketsphinx-testdata's recordings of people, the guard every change is held to: ${human} over ${human.words} words.`] : []),
    `Understanding took ${understandingMinutes.toFixed(1)} min, the whole run ${((performance.now() - started) / 60_000).toFixed(1)} min.`,
  ];
  const rules = ruleCounts(
    "rules",
    "Turns each rule of the caller's rulebook decided, every room and seed (off-topic answers aside)",
    // Every turn of a call, not only its last: an answer the room split in two can be taken as compliance in its first half.
    results
      .filter((result) => result.utterance.intent !== OFF_TOPIC)
      .flatMap(({ turns, utterance: { split, intent: expected } }) =>
        turns.length === 0 ? [{ rule: "nothing heard", split, decided: "nothing heard", expected }] : turns.map(({ rule, intent }) => ({ rule, split, decided: intent, expected })),
      ),
  );
  console.log(["", renderTable(table), "", renderTable(rules), "", ...notes].join("\n"));
  if (process.env.SHOW_DEVELOPMENT_MISTAKES) {
    console.log("\ntuning-split mistakes (the held-out split's are never printed: nobody tunes on them)");
    for (const result of results.filter((r) => r.utterance.split === "development" && r.utterance.intent !== OFF_TOPIC && !understood(r))) {
      console.log(`    ${result.condition.id}/${result.seed} ${result.utterance.scenario} ${result.utterance.intent} <- ${result.heard}: "${result.utterance.text}" heard "${result.turns.map(({ recognised: { transcript, confidence, alternatives }, intent }) => `${transcript} [${intent} ${confidence?.toFixed(2)}; also: ${alternatives?.join(" / ")}]`).join(" | ")}"`);
    }
  }
  const quietRow = rows.find((row) => row[0] === "quiet room");
  figures.record({
    tables: [table, rules],
    notes,
    headlines: oracleDomain ? [] : [
      ...(quietRow ? [{ figure: "Intents understood in a quiet room, held-out split (target 95%)", value: String(quietRow[2]) }] : []),
      ...(browser.length > 0 ? [{ figure: "Intents understood through Chromium, the widget and the SDK, held-out split (target 90%)", value: pct(browserUnderstood, browserScored.length) }] : []),
      { figure: "False compliance in every room and seed (target 0)", value: String(falseComplianceTotal) },
    ],
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
