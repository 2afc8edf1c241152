/** @jest-environment node */
import { decideByRules, decideSpeech } from "../src/caller/intents";
import { doubtRules, turnRules } from "../src/caller/rulebook";
import { normalise } from "../src/caller/words";

describe("the caller's rulebook", () => {
  it.each(turnRules.map((rule) => [rule.name, rule] as const))("the turn rule '%s' decides its own example", (_, rule) => {
    expect(decideByRules(normalise(rule.example.text), rule.example.goal)).toEqual({ intent: rule.intent, rule: rule.name });
  });

  it.each(doubtRules.map((rule) => [rule.name, rule] as const))("the doubt rule '%s' decides its own example, spoken", (_, rule) => {
    const { text, alternatives = [], goal, confidence } = rule.example;
    expect(decideSpeech([text, ...alternatives], goal, undefined, confidence)).toEqual({ intent: rule.verdict, rule: rule.name });
  });

  it("names each rule once, so a count by name is a count by rule", () => {
    const names = [...turnRules, ...doubtRules].map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
