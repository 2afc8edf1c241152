/**
 * The conditions of `npm run bench -- rooms`: what reaches the agent's microphone input when a
 * visitor answers from a given room, built from a voice's clean speech with the pure
 * generators of conditions.ts (plus sox for the tempo). A call's microphone signal is the room
 * while the caller's greeting plays (`greetingMs`), then the answer with the room under it,
 * then the room again while the visitor waits for the reply.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { concatPcm, samplesForMs, whiteNoise } from "../../src/speech/audio";
import { encodeWav, lastSpeechSample } from "../../testkit/speech-audio";
import { babble, clip, gain, mixAtSnr, pinkNoise, reverberate, telephoneBand } from "../../testkit/conditions";
import { readWav16, speakAs, unseenVoices, type EvaluationVoice } from "./voices";

const run = promisify(execFile);

export type ConditionGroup = "quiet" | "unseen voices" | "babble" | "pink noise" | "telephone" | "reverb" | "tempo" | "level";

export type Condition = {
  id: string;
  label: string;
  group: ConditionGroup;
  /** The voice every answer is spoken in, or null: the evaluation voices in turn. */
  voice: EvaluationVoice | null;
  /** Noise samples: each seed is another stretch of noise (and another room). */
  seeds: readonly number[];
  /** The target for the held-out split, a fraction understood (null: none set). */
  target: number | null;
};

/** What the microphone hears during one call, and where in it the answer's speech is. */
export type CallAudio = { pcm: Int16Array; speechStart: number; speechEnd: number };

/** Long enough for the greeting of every playbook in the agent's voice (5-7 s), as a visitor waits for it. */
export const greetingMs = 6000;
const leadMs = 300;
const tailMs = 1500;
/** Every microphone hears itself: a faint white floor under every condition. */
const floorDbfs = -60;

const noisySeeds = [1, 2] as const;
const snrs = [20, 15, 10] as const;
const snrTarget: Record<(typeof snrs)[number], number | null> = { 20: null, 15: 0.85, 10: 0.7 };

export const conditions: readonly Condition[] = [
  { id: "quiet", label: "quiet room", group: "quiet", voice: null, seeds: [1], target: 0.95 },
  ...unseenVoices.map((voice): Condition => ({ id: `voice:${voice}`, label: `unseen voice ${voice}`, group: "unseen voices", voice, seeds: [1], target: 0.9 })),
  ...snrs.map((snr): Condition => ({ id: `babble:${snr}`, label: `café babble ${snr} dB`, group: "babble", voice: null, seeds: noisySeeds, target: snrTarget[snr] })),
  ...snrs.map((snr): Condition => ({ id: `pink:${snr}`, label: `pink noise ${snr} dB`, group: "pink noise", voice: null, seeds: noisySeeds, target: snrTarget[snr] })),
  { id: "telephone", label: "telephone band (8 kHz, mu-law)", group: "telephone", voice: null, seeds: [1], target: 0.85 },
  { id: "reverb", label: "reverberant room (RT60 600 ms)", group: "reverb", voice: null, seeds: noisySeeds, target: null },
  { id: "fast", label: "faster speech (x1.25)", group: "tempo", voice: null, seeds: [1], target: null },
  { id: "slow", label: "slower speech (x0.8)", group: "tempo", voice: null, seeds: [1], target: null },
  { id: "low", label: "low level (-24 dB)", group: "level", voice: null, seeds: [1], target: null },
  { id: "clipped", label: "clipping (+18 dB, cut at -1 dBFS)", group: "level", voice: null, seeds: [1], target: null },
];

/** Sentences nobody on these calls says, for the café's other tables. */
const cafeTalk = [
  "Did you see the match last night? I could not believe that second goal.",
  "We are thinking of going to the coast this summer, maybe for two weeks.",
  "Could I get a flat white and a blueberry muffin, please?",
  "My sister just started a new job at the hospital across town.",
  "The train was late again this morning, the third time this week.",
  "I have been reading a book about the history of the bicycle.",
  "They are painting the kitchen yellow, which sounds like a mistake to me.",
  "Honestly the soup here is better than the sandwiches.",
  "We should book the restaurant for Saturday before it fills up.",
  "The kids have a school concert on Thursday evening.",
  "It rained all weekend so we stayed in and watched films.",
  "Is anyone sitting here? Do you mind if I take this chair?",
  "He says the garden needs a lot more work than he expected.",
  "I think the new bakery on the corner opens at seven.",
  "Her flight lands at six, so we will pick her up after dinner.",
  "The museum has an exhibition about old maps this month.",
];
const babbleVoices: readonly EvaluationVoice[] = ["flite-rms", "flite-awb", "flite-slt", "flite-kal16", "festival-kal", "festival-ked", "festival-slt-hts"];
/** Talkers heard at once in the babble: a busy café, no one voice stands out. */
const babbleTalkers = 8;
const noiseSeconds = 60;

const noiseTracks = new Map<string, Promise<Int16Array>>();

/** Made once per run and kind and seed, however many calls ask for it at once. */
function noiseTrack(kind: "babble" | "pink", seed: number): Promise<Int16Array> {
  const key = `${kind}:${seed}`;
  let track = noiseTracks.get(key);
  if (!track) {
    track = makeNoiseTrack(kind, seed);
    noiseTracks.set(key, track);
  }
  return track;
}

async function makeNoiseTrack(kind: "babble" | "pink", seed: number): Promise<Int16Array> {
  const samples = samplesForMs(noiseSeconds * 1000);
  let track: Int16Array;
  if (kind === "pink") track = pinkNoise(samples, -30, 0x51ed + seed);
  else {
    const talkers = await Promise.all(cafeTalk.map((line, index) => speakAs(babbleVoices[index % babbleVoices.length] as EvaluationVoice, line)));
    track = babble(talkers, samples, babbleTalkers, -30, 0xbab + seed);
  }
  return track;
}

/** `pcm` played `factor` times as fast at the same pitch (sox's WSOLA `tempo`). */
export async function changeTempo(pcm: Int16Array, factor: number): Promise<Int16Array> {
  const dir = mkdtempSync(path.join(tmpdir(), "rooms-tempo-"));
  try {
    const input = path.join(dir, "in.wav");
    const output = path.join(dir, "out.wav");
    writeFileSync(input, encodeWav(pcm));
    await run("sox", [input, output, "tempo", "-s", String(factor)]);
    return readWav16(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function addFloor(pcm: Int16Array, seed: number): Int16Array {
  const floor = whiteNoise(pcm.length, floorDbfs, 0xf100 + seed);
  const out = new Int16Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = Math.max(-32768, Math.min(32767, (pcm[i] as number) + (floor[i] as number)));
  return out;
}

/**
 * The microphone signal of one call: the room for `greeting` ms, the answer, the room again.
 * `index` varies where in the noise each call falls, so two answers never share a stretch of it.
 */
export async function callAudio(condition: Condition, speech: Int16Array, seed: number, index: number, greeting = greetingMs): Promise<CallAudio> {
  let voice = speech;
  if (condition.id === "fast") voice = await changeTempo(speech, 1.25);
  if (condition.id === "slow") voice = await changeTempo(speech, 0.8);
  if (condition.group === "reverb") voice = reverberate(voice, 0x4ee + seed * 7919 + index);
  const lead = samplesForMs(greeting + leadMs);
  const clean = concatPcm([new Int16Array(lead), voice, new Int16Array(samplesForMs(tailMs))]);
  const last = lastSpeechSample(voice);
  const audio: CallAudio = { pcm: clean, speechStart: lead, speechEnd: lead + Math.max(0, last) };
  const [kind, snr] = condition.id.split(":");
  const offset = (index * 7919 * 13 + seed * 104_729) % samplesForMs(noiseSeconds * 1000);
  let pcm = clean;
  if (kind === "babble" || kind === "pink") pcm = mixAtSnr(clean, await noiseTrack(kind, seed), Number(snr), offset);
  pcm = addFloor(pcm, seed + index);
  if (condition.id === "telephone") pcm = telephoneBand(pcm);
  if (condition.id === "low") pcm = gain(pcm, -24);
  if (condition.id === "clipped") pcm = clip(pcm, 18);
  return { ...audio, pcm };
}

/** The voice an answer is spoken in under `condition`: its own, or the evaluation voices in turn. */
export function voiceFor(condition: Condition, index: number, voices: readonly EvaluationVoice[]): EvaluationVoice {
  return condition.voice ?? (voices[index % voices.length] as EvaluationVoice);
}
