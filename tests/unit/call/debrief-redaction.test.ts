/** @jest-environment node */
import { REDACTED_DIGITS, REDACTED_SECRET, redactCallerText, redactVisitorWords } from "@mockingbird/contract/redaction";
import { parseDebrief, type Debrief } from "@mockingbird/contract/debrief";
import { scenarioDebriefs } from "@mockingbird/contract/scenario-debriefs";
import { callerDebriefView } from "@/lib/call/debrief-view";

describe("a visitor's digits and secrets never reach the debrief", () => {
  test.each([
    ["the code is 4 8 2 9 1 3", /4|8|2|9|1|3/],
    ["it's 482-913", /\d/],
    ["four eight two nine one three", /four|eight|nine/i],
    ["my card is 4111 1111 1111 1111, expiry 12/27", /\d/],
    ["my password is hunter, ok", /hunter/],
    ["PIN: 0000", /0000/],
    ["try Xk9$mQ2pLw instead", /Xk9/],
  ])("the visitor's words %j keep nothing of the secret", (said, secret) => {
    const redacted = redactVisitorWords(said);
    expect(redacted).not.toMatch(secret);
    expect(redacted).toMatch(new RegExp(`${escape(REDACTED_DIGITS)}|${escape(REDACTED_SECRET)}`));
  });

  test("the visitor's ordinary words are kept as they were said", () => {
    expect(redactVisitorWords("I'll call you back on the number I have for IT.")).toBe("I'll call you back on the number I have for IT.");
  });

  test("the caller's own text keeps its amounts and short numbers but loses any long run of digits it quotes", () => {
    expect(redactCallerText("Wire $25,000 within 2 hours.")).toBe("Wire $25,000 within 2 hours.");
    expect(redactCallerText("You read out the code 482913.")).toBe(`You read out the code ${REDACTED_DIGITS}.`);
    expect(redactCallerText("You read out the code.")).toBe("You read out the code.");
  });

  test("the caller's advice that names a code or a password in plain words is kept whole", () => {
    for (const advice of ["Good call: an MFA code is for typing into a login page, never for saying out loud.", "A password is something only you know.", "The PIN: never on the phone."]) {
      expect(redactCallerText(advice)).toBe(advice);
    }
    expect(redactCallerText("Your code is 48-29-13, you said.")).toBe(`Your code is ${REDACTED_SECRET}, you said.`);
  });

  test("every scripted debrief text of every scenario (advice and red flags) passes through unchanged", () => {
    const scripted = Object.values(scenarioDebriefs).flatMap((debrief) => [...Object.values(debrief.advice).flat(), ...Object.values(debrief.redFlags)]);
    expect(scripted.length).toBeGreaterThan(0);
    for (const text of scripted) expect(redactCallerText(text)).toBe(text);
  });

  test("whatever a caller's debrief tool call sends, the visitor's view shows no digits the visitor said and no secret", () => {
    const sent = parseDebrief({
      scenario: "it-helpdesk-mfa-reset",
      title: "IT help desk",
      outcome: "complied",
      tacticsUsed: [{ tactics: ["urgency"], line: "Read me the code 4 8 2 9 1 3 now, password: Spring2024!" }],
      moment: { kind: "complied", visitorSaid: "sure, it's 482913 and my password is hunter", summary: "You read out 482913." },
      nextTime: ["Never read out a code like 482913."],
    }) as Debrief;
    expect(sent).not.toBeNull();
    const view = callerDebriefView(sent, null);
    const shown = JSON.stringify(view);
    expect(shown).not.toMatch(/482|4 8 2|hunter|Spring2024/);
    expect(view.moment?.visitorSaid).toBe(`sure, it's ${REDACTED_DIGITS} and my password is ${REDACTED_SECRET}`);
  });
});

function escape(text: string): string {
  return text.replace(/[[\]]/g, "\\$&");
}
