/**
 * `npm run bench -- turn-end`: how soon the voice activity detector hears that the visitor
 * stopped. Each answer of the evaluation set, spoken by the evaluation voices, then a second of
 * the line's silence, goes frame by frame through the detector the recogniser runs
 * (DEFAULT_VOICE_ACTIVITY). Measured from the end of the speech (its last 10 ms above -40 dBFS,
 * as the agent bench measures it) to the `pause` event (where a question may be answered) and to
 * the turn's end (the hangover), with the count of pauses heard inside the speech (each makes
 * the recogniser look at the words so far: a comma, a breath).
 *
 * Lines: digital silence (a microphone the browser's noise suppression gates to nothing) and a
 * quiet room's floor (white noise at -60 dBFS). `--below-loud-db=0,40` compares values of the
 * detector's `belowLoudDb` (0: off), `--pause-ms=120,200` values of its `pauseMs`. Development
 * and held-out splits apart.
 *
 *   npm run bench -- turn-end [--below-loud-db=0,40] [--pause-ms=120,200]
 */
import { loadEvaluationSet, splits } from "../eval/evaluation-set";
import { samplesForMs, whiteNoise } from "../src/speech/audio";
import { DEFAULT_VOICE_ACTIVITY } from "../src/speech/recognition/tuning";
import { VAD_FRAME_MS, VoiceActivity } from "../src/speech/recognition/voice-activity";
import { lastSpeechSample } from "../testkit/speech-audio";
import { evaluationVoices, speakAs } from "./support/voices";
import { stringOption } from "@mockingbird/testkit/cli-options";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { percentile } from "@mockingbird/testkit/stats";

const belowLoudValues = (stringOption("below-loud-db") ?? String(DEFAULT_VOICE_ACTIVITY.belowLoudDb ?? 0)).split(",").map(Number);
if (belowLoudValues.some((value) => !Number.isFinite(value) || value < 0)) throw new Error("--below-loud-db: dB values of 0 or more, comma-separated");
const pauseValues = (stringOption("pause-ms") ?? String(DEFAULT_VOICE_ACTIVITY.pauseMs ?? 0)).split(",").map(Number);
if (pauseValues.some((value) => !Number.isFinite(value) || value <= 0 || value % VAD_FRAME_MS !== 0)) throw new Error(`--pause-ms: positive multiples of the detector's ${VAD_FRAME_MS} ms frame, comma-separated`);
const lines = [
  { name: "silent line", noiseDbfs: null },
  { name: "room at -60 dBFS", noiseDbfs: -60 },
] as const;
const frameSamples = samplesForMs(VAD_FRAME_MS);
const msOf = (samples: number) => Math.round((samples / 16_000) * 1000);

type Heard = { pauseLagMs: number | null; endLagMs: number | null; pausesInside: number };

function listen(speech: Int16Array, noiseDbfs: number | null, settings: { belowLoudDb: number; pauseMs: number }, seed: number): Heard {
  const lead = samplesForMs(500);
  const line = new Int16Array(lead + speech.length + samplesForMs(1000));
  line.set(speech, lead);
  if (noiseDbfs !== null) {
    const noise = whiteNoise(line.length, noiseDbfs, seed);
    for (let i = 0; i < line.length; i++) line[i] = Math.max(-32768, Math.min(32767, (line[i] as number) + (noise[i] as number)));
  }
  const speechEnd = lead + lastSpeechSample(speech);
  const detector = new VoiceActivity({ ...DEFAULT_VOICE_ACTIVITY, ...settings });
  const pauses: number[] = [];
  let end: number | null = null;
  try {
    for (let offset = 0; offset + frameSamples <= line.length && end === null; offset += frameSamples) {
      for (const event of detector.push(line.subarray(offset, offset + frameSamples))) {
        if (event.kind === "pause") pauses.push(offset + frameSamples);
        if (event.kind === "end" && offset + frameSamples > speechEnd) end = offset + frameSamples;
      }
    }
  } finally {
    detector.free();
  }
  const after = pauses.find((at) => at > speechEnd);
  return { pauseLagMs: after === undefined ? null : msOf(after - speechEnd), endLagMs: end === null ? null : msOf(end - speechEnd), pausesInside: pauses.filter((at) => at <= speechEnd).length };
}

const summary = (values: number[]) => (values.length === 0 ? "none" : `p50 ${percentile(values, 50)} ms, p90 ${percentile(values, 90)} ms`);

async function main(): Promise<void> {
  const figures = startFigures("turn-end");
  const utterances = loadEvaluationSet();
  const rows: (string | number)[][] = [];
  for (const split of splits) {
    const set = utterances.filter((utterance) => utterance.split === split);
    const speech = await Promise.all(set.map((utterance, i) => speakAs(evaluationVoices[i % evaluationVoices.length]!, utterance.text)));
    console.log(`\n${split} split: ${set.length} answers, ${evaluationVoices.length} voices in turn`);
    for (const belowLoudDb of belowLoudValues) for (const pauseMs of pauseValues) {
      for (const line of lines) {
        const heard = speech.map((pcm, i) => listen(pcm, line.noiseDbfs, { belowLoudDb, pauseMs }, i + 1));
        const pauseLags = heard.flatMap((h) => (h.pauseLagMs === null ? [] : [h.pauseLagMs]));
        const endLags = heard.flatMap((h) => (h.endLagMs === null ? [] : [h.endLagMs]));
        const inside = heard.reduce((sum, h) => sum + h.pausesInside, 0);
        console.log(`  belowLoudDb ${String(belowLoudDb).padStart(2)}, pauseMs ${String(pauseMs).padStart(3)}, ${line.name.padEnd(16)}: speech's end -> pause ${summary(pauseLags)}; -> turn's end ${summary(endLags)}; pauses inside speech ${inside}`);
        rows.push([split, belowLoudDb, pauseMs, line.name, percentile(pauseLags, 50), percentile(pauseLags, 90), percentile(endLags, 50), percentile(endLags, 90), inside, set.length]);
      }
    }
  }
  console.log(`\nthe agent pauses after ${DEFAULT_VOICE_ACTIVITY.pauseMs} ms of silence, hangover ${DEFAULT_VOICE_ACTIVITY.hangoverMs} ms; the detector's frames are ${VAD_FRAME_MS} ms`);
  figures.record({
    tables: [
      {
        id: "lags",
        title: "Speech's end (last 10 ms above -40 dBFS) -> the detector's pause and turn's end",
        columns: ["split", "belowLoudDb", "pauseMs", "line", "-> pause p50 (ms)", "p90", "-> turn's end p50 (ms)", "p90", "pauses inside speech", "answers"],
        rows,
      },
    ],
    notes: [`the agent pauses after ${DEFAULT_VOICE_ACTIVITY.pauseMs} ms of silence, hangover ${DEFAULT_VOICE_ACTIVITY.hangoverMs} ms; the detector's frames are ${VAD_FRAME_MS} ms`],
  });
}

void main();
