/**
 * `npm run bench -- speech-latency`: speech latency straight against the Speech interface (no
 * websocket): answers from the evaluation set, spoken by flite and festival, streamed in real
 * time in 20 ms frames like the browser's microphone, into the recogniser the agent runs.
 *
 *   npm run bench -- speech-latency               one call, 20 utterances
 *   npm run bench -- speech-latency --calls=10    10 calls at once, start times spread
 *   options: --utterances=N  --gap-ms=N (silence after each utterance; default: the reply's playing time + 1 s)
 *
 * Prints end of speech -> end of turn, -> transcript and -> synthesized reply (p50/p95), how many
 * turns the caller's rules understood, event-loop delay, CPU and memory per call.
 */
import { availableParallelism, loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Writable } from "node:stream";
import pino from "pino";
import { callerIntentClassifier, spokenTurn } from "../src/caller";
import { loadPlaybooks } from "../src/caller/playbooks";
import { createSpeech, type Speech, type Utterance } from "../src/speech";
import { durationMs } from "../src/speech/audio";
import { visitorSpeech } from "../src/caller/visitor-sentences";
import { OFF_TOPIC, loadEvaluationSet, type EvaluationUtterance } from "../eval/evaluation-set";
import { buildTimeline, streamPcm, type Segment } from "../testkit/speech-audio";
import { numberOption } from "@mockingbird/testkit/cli-options";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { percentile } from "@mockingbird/testkit/stats";
import { heldOpen } from "./support/held-open";
import { evaluationVoices, speakAs } from "./support/voices";

const options = {
  calls: Math.max(1, numberOption("calls", 1)),
  utterances: Math.max(1, numberOption("utterances", 20)),
  gapMs: numberOption("gap-ms", 0),
};
const REPLY = "Right, I understand. But I do need that code from you in the next minute, please.";

type Spoken = { utterance: EvaluationUtterance; pcm: Int16Array };
type Result = { utterance: EvaluationUtterance; understood: boolean | undefined; vad: number; toTranscript: number; toReply: number };

/** Every intent of every scenario in turn, voices rotating: the held-out split, then the development split. */
async function utteranceSet(count: number): Promise<Spoken[]> {
  const all = loadEvaluationSet().filter((utterance) => utterance.intent !== OFF_TOPIC);
  const ordered = [...all.filter((u) => u.split === "held-out"), ...all.filter((u) => u.split === "development")];
  const spoken: Spoken[] = [];
  for (let i = 0; i < count; i++) {
    const utterance = ordered[(i * 37) % ordered.length] as EvaluationUtterance;
    spoken.push({ utterance, pcm: await speakAs(evaluationVoices[i % evaluationVoices.length]!, utterance.text) });
  }
  return spoken;
}

async function runCall(speech: Speech, spoken: readonly Spoken[], gapMs: number, startDelayMs: number): Promise<{ results: Result[]; extra: number }> {
  await new Promise((resolve) => setTimeout(resolve, startDelayMs));
  const playbooks = loadPlaybooks();
  const segments: Segment[] = [{ silenceMs: 1000 }];
  for (const item of spoken) segments.push({ speech: item.pcm }, { silenceMs: gapMs });
  const timeline = buildTimeline(segments);
  const events: (Utterance & { transcriptAt: number; reply: Promise<number> })[] = [];
  const recognizer = speech.createRecognizer({
    onSpeechStart: () => undefined,
    onUtterance: (utterance) => {
      const transcriptAt = performance.now();
      events.push({ ...utterance, transcriptAt, reply: speech.synthesize(REPLY).then(() => performance.now()) });
    },
  });
  if (!recognizer) throw new Error(`recognition unavailable: ${speech.status.reason}`);
  const report = await streamPcm(timeline.pcm, (chunk) => recognizer.push(chunk), { chunkMs: 20, realTime: true });
  await recognizer.settled?.();
  recognizer.close();

  // Each result belongs to the latest speech end before its end of turn.
  const ends = timeline.speechEnds.map((sample) => report.sentAt(sample));
  const results: Result[] = spoken.map((item) => ({ utterance: item.utterance, understood: undefined, vad: Number.NaN, toTranscript: Number.NaN, toReply: Number.NaN }));
  let extra = 0;
  for (const event of events) {
    let index = -1;
    ends.forEach((end, i) => {
      if (end <= event.endOfTurnAt) index = i;
    });
    const slot = results[index];
    if (!slot || slot.understood !== undefined) {
      extra++;
      continue;
    }
    const playbook = playbooks.get(slot.utterance.scenario);
    if (!playbook) throw new Error(`no playbook ${slot.utterance.scenario}`);
    const end = ends[index] as number;
    slot.understood = callerIntentClassifier(playbook)(spokenTurn(event)) === slot.utterance.intent;
    slot.vad = event.endOfTurnAt - end;
    slot.toTranscript = event.transcriptAt - end;
    slot.toReply = (await event.reply) - end;
  }
  return { results, extra };
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : "n/a");
/** p50 and p95 of the turns that have the figure (a missed turn has none). */
const spread = (values: readonly number[]) => [50, 95].map((p) => ms(percentile(values.filter(Number.isFinite), p)));

async function main(): Promise<void> {
  const figures = startFigures("speech-latency");
  // Warnings are counted, not printed: under overload there is one per late transcript.
  const warnings = new Map<string, number>();
  const log = pino(
    { level: process.env.LOG_LEVEL ?? "warn" },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
          const { msg } = JSON.parse(line) as { msg: string };
          warnings.set(msg, (warnings.get(msg) ?? 0) + 1);
        }
        done();
      },
    }),
  );
  const speech = await createSpeech(log, visitorSpeech());
  if (speech.status.recognition !== "available") throw new Error(`recognition unavailable: ${speech.status.reason}`);
  const spoken = await utteranceSet(options.utterances);
  const reply = await speech.synthesize(REPLY);
  const gapMs = options.gapMs > 0 ? options.gapMs : durationMs(reply) + 1000;

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 250);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpuBefore = process.cpuUsage();
  const loadBefore = loadavg()[0] ?? 0;
  const started = performance.now();

  // Independent calls: their start times are spread over one utterance-and-reply cycle, so the
  // visitors do not all speak at the same moment.
  const cycleMs = spoken.reduce((sum, item) => sum + durationMs(item.pcm), 0) / spoken.length + gapMs;
  const calls = await Promise.all(Array.from({ length: options.calls }, (_, call) => runCall(speech, spoken, gapMs, (call * cycleMs) / options.calls)));

  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  loopDelay.disable();
  clearInterval(sampler);
  await speech.close();

  const results = calls.flatMap((call) => call.results);
  const cpuCore = (cpu.user + cpu.system) / 1000 / wallMs;
  const stages: [string, number[]][] = [
    ["end of speech -> end of turn (VAD)", results.map((r) => r.vad)],
    ["end of turn -> transcript", results.map((r) => r.toTranscript - r.vad)],
    ["end of speech -> transcript", results.map((r) => r.toTranscript)],
    ["end of speech -> synthesized reply", results.map((r) => r.toReply)],
  ];
  const spreads = stages.map(([stage, values]) => [stage, ...spread(values)] as const);
  const understood = `${results.filter((r) => r.understood === true).length}/${results.length}`;
  const missed = results.filter((r) => r.understood === undefined).length;
  const extra = calls.reduce((sum, call) => sum + call.extra, 0);
  const eventLoop = `p50 ${(loopDelay.percentile(50) / 1e6).toFixed(1)} ms  p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms  max ${(loopDelay.max / 1e6).toFixed(1)} ms`;
  const cpuShare = `${(cpuCore * 100).toFixed(0)}% of one core in total, ${((cpuCore * 100) / options.calls).toFixed(1)}% per call`;
  const memory = `${(rssBefore / 2 ** 20).toFixed(0)} MiB before the calls (models, flite worker), peak ${(rssPeak / 2 ** 20).toFixed(0)} MiB, ${((rssPeak - rssBefore) / 2 ** 20 / options.calls).toFixed(1)} MiB per call`;
  const setting = `${options.calls} call(s) x ${options.utterances} utterances, real-time 20 ms frames, ${(gapMs / 1000).toFixed(1)} s after each`;
  const lines = [
    `speech latency: ${setting}, ${process.version}`,
    ...spreads.map(([stage, p50, p95]) => `  ${`${stage}:`.padEnd(36)} p50 ${p50}  p95 ${p95}`),
    `  understood by the caller's rules: ${understood}  (turns missed: ${missed}, extra turns: ${extra})`,
    ...[...warnings].map(([message, count]) => `  logged ${count}x: ${message}`),
    `  event-loop delay: ${eventLoop}`,
    `  CPU: ${cpuShare}` + ` (${availableParallelism()} cores; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]?.toFixed(1)} after: other work on the machine skews every figure)`,
    `  RSS: ${memory}`,
  ];
  console.log(lines.join("\n"));
  figures.record({
    tables: [
      { id: "latency", title: `Speech latency against the speech part, without the websocket: ${setting}`, columns: ["stage", "p50", "p95"], rows: spreads },
      {
        id: "cost",
        title: "Turns and cost",
        columns: ["figure", "measured"],
        rows: [
          ["understood by the caller's rules", `${understood} (turns missed: ${missed}, extra turns: ${extra})`],
          ...[...warnings].map(([message, count]) => [`logged ${count}x`, message]),
          ["event-loop delay", eventLoop],
          ["CPU", cpuShare],
          ["memory (RSS)", memory],
        ],
      },
    ],
  });
}

heldOpen(main).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
