import type { DebriefOutcome, Tactic } from "./debrief";
import type { ScenarioId } from "./scenarios";

/**
 * What each scenario's debrief teaches: the advice for each outcome and how to spot each tactic.
 * Its one home, read three ways: the local caller (agent/, through its playbook loader, which
 * adds it to the scenario's playbook), the production callers' prompt (scripts/agents) and the
 * widget, which builds the debrief from it when a call ends without the caller's own
 * (lib/call/debrief-view.ts). A caller's debrief ends with the red flag of the tactic its lines
 * were tagged with most (a line counts for each of its tags), so each red flag is written for
 * every line the playbook tags with that tactic, not only for the escalation step named after it.
 */
export type ScenarioDebrief = {
  readonly advice: Readonly<Record<DebriefOutcome, readonly string[]>>;
  readonly redFlags: Readonly<Record<Tactic, string>>;
};

export const scenarioDebriefs: Readonly<Record<ScenarioId, ScenarioDebrief>> = {
  "it-helpdesk-mfa-reset": {
    advice: {
      complied: [
        "Never read out an MFA code, to anyone. The code is what proves you are you, and the real help desk never needs it.",
        "If you have already read a code out, call the IT service desk on the number in the directory now, so they can reset your sessions and password.",
        "Hang up on unexpected calls that ask for codes, and call back through the directory or the intranet.",
      ],
      "held-firm": [
        "Good call: an MFA code is for typing into a login page, never for saying out loud.",
        "Next time, end the call sooner and call the service desk on the number in the directory to check.",
        "Report the call to IT security so they can warn colleagues who may get the same call.",
      ],
      verified: [
        "Exactly right: calling back on a number you found yourself is the check a fake caller cannot pass.",
        "Report the call to IT security, even if it turns out to be real, so they can spot a wave of these calls.",
        "Keep doing it when the caller pushes: a real technician accepts a call-back.",
      ],
      "ended-early": [
        "Ending the call is a fine defense. Nobody needs your MFA code on the phone.",
        "Report the call to IT security and mention the name and extension the caller gave.",
        "If you are worried about your account, call the service desk on the number in the directory.",
      ],
    },
    redFlags: {
      authority: "The caller leaned on titles and teams. Real IT staff don't need your code, whoever sent them.",
      urgency: "The countdown was the pressure. A code expiring or an account locking in minutes is designed to stop you thinking.",
      secrecy: "Being asked not to tell your manager or colleagues is a classic sign of a scam.",
      pretext: "The security-alert story made the request sound routine. An alert never requires you to read out a code.",
      intimidation: "The threat of a locked account or a refusal on record was the pressure. Real IT staff don't punish you for keeping a code to yourself.",
      "social-proof": "Being told every account on the list is being reset is meant to make you feel like the odd one out. What others did doesn't make reading out a code safe.",
      rapport: "Praise for being careful was there to lower your guard. A friendly caller asking for a code is still asking for your code.",
    },
  },
  "ceo-urgent-wire": {
    advice: {
      complied: [
        "Never move money because of a phone call, even from the CEO. Payments go through the normal approval process, every time.",
        "If you agreed to pay, tell finance and your manager now, before any money leaves. A transfer stopped in time costs nothing.",
        "A real CEO will accept a call-back on the number in the directory, or a check through their assistant.",
      ],
      "held-firm": [
        "Well done: pressure from the top is exactly when the approval process matters most.",
        "Next time, also check through a channel you trust, such as the CEO's assistant or the number in the directory.",
        "Report the call to finance and security. CEO fraud calls usually reach several people on the same day.",
      ],
      verified: [
        "Exactly right: a real CEO will accept a call-back on the number in the directory.",
        "Tell finance and security about the call, so colleagues who get it too know it is a fraud attempt.",
        "Keep insisting on the approval process, especially when the caller says there is no time for it.",
      ],
      "ended-early": [
        "Hanging up was fine: no real payment depends on a single phone call.",
        "Report the call to finance and security, with the number it came from.",
        "If you are unsure whether it was real, call the CEO's office on the number in the directory.",
      ],
    },
    redFlags: {
      authority: "The caller used rank to skip the rules. The more senior the caller, the more the normal payment checks matter.",
      urgency: "A deadline in hours and a flight to catch are there to rush you past the approval process.",
      secrecy: "Being told to keep a payment from your manager and finance is the clearest sign of CEO fraud.",
      pretext: "A confidential deal paid into a new escrow account is the textbook story of CEO fraud.",
      intimidation: "Threats about your review or going over your head are there to make refusing feel dangerous. No real executive punishes you for following the payment process.",
      "social-proof": "Hearing that others have already agreed is meant to make checking feel awkward. Each payment goes through approval, whoever else said yes.",
      rapport: "Being told you were picked because you're trusted, then that you've let the caller down, is pressure. Trust is not a reason to skip the approval process.",
    },
  },
  "hr-payroll-update": {
    advice: {
      complied: [
        "HR and payroll never collect bank details by phone. Changes go through the HR portal, where you log in yourself.",
        "If you gave your details, tell payroll, on the number in the directory, and your bank now, so they can watch for a fake change request.",
        "When a call threatens your pay, hang up and check through the portal or the People team's published number.",
      ],
      "held-firm": [
        "Well done: bank details are changed through the HR portal, never read out to a caller.",
        "Next time, also check through the portal or call payroll on the number in the directory.",
        "Report the call to security so colleagues know payroll scams are going round.",
      ],
      verified: [
        "Exactly right: checking through the portal or a number you found yourself beats any caller's story.",
        "Tell security and payroll about the call, even if it turns out to be real.",
        "Keep doing it when the caller threatens your salary: a real payroll team can wait a day.",
      ],
      "ended-early": [
        "Ending the call was fine: payroll never needs your bank details on the phone.",
        "Report the call to security and the People team, with the name the caller gave.",
        "If you are worried about your pay, check your details on the HR portal yourself.",
      ],
    },
    redFlags: {
      authority: "The caller borrowed the payroll director's authority. Real payroll staff send you to the portal instead of asking for details.",
      urgency: "The threat to this month's salary was the pressure. A payroll cut-off is never a reason to share bank details on a call.",
      secrecy: "Being asked to keep a payroll change quiet is a warning sign: real system changes are announced.",
      pretext: "The new payroll provider story made the request sound routine. A system migration never needs you to read out bank details.",
      intimidation: "The warning that you might lose your salary was meant to scare you into answering. Payroll fixes a missed record without your bank details on a call.",
      "social-proof": "Hearing that everyone else on the list already did it is meant to make you feel like the odd one out. What colleagues did doesn't make the call real.",
      rapport: "A caller who sounds worried about your pay is still asking for your bank details. Friendliness is not a check.",
    },
  },
};
