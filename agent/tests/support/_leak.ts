import pino from "pino";
import { readFileSync } from "node:fs";
import { createSpeech } from "../../src/speech";
const koffi = require("koffi");
const trim = koffi.load("libc.so.6").func("malloc_trim", "int", ["size_t"]);
async function main() {
  const speech = await createSpeech(pino({ level: "warn" }), { languageModel: { warmDecoders: 2 } });
  const phrases: string[] = Object.values(JSON.parse(readFileSync("agent/playbooks/it-helpdesk-mfa-reset.json", "utf8")).phrases as Record<string, string[]>).flat();
  global.gc?.(); const r0 = process.memoryUsage().rss;
  for (let round = 0; round < 6; round++) {
    const rs = [];
    for (let i = 0; i < 20; i++) rs.push(speech.createRecognizer({ phrases, onSpeechStart() {}, onUtterance() {} })!);
    rs.forEach((r) => r.close());
    global.gc?.();
    const before = process.memoryUsage().rss; trim(0); const after = process.memoryUsage().rss;
    console.log("round", round, "RSS delta MiB", ((before - r0) / 2 ** 20).toFixed(1), "after malloc_trim", ((after - r0) / 2 ** 20).toFixed(1));
  }
  await speech.close();
}
void main();
