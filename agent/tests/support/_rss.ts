import pino from "pino";
import { readFileSync } from "node:fs";
import { createSpeech } from "../../src/speech";
async function main() {
  const speech = await createSpeech(pino({ level: "warn" }), { languageModel: { warmDecoders: 2 } });
  const phrases: string[] = Object.values(JSON.parse(readFileSync("agent/playbooks/it-helpdesk-mfa-reset.json", "utf8")).phrases as Record<string, string[]>).flat();
  global.gc?.(); const r0 = process.memoryUsage().rss;
  const rs = []; const times = [];
  for (let i = 0; i < 20; i++) { const t = performance.now(); rs.push(speech.createRecognizer({ phrases, onSpeechStart() {}, onUtterance() {} })!); times.push(performance.now() - t); }
  global.gc?.(); const r1 = process.memoryUsage().rss;
  console.log("20 grammar recognizers: MiB per recognizer", ((r1 - r0) / 2 ** 20 / 20).toFixed(1), "create ms p50", times.sort((a, b) => a - b)[10]!.toFixed(1));
  rs.forEach((r) => r.close());
  global.gc?.(); console.log("after close MiB delta", ((process.memoryUsage().rss - r0) / 2 ** 20).toFixed(1));
  await speech.close();
}
void main();
