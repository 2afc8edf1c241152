/**
 * `npm run bench -- noise-suppression`: what the recogniser's noise suppressor (RNNoise,
 * src/speech/recognition/noise-suppression.ts) costs one call: CPU per second of audio, RNNoise and the
 * 16 <-> 48 kHz conversion apart, on 30 s of loud white noise (the suppressor runs only in noisy
 * rooms, and its cost does not depend on what it hears). Its effect on recognition is measured by the rooms bench (--noise-suppression=off|always|DBFS).
 *
 *   npx tsx agent/bench/noise-suppression.ts [--seconds=30]
 */
import { numberOption } from "@mockingbird/testkit/cli-options";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { renderTable } from "@mockingbird/testkit/figures/render";
import type { FigureTable } from "@mockingbird/testkit/figures/figures";
import { samplesForMs, SAMPLE_RATE, whiteNoise } from "../src/speech/audio";
import { NoiseSuppressor } from "../src/speech/recognition/noise-suppression";
import { Downsampler3x, Upsampler3x } from "../src/speech/recognition/resample-3x";

const seconds = Math.max(1, numberOption("seconds", 30));
const frame = samplesForMs(20);
const audio = whiteNoise(seconds * SAMPLE_RATE, -35, 0x9e5);

function cpuMsPerAudioSecond(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / seconds;
}

const figures = startFigures("noise-suppression");
// One untimed pass first: compiling the wasm and warming the JIT are start-up costs, not a call's.
const warmUp = new NoiseSuppressor();
for (let offset = 0; offset + frame <= SAMPLE_RATE; offset += frame) warmUp.process(audio.subarray(offset, offset + frame));
warmUp.free();

const suppressor = new NoiseSuppressor();
const whole = cpuMsPerAudioSecond(() => {
  for (let offset = 0; offset + frame <= audio.length; offset += frame) suppressor.process(audio.subarray(offset, offset + frame));
});
suppressor.free();
const up = new Upsampler3x();
const down = new Downsampler3x();
const high = new Float32Array(frame * 3);
const low = new Float64Array(frame);
const conversion = cpuMsPerAudioSecond(() => {
  for (let offset = 0; offset + frame <= audio.length; offset += frame) down.process(up.process(audio.subarray(offset, offset + frame), high), low);
});

const table: FigureTable = {
  id: "cost",
  title: `Noise suppression for one call: CPU per second of audio, ${seconds} s in 20 ms frames`,
  columns: ["part", "CPU per second of audio"],
  rows: [
    ["RNNoise and the conversions (what a call pays)", `${whole.toFixed(1)} ms`],
    ["of which 16 <-> 48 kHz conversion", `${conversion.toFixed(1)} ms`],
  ],
};
const notes = [`Calls one core could suppress at once: about ${Math.floor(1000 / whole)}.`];
console.log([renderTable(table), "", ...notes].join("\n"));
figures.record({ tables: [table], notes });
