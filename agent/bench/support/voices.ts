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

/** Samples of a 16-bit PCM WAV file (mono, 16 kHz: what both programs write here). */
export function readWav16(file: string): Int16Array {
  const bytes = readFileSync(file);
  if (bytes.toString("ascii", 0, 4) !== "RIFF" || bytes.toString("ascii", 8, 12) !== "WAVE") throw new Error(`${file} is not a WAV file`);
  let offset = 12;
  let rate = 0;
  let channels = 0;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString("ascii", offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === "fmt ") {
      channels = bytes.readUInt16LE(body + 2);
      rate = bytes.readUInt32LE(body + 4);
      const bits = bytes.readUInt16LE(body + 14);
      if (bits !== 16) throw new Error(`${file}: ${bits}-bit audio, expected 16-bit`);
    } else if (id === "data") {
      if (rate !== 16_000 || channels !== 1) throw new Error(`${file}: ${rate} Hz, ${channels} channel(s); expected 16 kHz mono`);
      const end = Math.min(bytes.length, body + size);
      const pcm = new Int16Array((end - body) >> 1);
      for (let i = 0; i < pcm.length; i++) pcm[i] = bytes.readInt16LE(body + i * 2);
      return pcm;
    }
    offset = body + size + (size % 2);
  }
  throw new Error(`${file} has no audio data`);
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
