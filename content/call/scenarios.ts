/**
 * The three vishing scenarios a visitor can try. The id travels from the widget's
 * picker to the signed-URL service (which maps it to an agent id) and names the
 * local voice agent's playbook, so it is the one key all three parts share.
 */
export const callScenarios = [
  { id: "it-helpdesk-mfa-reset", label: "IT help desk MFA reset", caller: "A help-desk technician who needs your MFA code" },
  { id: "ceo-urgent-wire", label: "CEO urgent wire", caller: "Your CEO, traveling, who needs a payment sent today" },
  { id: "hr-payroll-update", label: "HR payroll update", caller: "HR, confirming your bank details before payroll runs" },
] as const;

export type CallScenarioId = (typeof callScenarios)[number]["id"];

export const defaultCallScenarioId: CallScenarioId = "it-helpdesk-mfa-reset";

export function isCallScenarioId(value: unknown): value is CallScenarioId {
  return typeof value === "string" && callScenarios.some((scenario) => scenario.id === value);
}
