/**
 * The evaluation's visitor voices: Debian's flite (four of its voices) and festival, run as
 * command-line programs the way a person would run them, at 16 kHz mono s16le. Audio is made
 * at bench time and kept in a cache under the system's temporary directory, keyed by voice
 * and text, so a second run does not synthesise again; nothing is committed.
 *
 * `evaluationVoices` are the voices the recogniser and the rules were tuned with; `unseenVoices`
 * were never used in tuning (espeak-ng, festival's ked diphone voice and its slt HTS voice), so
 * they say how the agent does with a voice it has never heard.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parseWav } from "../../src/speech/wav";

const run = promisify(execFile);

export const evaluationVoices = ["flite-slt", "flite-rms", "flite-awb", "flite-kal16", "festival-kal"] as const;
export const unseenVoices = ["espeak-ng", "festival-ked", "festival-slt-hts"] as const;
export type EvaluationVoice = (typeof evaluationVoices)[number] | (typeof unseenVoices)[number];

export const VOICE_PACKAGES = "flite festival festvox-kallpc16k festvox-kdlpc16k festvox-us-slt-hts espeak-ng sox";

/** Festival's command to select each of its voices. */
const festivalVoices: Record<string, string> = {
  "festival-kal": "(voice_kal_diphone)",
  "festival-ked": "(voice_ked_diphone)",
  "festival-slt-hts": "(voice_cmu_us_slt_arctic_hts)",
};

const cacheDir = path.join(tmpdir(), "mockingbird-eval-voices");
/** Two calls making the same audio at once each write their own file. */
let partials = 0;

/** Samples of a mono 16-bit PCM WAV file at 16 kHz (what both programs write here). */
export function readWav16(file: string): Int16Array {
  let wav: ReturnType<typeof parseWav>;
  try {
    wav = parseWav(readFileSync(file));
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (wav.sampleRate !== 16_000) throw new Error(`${file}: ${wav.sampleRate} Hz; expected 16 kHz`);
  return wav.samples;
}

async function synthesise(voice: EvaluationVoice, text: string, out: string): Promise<void> {
  if (voice.startsWith("flite-")) {
    await run("flite", ["-voice", voice.slice("flite-".length), "-t", text, "-o", out]);
    return;
  }
  if (voice === "espeak-ng") {
    // espeak-ng writes 22,050 Hz; sox makes it 16 kHz with a proper low-pass.
    const wide = `${out}.22k.wav`;
    try {
      await run("espeak-ng", ["-v", "en-us", "-w", wide, text]);
      await run("sox", [wide, "-r", "16000", "-b", "16", "-c", "1", out]);
    } finally {
      rmSync(wide, { force: true });
    }
    return;
  }
  const input = `${out}.txt`;
  writeFileSync(input, text);
  try {
    await run("text2wave", ["-eval", festivalVoices[voice] ?? "(voice_kal_diphone)", "-F", "16000", "-o", out, input]);
  } finally {
    rmSync(input, { force: true });
  }
}

/** `text` spoken by `voice`, 16 kHz mono s16le. Throws with the install command when the program is missing. */
export async function speakAs(voice: EvaluationVoice, text: string): Promise<Int16Array> {
  mkdirSync(cacheDir, { recursive: true });
  const key = createHash("sha256").update(`${voice}\n${text}`).digest("hex").slice(0, 24);
  const file = path.join(cacheDir, `${key}.wav`);
  try {
    return readWav16(file);
  } catch {
    // not cached yet (or a broken cache entry): make it
  }
  const partial = `${file}.${process.pid}.${++partials}.partial.wav`;
  try {
    await synthesise(voice, text, partial);
  } catch (error) {
    rmSync(partial, { force: true });
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    throw new Error(
      missing ? `${voice} needs Debian's ${VOICE_PACKAGES} (apt-get install ${VOICE_PACKAGES})` : `${voice} could not speak "${text}": ${(error as Error).message}`,
    );
  }
  renameSync(partial, file);
  return readWav16(file);
}
