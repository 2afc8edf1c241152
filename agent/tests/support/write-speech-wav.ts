/**
 * Writes a 16 kHz mono 16-bit WAV of flite speaking a line, with silence before and
 * after: the fake microphone of browser tests. Usage: tsx write-speech-wav.ts OUT LEAD_MS TAIL_MS "text"
 */
import { writeFileSync } from "node:fs";
import { encodeWav, silence } from "../../testkit/speech-audio";
import { closeFixtureSpeech, speak } from "./speech-fixtures";
import { concatPcm } from "../../src/speech/audio";

async function main() {
  const [out, leadMs, tailMs, ...words] = process.argv.slice(2);
  if (!out || !leadMs || !tailMs || words.length === 0) throw new Error('usage: write-speech-wav.ts OUT LEAD_MS TAIL_MS "text"');
  const speech = await speak(words.join(" "));
  writeFileSync(out, encodeWav(concatPcm([silence(Number(leadMs)), speech, silence(Number(tailMs))])));
  await closeFixtureSpeech();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
