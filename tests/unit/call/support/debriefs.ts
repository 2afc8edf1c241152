import type { Debrief } from "@mockingbird/contract/debrief";

/** A well-formed debrief of a visitor who held firm, as the caller's client tool sends it. */
export const heldFirmDebrief: Debrief = {
  scenario: "it-helpdesk-mfa-reset",
  title: "IT helpdesk MFA reset",
  outcome: "held-firm",
  tacticsUsed: [
    { tactics: ["authority", "pretext"], line: "I am calling from IT security." },
    { tactics: ["urgency"], line: "Your account will be locked in five minutes." },
  ],
  moment: { kind: "held-firm", visitorSaid: "I will call the helpdesk back myself.", summary: "You refused to read out the code." },
  nextTime: ["Never read out an MFA code.", "Call back on the number from the intranet."],
};
