/**
 * Speech latency, straight against the Speech interface (no websocket): flite-spoken
 * utterances streamed in real time in 20 ms frames, like the browser's microphone.
 *
 *   npx tsx agent/bench/speech-latency.ts                 one call, 20 utterances
 *   npx tsx agent/bench/speech-latency.ts --calls 20      20 concurrent calls, 20 utterances each
 *   options: --utterances N  --scenario <playbook id>
 *            --gap-ms N  silence after each utterance (default: end of turn + the reply's playing time + 500 ms)
 *
 * Prints end of speech -> transcript and -> synthesized reply (p50/p95), how many utterances
 * were understood or rejected as they should be, event-loop delay, CPU and memory per call.
 */
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Writable } from "node:stream";
import pino from "pino";
import { createSpeech, type Speech } from "../src/speech";
import { durationMs } from "../src/speech/audio";
import type { FliteVoice } from "../src/speech/synthesizer";
import { buildTimeline, closeFixtureSpeech, speak, streamPcm, type Segment } from "../tests/support/speech-fixtures";

type Options = { calls: number; utterances: number; scenario: string; gapMs: number };

function parseOptions(argv: readonly string[]): Options {
  const value = (name: string, fallback: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 && argv[index + 1] ? (argv[index + 1] as string) : fallback;
  };
  return {
    calls: Math.max(1, Number(value("calls", "1"))),
    utterances: Math.max(1, Number(value("utterances", "20"))),
    scenario: value("scenario", "it-helpdesk-mfa-reset"),
    // 0: the visitor answers 500 ms after the agent's reply would have finished playing.
    gapMs: Math.max(0, Number(value("gap-ms", "0"))),
  };
}

const OUT_OF_GRAMMAR = [
  "the weather in paris is lovely this time of year",
  "can you tell me a joke about cats",
  "i had pasta for dinner yesterday",
  "my neighbour is painting his fence green",
];
const VOICES: readonly FliteVoice[] = ["slt", "rms", "awb", "kal16"];
const REPLY = "Right, I understand. But I do need that code from you in the next minute, please.";

type Spoken = { text: string; expected: string | null; voice: FliteVoice; pcm: Int16Array };

function playbookPhrases(scenario: string): string[] {
  const file = path.join(__dirname, "..", "playbooks", `${scenario}.json`);
  const playbook = JSON.parse(readFileSync(file, "utf8")) as { phrases: Record<string, string[]> };
  return [...new Set(Object.values(playbook.phrases).flat())];
}

/** Every fifth utterance is out of grammar; the rest are spread over the playbook's phrases. */
async function utteranceSet(phrases: readonly string[], count: number): Promise<Spoken[]> {
  const spoken: Spoken[] = [];
  for (let i = 0; i < count; i++) {
    const voice = VOICES[i % VOICES.length] as FliteVoice;
    const outOfGrammar = i % 5 === 4;
    const text = outOfGrammar ? (OUT_OF_GRAMMAR[Math.floor(i / 5) % OUT_OF_GRAMMAR.length] as string) : (phrases[(i * 7) % phrases.length] as string);
    spoken.push({ text, expected: outOfGrammar ? null : text, voice, pcm: await speak(text, voice) });
  }
  return spoken;
}

type Result = { expected: string | null; heard: string | null | undefined; toTranscript: number; toReply: number; vad: number };

async function runCall(speech: Speech, phrases: readonly string[], spoken: readonly Spoken[], gapMs: number, startDelayMs: number): Promise<{ results: Result[]; extra: number }> {
  await new Promise((resolve) => setTimeout(resolve, startDelayMs));
  const segments: Segment[] = [{ silenceMs: 1000 }];
  for (const item of spoken) segments.push({ speech: item.pcm }, { silenceMs: gapMs });
  const timeline = buildTimeline(segments);
  const events: { text: string | null; endOfTurnAt: number; transcriptAt: number; reply: Promise<number> }[] = [];
  const recognizer = speech.createRecognizer({
    phrases,
    onSpeechStart: () => undefined,
    onUtterance: ({ text, endOfTurnAt }) => {
      const transcriptAt = performance.now();
      events.push({ text, endOfTurnAt, transcriptAt, reply: speech.synthesize(REPLY).then(() => performance.now()) });
    },
  });
  if (!recognizer) throw new Error(`recognition unavailable: ${speech.status.reason}`);
  const report = await streamPcm(timeline.pcm, (chunk) => recognizer.push(chunk), { chunkMs: 20, realTime: true });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  recognizer.close();

  // Each result belongs to the latest speech end before its end of turn.
  const ends = timeline.speechEnds.map((sample) => report.sentAt(sample));
  const results: Result[] = spoken.map((item) => ({ expected: item.expected, heard: undefined, toTranscript: Number.NaN, toReply: Number.NaN, vad: Number.NaN }));
  let extra = 0;
  for (const event of events) {
    let index = -1;
    ends.forEach((end, i) => {
      if (end <= event.endOfTurnAt) index = i;
    });
    const slot = results[index];
    if (!slot || slot.heard !== undefined) {
      extra++;
      continue;
    }
    const end = ends[index] as number;
    slot.heard = event.text;
    slot.vad = event.endOfTurnAt - end;
    slot.toTranscript = event.transcriptAt - end;
    slot.toReply = (await event.reply) - end;
  }
  return { results, extra };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : "n/a");

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  // Warnings are counted, not printed: under overload there is one per late check.
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
  const speech = await createSpeech(log);
  if (speech.status.recognition !== "available") throw new Error(`recognition unavailable: ${speech.status.reason}`);
  const phrases = playbookPhrases(options.scenario);
  const spoken = await utteranceSet(phrases, options.utterances);
  const reply = await speech.synthesize(REPLY);
  const gapMs = options.gapMs > 0 ? options.gapMs : 500 + durationMs(reply) + 500;

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
  const calls = await Promise.all(Array.from({ length: options.calls }, (_, call) => runCall(speech, phrases, spoken, gapMs, (call * cycleMs) / options.calls)));

  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  loopDelay.disable();
  clearInterval(sampler);
  await speech.close();
  await closeFixtureSpeech();

  const results = calls.flatMap((call) => call.results);
  const understood = results.filter((result) => result.expected !== null);
  const outOfGrammar = results.filter((result) => result.expected === null);
  const cpuCore = (cpu.user + cpu.system) / 1000 / wallMs;
  const lines = [
    `speech latency: ${options.calls} call(s) x ${options.utterances} utterances, scenario ${options.scenario}, real-time 20 ms frames, ${(gapMs / 1000).toFixed(1)} s after each, ${process.version}`,
    `  end of speech -> end of turn (VAD):  p50 ${ms(percentile(results.map((r) => r.vad), 50))}  p95 ${ms(percentile(results.map((r) => r.vad), 95))}`,
    `  end of turn -> checked transcript:   p50 ${ms(percentile(results.map((r) => r.toTranscript - r.vad), 50))}  p95 ${ms(percentile(results.map((r) => r.toTranscript - r.vad), 95))}`,
    `  end of speech -> transcript:         p50 ${ms(percentile(results.map((r) => r.toTranscript), 50))}  p95 ${ms(percentile(results.map((r) => r.toTranscript), 95))}`,
    `  end of speech -> synthesized reply:  p50 ${ms(percentile(results.map((r) => r.toReply), 50))}  p95 ${ms(percentile(results.map((r) => r.toReply), 95))}`,
    `  in-grammar recognised exactly: ${understood.filter((r) => r.heard === r.expected).length}/${understood.length}` +
      `  (rejected as not understood: ${understood.filter((r) => r.heard === null).length}, wrong phrase: ${understood.filter((r) => typeof r.heard === "string" && r.heard !== r.expected).length})`,
    `  out-of-grammar rejected: ${outOfGrammar.filter((r) => r.heard === null).length}/${outOfGrammar.length}`,
    `  turns missed: ${results.filter((r) => r.heard === undefined).length}, extra end-of-turn events: ${calls.reduce((sum, call) => sum + call.extra, 0)}`,
    ...[...warnings].map(([message, count]) => `  logged ${count}x: ${message}`),
    `  event-loop delay: p50 ${(loopDelay.percentile(50) / 1e6).toFixed(1)} ms  p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms  max ${(loopDelay.max / 1e6).toFixed(1)} ms`,
    `  CPU: ${(cpuCore * 100).toFixed(0)}% of one core in total, ${((cpuCore * 100) / options.calls).toFixed(1)}% per call` +
      ` (${availableParallelism()} cores; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]?.toFixed(1)} after: other work on the machine skews every figure)`,
    `  RSS: ${(rssBefore / 2 ** 20).toFixed(0)} MiB before the calls (models, flite worker), peak ${(rssPeak / 2 ** 20).toFixed(0)} MiB,` +
      ` ${((rssPeak - rssBefore) / 2 ** 20 / options.calls).toFixed(1)} MiB per call`,
  ];
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
