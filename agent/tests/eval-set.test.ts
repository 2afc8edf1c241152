/** @jest-environment node */
/**
 * The evaluation set's own rules: enough natural wordings of every intent in every scenario,
 * none copied from a playbook, one held-out wording for every two the agent learns, and the
 * held-out answers kept away from everything the agent learns from (its corpus, read here; the
 * agent never reads agent/eval).
 */
import { normalise } from "../src/caller/words";
import { phraseIntents } from "../src/caller/playbook-schema";
import { loadPlaybooks } from "../src/caller/playbooks";
import { visitorAnswers, visitorSentences } from "../src/caller/visitor-sentences";
import { evaluatedIntents, loadEvaluationSet, loadHeldOut, OFF_TOPIC } from "../eval/evaluation-set";

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

  it("holds out one wording for every two the agent learns, in each scenario and intent", () => {
    const wrong: string[] = [];
    for (const scenario of scenarios) {
      for (const intent of [...evaluatedIntents, OFF_TOPIC]) {
        const same = (answer: { scenario: string; intent: string }) => answer.scenario === scenario && answer.intent === intent;
        const learnt = visitorAnswers().filter(same).length;
        const heldOut = loadHeldOut().filter(same).length;
        if (heldOut !== Math.floor((learnt + heldOut) / 3)) wrong.push(`${scenario} ${intent}: ${learnt} learnt, ${heldOut} held out`);
      }
    }
    expect(wrong).toEqual([]);
    const heldOut = utterances.filter((u) => u.split === "held-out" && u.intent !== OFF_TOPIC).length;
    expect(heldOut / utterances.filter((u) => u.intent !== OFF_TOPIC).length).toBeCloseTo(1 / 3, 2);
  });

  it("measures the development split on the agent's own labelled answers, and the held-out split on the rest", () => {
    expect(utterances.filter((u) => u.split === "development").map(({ scenario, intent, text }) => ({ scenario, intent, text }))).toEqual(visitorAnswers());
    expect(utterances.filter((u) => u.split === "held-out").map(({ scenario, intent, text }) => ({ scenario, intent, text }))).toEqual(loadHeldOut());
  });

  it("shares no held-out wording with anything the agent learns from, in any scenario", () => {
    const learnt = new Set(visitorSentences().map(normalise));
    expect(loadHeldOut().filter((answer) => learnt.has(normalise(answer.text))).map((answer) => answer.text)).toEqual([]);
    expect(visitorAnswers().filter((answer) => !learnt.has(normalise(answer.text))).map((answer) => answer.text)).toEqual([]);
  });
});
