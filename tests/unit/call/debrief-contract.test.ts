import { DEBRIEF_TOOL_NAME, parseDebrief } from "@mockingbird/contract/debrief";
import { heldFirmDebrief } from "./support/debriefs";

const valid = heldFirmDebrief;

const without = (key: keyof typeof valid) => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== key));

describe("DEBRIEF_TOOL_NAME", () => {
  it("is the client tool name the agent calls", () => {
    expect(DEBRIEF_TOOL_NAME).toBe("show_red_flag_debrief");
  });
});

describe("parseDebrief", () => {
  it("accepts a well-formed debrief and returns exactly its fields", () => {
    expect(parseDebrief(valid)).toEqual(heldFirmDebrief);
  });

  it("drops fields it does not know", () => {
    const parsed = parseDebrief({ ...valid, html: "<script>alert(1)</script>", tacticsUsed: [{ tactics: ["secrecy"], line: "Keep this between us.", extra: 1 }] });
    expect(parsed).not.toHaveProperty("html");
    expect(parsed?.tacticsUsed).toEqual([{ tactics: ["secrecy"], line: "Keep this between us." }]);
  });

  it("keeps a line's tactics in the caller's order, each once", () => {
    const parsed = parseDebrief({ ...valid, tacticsUsed: [{ tactics: ["urgency", "pretext", "urgency"], line: "Send it before three." }] });
    expect(parsed?.tacticsUsed).toEqual([{ tactics: ["urgency", "pretext"], line: "Send it before three." }]);
  });

  it("reads a line with one tactic, as an agent pushed before lines had several sends it, as a list of one", () => {
    expect(parseDebrief({ ...valid, tacticsUsed: [{ tactic: "secrecy", line: "Keep this between us." }] })?.tacticsUsed).toEqual([{ tactics: ["secrecy"], line: "Keep this between us." }]);
  });

  it("accepts the tactics a trainer names for threats, 'everyone else did it' and flattery: intimidation, social-proof and rapport", () => {
    const tacticsUsed = [
      { tactics: ["intimidation", "rapport"], line: "I'm disappointed. This will come up in your review." },
      { tactics: ["social-proof"], line: "Everyone else on my list did it in a minute." },
    ];
    expect(parseDebrief({ ...valid, tacticsUsed })?.tacticsUsed).toEqual(tacticsUsed);
  });

  it("still reads an older agent's debrief, one tactic per line from the first four, unchanged", () => {
    const older = { ...valid, tacticsUsed: [{ tactic: "authority", line: "I sign off on these." }, { tactic: "urgency", line: "Before three." }] };
    expect(parseDebrief(older)?.tacticsUsed).toEqual([
      { tactics: ["authority"], line: "I sign off on these." },
      { tactics: ["urgency"], line: "Before three." },
    ]);
  });

  it("accepts a debrief without a moment, or with a moment the visitor said nothing in", () => {
    expect(parseDebrief(without("moment"))?.moment).toBeNull();
    expect(parseDebrief({ ...valid, moment: null })?.moment).toBeNull();
    expect(parseDebrief({ ...valid, moment: { kind: "ended", summary: "The call ended." } })?.moment).toEqual({ kind: "ended", summary: "The call ended.", visitorSaid: null });
  });

  it.each(["", "   "])("accepts a moment whose optional visitorSaid is empty (%p), as no words", (visitorSaid) => {
    expect(parseDebrief({ ...valid, moment: { ...valid.moment, visitorSaid } })?.moment?.visitorSaid).toBeNull();
  });

  it("accepts empty tactic and advice lists", () => {
    expect(parseDebrief({ ...valid, outcome: "ended-early", tacticsUsed: [], nextTime: [] })).toMatchObject({ tacticsUsed: [], nextTime: [] });
  });

  it.each([null, undefined, "a debrief", 42, []])("rejects %p", (value) => {
    expect(parseDebrief(value)).toBeNull();
  });

  it.each(["scenario", "title", "outcome", "tacticsUsed", "nextTime"] as const)("rejects a debrief without %s", (key) => {
    expect(parseDebrief(without(key))).toBeNull();
  });

  it("rejects an unknown outcome", () => {
    expect(parseDebrief({ ...valid, outcome: "won" })).toBeNull();
  });

  it("rejects blank or over-long texts", () => {
    expect(parseDebrief({ ...valid, title: "   " })).toBeNull();
    expect(parseDebrief({ ...valid, title: "x".repeat(601) })).toBeNull();
    expect(parseDebrief({ ...valid, title: "x".repeat(600) })).not.toBeNull();
  });

  it("rejects an unknown tactic, a line without tactics or tactics without their line", () => {
    expect(parseDebrief({ ...valid, tacticsUsed: [{ tactics: ["urgency", "flattery"], line: "You are great, and quick." }] })).toBeNull();
    expect(parseDebrief({ ...valid, tacticsUsed: [{ tactic: "flattery", line: "You are great." }] })).toBeNull();
    expect(parseDebrief({ ...valid, tacticsUsed: [{ tactics: [], line: "Hello." }] })).toBeNull();
    expect(parseDebrief({ ...valid, tacticsUsed: [{ tactics: "urgency", line: "Quickly." }] })).toBeNull();
    expect(parseDebrief({ ...valid, tacticsUsed: [{ line: "Hello." }] })).toBeNull();
    expect(parseDebrief({ ...valid, tacticsUsed: [{ tactics: ["urgency"] }] })).toBeNull();
    expect(parseDebrief({ ...valid, tacticsUsed: [null] })).toBeNull();
    expect(parseDebrief({ ...valid, tacticsUsed: ["urgency"] })).toBeNull();
  });

  it("rejects advice that is not text", () => {
    expect(parseDebrief({ ...valid, nextTime: ["Hang up.", 3] })).toBeNull();
    expect(parseDebrief({ ...valid, nextTime: "Hang up." })).toBeNull();
  });

  it("rejects a line with more than 3 tactics: a label, not every tactic there is", () => {
    expect(parseDebrief({ ...valid, tacticsUsed: [{ tactics: ["authority", "urgency", "secrecy", "pretext"], line: "Do it now, quietly, for me." }] })).toBeNull();
    expect(parseDebrief({ ...valid, tacticsUsed: [{ tactics: ["authority", "urgency", "secrecy"], line: "Do it now, quietly." }] })).not.toBeNull();
  });

  it("rejects more than 12 tactic lines or 12 pieces of advice", () => {
    const tactic = { tactics: ["pretext"], line: "I am from IT." };
    expect(parseDebrief({ ...valid, tacticsUsed: Array(13).fill(tactic) })).toBeNull();
    expect(parseDebrief({ ...valid, tacticsUsed: Array(12).fill(tactic) })).not.toBeNull();
    expect(parseDebrief({ ...valid, nextTime: Array.from({ length: 13 }, (_, i) => `advice ${i}`) })).toBeNull();
  });

  it("rejects a malformed moment", () => {
    expect(parseDebrief({ ...valid, moment: { kind: "gave-up", summary: "x" } })).toBeNull();
    expect(parseDebrief({ ...valid, moment: { kind: "held-firm" } })).toBeNull();
    expect(parseDebrief({ ...valid, moment: { kind: "held-firm", summary: "x", visitorSaid: 5 } })).toBeNull();
    expect(parseDebrief({ ...valid, moment: "held firm" })).toBeNull();
  });
});
