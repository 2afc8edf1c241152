import { scenarioIds, type ScenarioId } from "@mockingbird/contract/scenarios";

/** What the widget's picker says about each scenario; the ids are the contract's (contract/scenarios.ts). */
const scenarioText: Record<ScenarioId, { label: string; caller: string }> = {
  "it-helpdesk-mfa-reset": { label: "IT help desk MFA reset", caller: "A help-desk technician who needs your MFA code" },
  "ceo-urgent-wire": { label: "CEO urgent wire", caller: "Your CEO, traveling, who needs a payment sent today" },
  "hr-payroll-update": { label: "HR payroll update", caller: "HR, confirming your bank details before payroll runs" },
};

/** The scenarios in the contract's order, each with its text. */
export const callScenarios = scenarioIds.map((id) => ({ id, ...scenarioText[id] }));
