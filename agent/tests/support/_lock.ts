import { readFileSync } from "node:fs";
import { loadPocketsphinx } from "../../src/speech/pocketsphinx";
import { parseCmuDict, trimDictionary, dictionaryText } from "../../src/speech/grammar";
import { whiteNoise } from "../../src/speech/audio";
async function main() {
  const l = await loadPocketsphinx(); if (!l.ok) throw new Error(l.reason);
  const ps = l.pocketsphinx;
  const pr = parseCmuDict(readFileSync(ps.paths.dictionary, "latin1"));
  const model = (await ps.readLanguageModel())!;
  const vocab = model.rankedVocabulary().filter((w) => pr.has(w)).slice(0, 10000);
  const file = ps.memoryFile("d", dictionaryText(trimDictionary(vocab, pr).entries))!;
  const lm = (await ps.createDecoderAsync({ hmm: ps.paths.acousticModel, dict: file.path, remove_silence: "no", fwdflat: "no" }))!;
  await lm.useLanguageModelAsync(model);
  const j = ps.createDecoder({ hmm: ps.paths.acousticModel })!;
  j.addWord("who", "HH UW", false); j.useJsgf("g", "#JSGF V1.0;\ngrammar g;\npublic <u> = who;\n"); j.startUtterance();
  const frame = whiteNoise(320, -30, 9);
  const audio = whiteNoise(16000 * 5, -20, 3);
  lm.startUtterance();
  const t0 = performance.now();
  const p = lm.processAsync(audio).then(() => console.log("async done at", (performance.now() - t0).toFixed(0)));
  const durations: number[] = [];
  for (let i = 0; i < 30; i++) { const t = performance.now(); j.process(frame); durations.push(performance.now() - t); await new Promise((r) => setTimeout(r, 10)); }
  console.log("sync call durations while async runs:", durations.map((d) => d.toFixed(1)).join(" "));
  await p;
}
void main();
