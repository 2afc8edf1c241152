/** @jest-environment node */
/**
 * The evaluation set's own rules: enough natural wordings of every intent in every scenario,
 * none copied from a playbook, a fixed held-out third, and the held-out third kept away from
 * everything the agent learns from.
 */
import { normalise } from "../src/caller/intents";
import { phraseIntents } from "../src/caller/playbook-schema";
import { loadPlaybooks } from "../src/caller/playbooks";
import { visitorSentences } from "../src/visitor-sentences";
import { evaluatedIntents, loadEvaluationSet, OFF_TOPIC } from "../eval/evaluation-set";

const utterances = loadEvaluationSet();
const playbooks = loadPlaybooks();
const scenarios = [...playbooks.keys()];

describe("the evaluation set", () => {
  it("has at least 8 wordings of each of the 8 intents in each of the 3 scenarios", () => {
    const short: string[] = [];
    for (const scenario of scenarios) {
      for (const intent of evaluatedIntents) {
        const count = utterances.filter((u) => u.scenario === scenario && u.intent === intent).length;
        if (count < 8) short.push(`${scenario} ${intent}: ${count}`);
      }
    }
    expect(evaluatedIntents).toHaveLength(8);
    expect(scenarios).toHaveLength(3);
    expect(short).toEqual([]);
  });

  it("names only shipped scenarios", () => {
    expect(utterances.filter((u) => !playbooks.has(u.scenario))).toEqual([]);
  });

  it("copies no wording from any playbook's phrase lists", () => {
    const listed = new Set([...playbooks.values()].flatMap((playbook) => phraseIntents.flatMap((intent) => playbook.phrases[intent].map(normalise))));
    expect(utterances.filter((u) => listed.has(normalise(u.text))).map((u) => u.text)).toEqual([]);
  });

  it("has no wording twice within a scenario", () => {
    const seen = new Set<string>();
    const repeated: string[] = [];
    for (const u of utterances) {
      const key = `${u.scenario}: ${normalise(u.text)}`;
      if (seen.has(key)) repeated.push(key);
      seen.add(key);
    }
    expect(repeated).toEqual([]);
  });

  it("holds out a fixed third: every third wording of each scenario and intent", () => {
    const wrong: string[] = [];
    for (const scenario of scenarios) {
      for (const intent of [...evaluatedIntents, OFF_TOPIC]) {
        utterances
          .filter((u) => u.scenario === scenario && u.intent === intent)
          .forEach((u, index) => {
            if ((u.split === "held-out") !== (index % 3 === 2)) wrong.push(`${scenario} ${intent} #${index}: ${u.split}`);
          });
      }
    }
    expect(wrong).toEqual([]);
    const heldOut = utterances.filter((u) => u.split === "held-out" && u.intent !== OFF_TOPIC).length;
    expect(heldOut / utterances.filter((u) => u.intent !== OFF_TOPIC).length).toBeCloseTo(1 / 3, 2);
  });

  it("keeps the held-out third out of the recogniser's domain model, and gives it the tuning split", () => {
    const learnt = new Set(visitorSentences().map(normalise));
    expect(utterances.filter((u) => u.split === "held-out" && learnt.has(normalise(u.text))).map((u) => u.text)).toEqual([]);
    expect(utterances.filter((u) => u.split === "tuning" && !learnt.has(normalise(u.text))).map((u) => u.text)).toEqual([]);
  });
});
