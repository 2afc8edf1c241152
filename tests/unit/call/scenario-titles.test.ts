/** @jest-environment node */
import { loadPlaybooks } from "@mockingbird/agent/caller/playbooks";
import { callScenarios } from "@/content/call/scenarios";

describe("the scenarios the widget offers", () => {
  it("are titled in the agent's playbooks with the site's labels", () => {
    const playbooks = loadPlaybooks();
    for (const scenario of callScenarios) expect(playbooks.get(scenario.id)?.title).toBe(scenario.label);
  });
});
