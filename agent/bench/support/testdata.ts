/**
 * Recordings of real people with their transcripts, from Debian's pocketsphinx-testdata
 * (/usr/share/pocketsphinx/test/data): five LibriVox sentences read by a man (16 kHz WAV) and
 * five phrases of the "cards" set. The word error rate on them is the check against human speech
 * that synthetic voices cannot give.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { readWav16 } from "./voices";

export const TESTDATA_DIR = "/usr/share/pocketsphinx/test/data";
export const TESTDATA_PACKAGE = "pocketsphinx-testdata";

export type Recording = { set: string; id: string; transcript: string; pcm: Int16Array };

/** Lines like "<s> ten of clubs </s> (001)". */
function transcripts(file: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^\s*(?:<s>)?\s*(.*?)\s*(?:<\/s>)?\s*\(([^)]+)\)\s*$/.exec(line);
    if (match) found.set(match[2] as string, (match[1] as string).replace(/\s+/g, " ").trim());
  }
  return found;
}

/** Every recording with a transcript; throws with the install command when the package is missing. */
export function humanRecordings(dir = TESTDATA_DIR): Recording[] {
  if (!existsSync(dir)) throw new Error(`${dir} is missing: apt-get install ${TESTDATA_PACKAGE}`);
  const recordings: Recording[] = [];
  const sets: { set: string; transcriptFile: string; wav: (id: string) => string }[] = [
    { set: "librivox", transcriptFile: path.join(dir, "librivox", "transcription"), wav: (id) => path.join(dir, "librivox", `${id}.wav`) },
    { set: "cards", transcriptFile: path.join(dir, "cards", "cards.transcription"), wav: (id) => path.join(dir, "cards", `${id}.wav`) },
  ];
  for (const { set, transcriptFile, wav } of sets) {
    for (const [id, transcript] of transcripts(transcriptFile)) recordings.push({ set, id, transcript, pcm: readWav16(wav(id)) });
  }
  return recordings;
}
