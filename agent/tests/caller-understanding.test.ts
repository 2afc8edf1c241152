/** @jest-environment node */
/**
 * The caller understands typed turns in natural words, scenario by scenario, on the evaluation
 * set (agent/eval): every wording of the development split, and the held-out split to the bar
 * without ever having been tuned on it. Spoken turns are measured by npm run bench -- understanding.
 */
import { createIntentClassifier } from "../src/caller/intents";
import { loadPlaybooks } from "../src/caller/playbooks";
import { evaluatedIntents, loadEvaluationSet, OFF_TOPIC } from "../eval/evaluation-set";

const utterances = loadEvaluationSet();
const playbooks = loadPlaybooks();

function typedIntent(scenario: string, text: string) {
  const playbook = playbooks.get(scenario);
  if (!playbook) throw new Error(`no playbook ${scenario}`);
  return createIntentClassifier(playbook)({ via: "text", text });
}

describe.each([...playbooks.keys()])("%s, typed", (scenario) => {
  it.each(evaluatedIntents.map((intent) => [intent]))("understands every development wording of %s", (intent) => {
    const wordings = utterances.filter((u) => u.scenario === scenario && u.intent === intent && u.split === "development");
    expect(wordings.map((u) => [u.text, typedIntent(scenario, u.text)])).toEqual(wordings.map((u) => [u.text, intent]));
  });
});

describe("held-out wordings, typed", () => {
  it("are understood at least 95% of the time, over every scenario and intent", () => {
    const heldOut = utterances.filter((u) => u.split === "held-out" && u.intent !== OFF_TOPIC);
    const understood = heldOut.filter((u) => typedIntent(u.scenario, u.text) === u.intent).length;
    expect(understood / heldOut.length).toBeGreaterThanOrEqual(0.95);
  });
});

describe("safety over eagerness, typed", () => {
  it("takes no wording of the evaluation set as compliance unless it is one, in either split", () => {
    const falseCompliance = utterances.filter((u) => u.intent !== "comply" && typedIntent(u.scenario, u.text) === "comply").map((u) => u.text);
    expect(falseCompliance).toEqual([]);
  });

  it("never takes an off-topic turn for anything the caller acts on", () => {
    const offTopic = utterances.filter((u) => u.intent === OFF_TOPIC);
    expect(offTopic.filter((u) => !["other", "small_talk"].includes(typedIntent(u.scenario, u.text))).map((u) => u.text)).toEqual([]);
  });
});
