/** @jest-environment node */
import { readFileSync } from "node:fs";
import { planGrammar, parseCmuDict, type GrammarPlan } from "../src/speech/grammar";
import { GrammarDecoders } from "../src/speech/grammar-decoders";
import { loadPocketsphinx, type Pocketsphinx } from "../src/speech/pocketsphinx";

jest.setTimeout(20_000);

let pocketsphinx: Pocketsphinx;
let callerPlan: GrammarPlan;
let otherPlan: GrammarPlan;

beforeAll(async () => {
  const loaded = await loadPocketsphinx();
  if (!loaded.ok) throw new Error(loaded.reason);
  pocketsphinx = loaded.pocketsphinx;
  const pronunciations = parseCmuDict(readFileSync(pocketsphinx.paths.dictionary, "latin1"));
  callerPlan = planGrammar(["who is this", "no"], pronunciations) as GrammarPlan;
  otherPlan = planGrammar(["goodbye"], pronunciations) as GrammarPlan;
});

describe("grammar decoders", () => {
  it("hand a finished call's decoder to the next call with the same grammar", () => {
    const decoders = new GrammarDecoders(pocketsphinx, 4);
    const first = decoders.take(callerPlan);
    decoders.give(callerPlan, first!);
    expect(decoders.take(callerPlan)).toBe(first);
    decoders.close();
  });

  it("build a new decoder for another grammar", () => {
    const decoders = new GrammarDecoders(pocketsphinx, 4);
    const first = decoders.take(callerPlan);
    decoders.give(callerPlan, first!);
    const other = decoders.take(otherPlan);
    expect(other).not.toBe(first);
    expect(decoders.idleCount).toBe(1);
    decoders.close();
  });

  it("keep at most the configured number idle, freeing the least recently used", () => {
    const decoders = new GrammarDecoders(pocketsphinx, 2);
    const taken = [decoders.take(callerPlan)!, decoders.take(callerPlan)!, decoders.take(callerPlan)!];
    for (const decoder of taken) decoders.give(callerPlan, decoder);
    expect(decoders.idleCount).toBe(2);
    expect(taken[0]!.freed).toBe(true);
    expect(taken[2]!.freed).toBe(false);
    decoders.close();
  });

  it("free every idle decoder on close and build none afterwards", () => {
    const decoders = new GrammarDecoders(pocketsphinx, 4);
    const decoder = decoders.take(callerPlan)!;
    decoders.give(callerPlan, decoder);
    decoders.close();
    expect(decoder.freed).toBe(true);
    expect(decoders.take(callerPlan)).toBeNull();
  });
});
