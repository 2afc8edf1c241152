/** @jest-environment node */
import { createCaller, openingLine, scenarioIds, UnknownScenarioError } from "../src/caller";

describe("a scenario's opening line, read from its playbook", () => {
  it.each(scenarioIds())("is what a caller of %s opens with when the page sets no first message", (scenarioId) => {
    expect(openingLine(scenarioId)).toBe(createCaller(scenarioId).opening().text);
  });

  it("names an unknown scenario", () => {
    expect(() => openingLine("nobody")).toThrow(UnknownScenarioError);
  });
});
