/**
 * The vishing scenarios a visitor can try, by id. The id travels from the widget's picker to the
 * signed-URL service (which maps it to an ElevenLabs agent id) and names the local voice agent's
 * playbook (agent/playbooks/<id>.json), so it is the one key the site and the agent share. What a
 * visitor reads about each scenario is the site's (content/call/scenarios.ts).
 */
export const scenarioIds = ["it-helpdesk-mfa-reset", "ceo-urgent-wire", "hr-payroll-update"] as const;

export type ScenarioId = (typeof scenarioIds)[number];

export const defaultScenarioId: ScenarioId = "it-helpdesk-mfa-reset";

export function isScenarioId(value: unknown): value is ScenarioId {
  return typeof value === "string" && (scenarioIds as readonly string[]).includes(value);
}
