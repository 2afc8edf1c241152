/** @jest-environment node */
import { createCaller, scenarioIds, UnknownScenarioError, type CallerReply, type CallerSession, type VisitorTurn } from "../src/caller";
import { phraseIntents, type Playbook, type TaggedLine } from "../src/caller/playbook-schema";
import { playbookOf, spoken, typed } from "./support/caller-turns";
import { maxSpokenLength } from "../src/caller/spoken-text";

/** Speech with no words in it. */
const inaudible = spoken("");

/** Plays the visitor's side; returns every reply. */
async function talk(session: CallerSession, turns: VisitorTurn[]): Promise<CallerReply[]> {
  const replies: CallerReply[] = [];
  for (const turn of turns) replies.push(await session.respond(turn));
  return replies;
}

/** A caller for `id` that has said its opening. */
function opened(id: string, options?: Parameters<typeof createCaller>[1]): CallerSession {
  const caller = createCaller(id, options);
  caller.opening();
  return caller;
}

/** Placeholders filled with the playbook's defaults, the way the caller says them. */
function said(playbook: Playbook, line: string): string {
  return line.replace(/\{\{\s*([a-z0-9_]+)\s*\}\}/g, (_, name: string) => playbook.variables[name] ?? "");
}

/** The reply for a line that presses the visitor: its words, filled, and every tactic it is tagged with. */
function pressing(playbook: Playbook, tagged: TaggedLine): CallerReply {
  return { text: said(playbook, tagged.line), tactics: tagged.tactics };
}

describe.each(scenarioIds())("%s: a full call", (id) => {
  const playbook = playbookOf(id);
  const { reactions } = playbook;

  it("opens with the playbook's opening line and its tactics", () => {
    expect(createCaller(id).opening()).toEqual(pressing(playbook, playbook.opening));
  });

  it("ends complied, thanking the visitor, when the visitor hands over what the caller wants", async () => {
    const caller = opened(id);
    const [first, last] = await talk(caller, [spoken("hello"), spoken(playbook.phrases.comply[0]!)]);
    expect(first).toEqual(pressing(playbook, playbook.tactics[0]!.lines[0]!));
    expect(last).toEqual({ text: said(playbook, reactions.compliance[0]!), end: "complied" });
    expect(caller.ended).toBe("complied");
  });

  it("pushes after each refusal, then gives up and ends refused", async () => {
    const refusals = reactions.refusal.pushes.length + 1;
    const replies = await talk(opened(id), Array.from({ length: refusals }, () => spoken("no")));
    expect(replies).toEqual([
      ...reactions.refusal.pushes.map((push) => pressing(playbook, push)),
      { text: said(playbook, reactions.refusal.giveUp[0]!), end: "refused" },
    ]);
  });

  it("answers 'who is this?' with the persona's checkable answer, then backs off and ends verified when the visitor verifies", async () => {
    const [identity, backOff] = await talk(opened(id), [typed("Who is this?"), spoken(playbook.phrases.verify[0]!)]);
    expect(identity).toEqual(pressing(playbook, reactions.askIdentity[0]!));
    expect(backOff).toEqual({ text: said(playbook, reactions.verification[0]!), end: "verified" });
  });

  it("ends hung-up with the caller's reaction when the visitor says goodbye", async () => {
    const caller = opened(id);
    expect(await caller.respond(spoken("goodbye"))).toEqual({ text: said(playbook, reactions.goodbye[0]!), end: "hung-up" });
  });

  it("prompts a silent visitor again in its own words, then ends silent with the ended-early debrief", () => {
    const caller = opened(id);
    const prompts = reactions.silence.prompts.map((line) => ({ text: said(playbook, line) }));
    expect([caller.silence("prompt"), caller.silence("prompt")]).toEqual(prompts.slice(0, 2));
    expect(caller.silence("end")).toEqual({ text: said(playbook, reactions.silence.giveUp[0]!), end: "silent" });
    expect(caller.ended).toBe("silent");
    const debrief = caller.debrief("silent");
    expect(debrief.outcome).toBe("ended-early");
    expect(debrief.moment).toEqual(expect.objectContaining({ kind: "ended", visitorSaid: null, summary: `The line went quiet and the caller hung up before you handed over ${playbook.goal.item}.` }));
  });

  it("answers speech with no words in it with a 'bad line' line", async () => {
    expect(await opened(id).respond(inaudible)).toEqual({ text: said(playbook, reactions.badLine[0]!) });
  });

  it("presses on with its next tactic after two unclear turns in a row, instead of asking a third time", async () => {
    const replies = await talk(opened(id), [inaudible, spoken("banana the walrus"), inaudible]);
    expect(replies).toEqual([
      { text: said(playbook, reactions.badLine[0]!) },
      pressing(playbook, playbook.tactics[0]!.lines[0]!),
      { text: said(playbook, reactions.badLine[1]!) },
    ]);
  });

  it("counts unclear turns in a row only: an understood turn in between starts the count again", async () => {
    const replies = await talk(opened(id), [inaudible, spoken("what is this about"), inaudible]);
    expect(replies[2]).toEqual({ text: said(playbook, reactions.badLine[1]!) });
  });

  it("deflects a call-back offer with its tactics", async () => {
    expect(await opened(id).respond(spoken("can i call you back"))).toEqual(pressing(playbook, reactions.callbackOffer[0]!));
  });

  it("explains its cover story when asked what the call is about", async () => {
    expect(await opened(id).respond(spoken("what is this about"))).toEqual(pressing(playbook, reactions.askPurpose[0]!));
  });

  it("escalates through the playbook's tactics in order on non-committal answers, then starts round again with the next lines", async () => {
    const replies = await talk(opened(id), ["okay", "hmm", "right", "i see", "sure"].map((text) => spoken(text)));
    const tactics = playbook.tactics;
    expect(replies).toEqual([
      ...tactics.map((entry) => pressing(playbook, entry.lines[0]!)),
      pressing(playbook, tactics[0]!.lines[1]!),
    ]);
  });
});

describe("reactions", () => {
  it("presses on with its next tactic, never a bad line, when a clearly spoken yes is in doubt (another hypothesis refuses)", async () => {
    const playbook = playbookOf("ceo-urgent-wire");
    const doubted = spoken("yes i will make the transfer", "no i will not make the transfer");
    expect(await opened(playbook.id).respond(doubted)).toEqual(pressing(playbook, playbook.tactics[0]!.lines[0]!));
  });

  const id = "ceo-urgent-wire";
  const playbook = playbookOf(id);

  it("treats a call-back offer beyond the caller's deflections as a refusal", async () => {
    const caller = opened(id);
    const offers = playbook.reactions.callbackOffer.length + 1;
    const replies = await talk(caller, Array.from({ length: offers }, () => typed("Can I call you back?")));
    expect(replies.at(-1)).toEqual(pressing(playbook, playbook.reactions.refusal.pushes[0]!));
  });

  it("repeats its last line when asked to", async () => {
    const [pressure, repeated] = await talk(opened(id), [spoken("okay"), spoken("say that again")]);
    expect(repeated).toEqual(pressure);
  });

  it("repeats the opening when asked to repeat straight away", async () => {
    const caller = createCaller(id);
    const opening = caller.opening();
    expect(await caller.respond(typed("Sorry, what?"))).toEqual(opening);
  });

  it("says nothing more once the call has ended", async () => {
    const caller = opened(id);
    await caller.respond(spoken("goodbye"));
    expect(await caller.respond(spoken("hello"))).toEqual({ text: "", end: "hung-up" });
  });
});

describe.each(scenarioIds())("%s: what may be answered before the turn's silence has passed", (id) => {
  it("a question: who is calling, what it is about, or to say it again", () => {
    const caller = opened(id);
    for (const words of ["who is this", "what is this about", "sorry can you say that again"]) expect([words, caller.answerableEarly(words)]).toEqual([words, true]);
  });

  it("never a yes, a code, a refusal, a call-back offer or a goodbye: each moves the call", () => {
    const caller = opened(id);
    for (const words of ["yes", "ok here it is four five six seven", "no i will not", "i will call you back on the official number", "goodbye"]) {
      expect([words, caller.answerableEarly(words)]).toEqual([words, false]);
    }
  });

  it("nothing once the call has ended", async () => {
    const caller = opened(id);
    await talk(caller, [spoken("goodbye")]);
    expect(caller.ended).not.toBeNull();
    expect(caller.answerableEarly("who is this")).toBe(false);
  });
});

describe("a bounded conversation", () => {
  const base = playbookOf("it-helpdesk-mfa-reset");
  const patient = (maxTurns: number) => new Map([[base.id, { ...base, maxTurns }]]);

  it("gives up after the playbook's maxTurns non-committal answers and ends hung-up", async () => {
    const replies = await talk(opened(base.id, { playbooks: patient(4) }), ["okay", "hmm", "right", "i see"].map((text) => spoken(text)));
    expect(replies.slice(0, 3).every((reply) => reply.end === undefined)).toBe(true);
    expect(replies[3]).toEqual({ text: base.reactions.outOfPatience[0], end: "hung-up" });
  });

  it("gives up ending refused when the visitor pushed back along the way", async () => {
    const replies = await talk(opened(base.id, { playbooks: patient(4) }), ["no", "okay", "hmm", "right"].map((text) => spoken(text)));
    expect(replies[3]).toEqual({ text: base.reactions.outOfPatience[0], end: "refused" });
  });

  it("lets a decisive last turn decide the outcome rather than the caller's patience", async () => {
    const caller = opened(base.id, { playbooks: patient(4) });
    const replies = await talk(caller, ["okay", "hmm", "right", "okay it is one two three four five six"].map((text) => spoken(text)));
    expect(replies[3]?.end).toBe("complied");
  });

  it("ends every shipped scenario within its maxTurns whatever the visitor says", async () => {
    for (const id of scenarioIds()) {
      const replies = await talk(opened(id), Array.from({ length: playbookOf(id).maxTurns }, (_, index) => (index % 3 === 0 ? inaudible : spoken("hmm"))));
      expect(replies.at(-1)?.end).toBeDefined();
    }
  });
});

describe("overrides", () => {
  const id = "it-helpdesk-mfa-reset";
  const playbook = playbookOf(id);

  it("fills {{variables}} in the opening from the call's dynamic variables", () => {
    expect(createCaller(id).opening({ variables: { visitor_name: "Sam" } }).text).toMatch(/^Hi Sam, it's Dave from the service desk\./);
  });

  it("uses the playbook's defaults for variables the call does not set", () => {
    expect(createCaller(id).opening({ variables: {} }).text).toMatch(/^Hi there, it's Dave/);
  });

  it("keeps the call's variables for the rest of the call", async () => {
    const caller = createCaller(id);
    caller.opening({ variables: { caller_name: "Priya", extension: "two two oh seven" } });
    expect((await caller.respond(typed("who are you?"))).text).toContain("It's Priya Morgan, service desk, extension two two oh seven.");
  });

  it("replaces the opening with first_message, filling its variables and claiming no tactic", () => {
    const opening = createCaller(id).opening({ firstMessage: "Hello {{visitor_name}}, quick one from IT.", variables: { visitor_name: "Sam" } });
    expect(opening).toEqual({ text: "Hello Sam, quick one from IT." });
  });

  it("keeps an over-long first_message to a phone turn, cut at a sentence end", () => {
    const opening = createCaller(id).opening({ firstMessage: "Hello from the service desk. ".repeat(100) });
    expect(opening.text.length).toBeLessThanOrEqual(maxSpokenLength);
    expect(opening.text.endsWith("desk.")).toBe(true);
  });

  it("blanks placeholders that have no value anywhere", () => {
    expect(createCaller(id).opening({ firstMessage: "Hello {{nickname}}, quick one from IT." }).text).toBe("Hello, quick one from IT.");
  });

  it("keeps the playbook's opening when first_message is blank", () => {
    expect(createCaller(id).opening({ firstMessage: "   " }).text).toBe(said(playbook, playbook.opening.line));
  });

  it("keeps variable values short and free of placeholder braces and control characters", () => {
    const opening = createCaller(id).opening({ variables: { visitor_name: `{{caller_name}}\u0007${"x".repeat(200)}` } });
    const name = /^Hi (.*), it's Dave/.exec(opening.text)?.[1];
    expect(name).toMatch(/^caller_name x+$/);
    expect(name?.length).toBe(80);
  });

  it("gives the same opening when asked twice", () => {
    const caller = createCaller(id);
    const first = caller.opening({ variables: { visitor_name: "Sam" } });
    expect(caller.opening({ variables: { visitor_name: "Alex" } })).toBe(first);
  });
});

describe("determinism and setup", () => {
  const script = [spoken("hello"), inaudible, typed("who is this?"), spoken("no"), spoken("okay"), inaudible];

  it("says exactly the same thing given the same inputs", async () => {
    const run = async () => {
      const caller = createCaller("hr-payroll-update");
      return [caller.opening({ variables: { visitor_name: "Sam" } }), ...(await talk(caller, script))];
    };
    expect(await run()).toEqual(await run());
  });

  it("says exactly the same thing given the same seed", async () => {
    const run = async () => {
      return talk(opened("hr-payroll-update", { seed: 42 }), script);
    };
    expect(await run()).toEqual(await run());
  });

  it("lets a seed vary which alternative lines come first", async () => {
    const firstBadLines = new Set<string>();
    for (let seed = 1; seed <= 8; seed += 1) {
      firstBadLines.add((await opened("hr-payroll-update", { seed }).respond(inaudible)).text);
    }
    expect(firstBadLines.size).toBeGreaterThan(1);
  });

  it("refuses an unknown scenario with UnknownScenario", () => {
    expect(() => createCaller("lottery-win")).toThrow(UnknownScenarioError);
    expect(() => createCaller("lottery-win")).toThrow(expect.objectContaining({ name: "UnknownScenario" }));
  });

  it("exposes every example phrase of its playbook, once each, as the recogniser's domain vocabulary", () => {
    const playbook = playbookOf("ceo-urgent-wire");
    const all = phraseIntents.flatMap((intent) => playbook.phrases[intent]);
    const phrases = createCaller("ceo-urgent-wire").phrases;
    expect([...phrases].sort()).toEqual([...new Set(all)].sort());
    expect(new Set(phrases).size).toBe(phrases.length);
  });
});
