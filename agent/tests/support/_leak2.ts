import { readFileSync } from "node:fs";
import { loadPocketsphinx } from "../../src/speech/pocketsphinx";
import { parseCmuDict, planGrammar } from "../../src/speech/grammar";
import { whiteNoise, samplesForMs } from "../../src/speech/audio";
const koffi = require("koffi");
const trim = koffi.load("libc.so.6").func("malloc_trim", "int", ["size_t"]);
async function main() {
  const l = await loadPocketsphinx(); if (!l.ok) throw new Error(l.reason);
  const ps = l.pocketsphinx;
  const pr = parseCmuDict(readFileSync(ps.paths.dictionary, "latin1"));
  const phrases: string[] = Object.values(JSON.parse(readFileSync("agent/playbooks/it-helpdesk-mfa-reset.json", "utf8")).phrases as Record<string, string[]>).flat();
  const plan = planGrammar(phrases, pr)!;
  const primer = whiteNoise(samplesForMs(1500), -30, 1);
  const steps = process.argv[2]!;
  const rss = () => { global.gc?.(); trim(0); return process.memoryUsage().rss / 2 ** 20; };
  for (let i = 0; i < 100; i++) { // warmup
    const d = ps.createDecoder({ hmm: ps.paths.acousticModel, vad_postspeech: "50" })!; d.free(); }
  const r0 = rss();
  for (let i = 0; i < 200; i++) {
    const d = ps.createDecoder({ hmm: ps.paths.acousticModel, vad_postspeech: "50" })!;
    if (steps.includes("w")) plan.dictionary.forEach((e) => d.addWord(e.word, e.phones, false));
    if (steps.includes("p")) { d.useJsgf("p", `#JSGF V1.0;\ngrammar p;\npublic <a> = ${plan.dictionary[0]!.word};\n`); d.startUtterance(); d.process(primer); d.endUtterance(); }
    if (steps.includes("j")) { d.useJsgf("g", plan.jsgf); d.startUtterance(); }
    d.free();
  }
  console.log(steps, "KiB per decoder", (((rss() - r0) * 1024) / 200).toFixed(0));
}
void main();
