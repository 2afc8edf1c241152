/** @jest-environment node */
import { createCaller, scenarioIds, type CallerSession, type VisitorTurn } from "../src/caller";
import { buildDebrief, type Debrief } from "../src/caller/debrief";
import type { Tactic } from "@mockingbird/contract/debrief";
import { playbookOf, spoken, typed } from "./support/caller-turns";

/** Runs a call to its end (or through the turns) and returns the session. */
async function call(id: string, turns: VisitorTurn[]): Promise<CallerSession> {
  const caller = createCaller(id);
  caller.opening({ variables: { visitor_name: "Sam" } });
  for (const turn of turns) {
    if ((await caller.respond(turn)).end !== undefined) break;
  }
  return caller;
}

describe.each(scenarioIds())("%s: the debrief", (id) => {
  const playbook = playbookOf(id);

  it("for a visitor who complied: outcome, none of their words (they may hold the secret), what they gave away, and the scenario's advice", async () => {
    const caller = await call(id, [spoken("hello"), spoken(playbook.phrases.comply[0]!)]);
    const debrief = caller.debrief("complied");
    expect(debrief).toMatchObject({ scenario: id, title: playbook.title, outcome: "complied" });
    expect(debrief.moment).toEqual({ kind: "complied", visitorSaid: null, summary: expect.stringContaining(playbook.goal.item) });
    expect(debrief.nextTime.slice(0, playbook.debrief.advice.complied.length)).toEqual(playbook.debrief.advice.complied);
  });

  it("for a visitor who held firm: the refusal that ended it and how often they pushed back", async () => {
    const refusals = playbook.reactions.refusal.pushes.length + 1;
    const caller = await call(id, [...Array.from({ length: refusals - 1 }, () => spoken("no")), typed("Absolutely not, goodnight.")]);
    const debrief = caller.debrief("refused");
    expect(debrief.outcome).toBe("held-firm");
    expect(debrief.moment).toEqual({ kind: "held-firm", visitorSaid: "Absolutely not, goodnight.", summary: expect.stringMatching(/^You pushed back (twice|3 times) and the caller gave up without /) });
    expect(debrief.nextTime.slice(0, playbook.debrief.advice["held-firm"].length)).toEqual(playbook.debrief.advice["held-firm"]);
  });

  it("for a visitor who verified: the words they verified with and the verification advice", async () => {
    const caller = await call(id, [typed("Let me check with my manager first.")]);
    const debrief = caller.debrief("verified");
    expect(debrief.outcome).toBe("verified");
    expect(debrief.moment).toMatchObject({ kind: "verified", visitorSaid: "Let me check with my manager first." });
    expect(debrief.nextTime.slice(0, playbook.debrief.advice.verified.length)).toEqual(playbook.debrief.advice.verified);
  });

  it("for a visitor who hung up: the call ended early, before they handed anything over", async () => {
    const caller = await call(id, [spoken("okay"), spoken("i am hanging up now")]);
    const debrief = caller.debrief("hung-up");
    expect(debrief.outcome).toBe("ended-early");
    expect(debrief.moment).toEqual({ kind: "ended", visitorSaid: "i am hanging up now", summary: `You ended the call before handing over ${playbook.goal.item}.` });
  });

  it("at the time limit: ended early, quoting the visitor's last words", async () => {
    const caller = await call(id, [spoken("hello"), typed("hmm, let me think")]);
    const debrief = caller.debrief("time-limit");
    expect(debrief.outcome).toBe("ended-early");
    expect(debrief.moment).toEqual({ kind: "ended", visitorSaid: "hmm, let me think", summary: `The call reached its time limit before you handed over ${playbook.goal.item}.` });
  });

  it("gives two to four pieces of advice, ending with how to spot the tactic the caller leaned on most", async () => {
    const caller = await call(id, [spoken("okay"), spoken("hmm"), spoken("who is this"), spoken("goodbye")]);
    const debrief = caller.debrief("hung-up");
    expect(debrief.nextTime.length).toBeGreaterThanOrEqual(2);
    expect(debrief.nextTime.length).toBeLessThanOrEqual(4);
    // In every scenario the opening, the first two steps and the answer to "who is this?" tag pretext most.
    expect(debrief.nextTime.at(-1)).toBe(playbook.debrief.redFlags.pretext);
  });
});

describe("tactics in the debrief", () => {
  const id = "it-helpdesk-mfa-reset";
  const playbook = playbookOf(id);

  it("lists every line that pressed the visitor, in order, as it was said, with every tactic the playbook tags it with", async () => {
    const caller = await call(id, [spoken("hello"), typed("What's this about?"), spoken("no"), spoken("one two three four five six")]);
    const fill = (line: string) => line.replace("{{visitor_name}}", "Sam").replace("{{caller_name}}", "Dave");
    expect(caller.debrief("complied").tacticsUsed).toEqual([
      { tactics: ["pretext", "urgency"], line: fill(playbook.opening.line) },
      { tactics: ["authority"], line: playbook.tactics[0]!.lines[0]!.line },
      { tactics: ["pretext"], line: playbook.reactions.askPurpose[0]!.line },
      { tactics: ["rapport", "authority"], line: playbook.reactions.refusal.pushes[0]!.line },
    ]);
  });

  it("names each tactic that came before the visitor gave in once, in the order the caller first used it", async () => {
    const caller = await call(id, [spoken("hello"), spoken("okay"), spoken("four seven two nine one eight")]);
    expect(caller.debrief("complied").moment?.summary).toBe("You read out your MFA code after the caller used pretext, urgency and authority.");
  });

  it("writes a tactic of two words as words in the summary the visitor reads", () => {
    const debrief = buildDebrief({
      playbook: playbookOf("hr-payroll-update"),
      ending: { by: "visitor", end: "complied", visitorSaid: null },
      tacticsUsed: [{ tactics: ["social-proof", "rapport"], line: "Everyone else on my list did it in a minute." }],
      pushbacks: 0,
      turns: 2,
    });
    expect(debrief.moment?.summary).toMatch(/after the caller used social proof and rapport\.$/);
  });

  it("does not count a repeated line twice", async () => {
    const caller = await call(id, [spoken("hello"), spoken("say that again"), spoken("goodbye")]);
    const fill = (line: string) => line.replace("{{visitor_name}}", "Sam").replace("{{caller_name}}", "Dave");
    expect(caller.debrief("hung-up").tacticsUsed.map((used) => used.line)).toEqual([fill(playbook.opening.line), playbook.tactics[0]!.lines[0]!.line]);
  });

  it("has no tactics and only the scenario's advice when first_message replaced the opening and the visitor left at once", async () => {
    const caller = createCaller(id);
    caller.opening({ firstMessage: "Hello, IT here." });
    await caller.respond(spoken("goodbye"));
    const debrief = caller.debrief("hung-up");
    expect(debrief.tacticsUsed).toEqual([]);
    expect(debrief.nextTime).toEqual(playbook.debrief.advice["ended-early"]);
  });
});

describe("the tactic the caller leaned on most", () => {
  const playbook = playbookOf("ceo-urgent-wire");
  const adviceOf = (tacticsUsed: { tactics: Tactic[]; line: string }[]) =>
    buildDebrief({ playbook, ending: { by: "visitor", end: "hung-up", visitorSaid: null }, tacticsUsed, pushbacks: 0, turns: tacticsUsed.length }).nextTime.at(-1);

  it("counts a tactic on every line that uses it, not only where it is the most prominent", () => {
    const tacticsUsed = [
      { tactics: ["urgency" as const, "pretext" as const], line: "Send it before three, for the deal." },
      { tactics: ["authority" as const], line: "I sign off on these." },
      { tactics: ["pretext" as const], line: "It's the escrow deposit." },
    ];
    expect(adviceOf(tacticsUsed)).toBe(playbook.debrief.redFlags.pretext);
  });

  it("on a tie, is the one the caller used first, a line's most prominent tactic first", () => {
    const tacticsUsed = [
      { tactics: ["urgency" as const, "secrecy" as const], line: "Before three, and keep it quiet." },
      { tactics: ["secrecy" as const, "urgency" as const], line: "Tell no one, and hurry." },
    ];
    expect(adviceOf(tacticsUsed)).toBe(playbook.debrief.redFlags.urgency);
  });

  it("ends with the scenario's red flag for intimidation when the caller's threats outnumber the rest", () => {
    const tacticsUsed: { tactics: Tactic[]; line: string }[] = [
      { tactics: ["authority", "rapport", "intimidation"], line: "I picked you because I trust you. Don't make me go over your head." },
      { tactics: ["intimidation", "rapport"], line: "I'm disappointed. This will come up in your review." },
      { tactics: ["intimidation"], line: "Do it, or explain yourself to the board." },
    ];
    expect(adviceOf(tacticsUsed)).toBe(playbook.debrief.redFlags.intimidation);
  });
});

describe("the caller running out of patience", () => {
  const base = playbookOf("hr-payroll-update");
  const playbooks = new Map([[base.id, { ...base, maxTurns: 4 }]]);

  it("counts as holding firm when the visitor pushed back, quoting the push-back", async () => {
    const caller = createCaller(base.id, { playbooks });
    caller.opening();
    for (const text of ["hmm", "Can I call you back?", "okay", "hmm"]) await caller.respond(typed(text));
    expect(caller.debrief("refused")).toMatchObject({
      outcome: "held-firm",
      moment: { kind: "held-firm", visitorSaid: "Can I call you back?", summary: "You never gave in, and after 4 turns the caller gave up without your bank details." },
    });
  });

  it("counts as ended early when the visitor never pushed back", async () => {
    const caller = createCaller(base.id, { playbooks });
    caller.opening();
    for (const text of ["hmm", "okay", "okay", "right"]) await caller.respond(typed(text));
    expect(caller.debrief("hung-up")).toMatchObject({
      outcome: "ended-early",
      moment: { kind: "ended", visitorSaid: "right", summary: "The caller ran out of patience after 4 turns, before you handed over your bank details." },
    });
  });
});

describe("the debrief as a client tool call", () => {
  it("survives JSON unchanged, so it can travel as tool parameters", async () => {
    const caller = await call("ceo-urgent-wire", [spoken("hello"), spoken(""), typed("OK, I'll send it now.")]);
    const debrief: Debrief = caller.debrief("complied");
    expect(JSON.parse(JSON.stringify(debrief))).toEqual(debrief);
  });

  it("follows the session's own ending when asked with a different reason", async () => {
    const caller = await call("ceo-urgent-wire", [typed("I'll call your office to confirm.")]);
    expect(caller.debrief("time-limit").outcome).toBe("verified");
  });
});

describe("the debrief never forwards the visitor's digits or a secret", () => {
  it.each(scenarioIds())("%s: the visitor's decisive words lose every number and password they held", (id) => {
    const visitorSaid = "Fine, the code is 4 8 2 9 1 3, my password is hunter and call me on oh two oh seven";
    const debrief = buildDebrief({ playbook: playbookOf(id), ending: { by: "visitor", end: "verified", visitorSaid }, tacticsUsed: [], pushbacks: 0, turns: 1 });
    expect(debrief.moment?.visitorSaid).not.toMatch(/\d|hunter|oh two/i);
    expect(debrief.moment?.visitorSaid).toMatch(/^Fine, the code is /);
  });
});
