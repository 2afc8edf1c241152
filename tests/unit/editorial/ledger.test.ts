/** @jest-environment node */
import { factSignals, properNounsOf, renderLedger, unknownFacts, unsourcedSentences, type LedgerRules, type LedgerSentence } from "@/lib/editorial/ledger";

const rules: LedgerRules = { ownNames: ["Mockingbird", "1:1 AI voice coaching"], commonTerms: ["AI", "CEO", "IT"], opinion: [/\bwe think\b/i, /\bour view\b/i] };
const read = () => ({ rules });
const sentence = (text: string, facts: string[] = []): LedgerSentence => ({ page: "/manifesto", where: "p", sentence: text, facts });
const kindsOf = (text: string) => unsourcedSentences([sentence(text)], read).flatMap((entry) => entry.signals.map((signal) => signal.kind));

describe("the claims ledger's reading of a sentence", () => {
  test("a figure with no source is a claim without an id", () => {
    expect(kindsOf("Three seconds of audio can be enough.")).toEqual(["figure"]);
    expect(kindsOf("Deepfake fraud reached 7 a day.")).toContain("figure");
  });

  test("a named organization, person or incident with no source is a claim without an id", () => {
    expect(kindsOf("Awareness programs failed at Arup.")).toEqual(["name"]);
    expect(kindsOf("CrowdStrike saw it coming.")).toEqual(["name"]);
  });

  test("a trend with no source is a claim without an id", () => {
    expect(kindsOf("Voice phishing is growing fast.")).toEqual(["trend"]);
  });

  test("a superlative with no source is a claim without an id, and so is an absolute", () => {
    expect(kindsOf("The phone is where the pressure is highest.")).toEqual(["superlative"]);
    expect(kindsOf("Hardly anyone rehearses the phone call.")).toEqual(["superlative"]);
  });

  test("a comparison with no source is a claim without an id", () => {
    expect(kindsOf("A call is harder to check than an email.")).toEqual(["comparison"]);
    expect(kindsOf("Callers are more patient than they sound.")).toEqual(["comparison"]);
  });

  test("a cause with no source is a claim without an id", () => {
    expect(kindsOf("Voice works because it bypasses the habits we have trained.")).toEqual(["cause"]);
    expect(kindsOf("The breach led to a shutdown.")).toEqual(["cause"]);
  });

  test("a sentence that carries a source's id, or says it is our view, needs nothing more", () => {
    expect(unsourcedSentences([sentence("Voice phishing rose 442% in half a year.", ["crowdstrikeVishing"])], read)).toEqual([]);
    expect(unsourcedSentences([sentence("We think the phone is where the pressure is highest.")], read)).toEqual([]);
  });

  test("our own names, common terms, a title in title case and words that only look like a kind state nothing", () => {
    for (const text of ["Mockingbird calls your team.", "Try 1:1 AI voice coaching in the browser.", "Join Our Private Beta!", "There are two ways to find out.", "Call IT rather than the caller.", "Who fell for it, and who had a script to fall back on.", "The CEO asks as well as tells."]) {
      expect(factSignals(text, rules)).toEqual([]);
    }
  });

  test("a question asserts nothing", () => {
    expect(kindsOf("Did the finance team do better than sales?")).toEqual([]);
  });

  test("a sentence's first word is a name when the copy writes it as one elsewhere", () => {
    const knownNames = properNounsOf(["The breach at Google was basic.", "Security teams watch email.", "The survey was undated."]);
    expect([...knownNames]).toEqual(["Google"]);
    expect(factSignals("Google said so.", { ...rules, knownNames }).map((signal) => signal.kind)).toEqual(["name"]);
    expect(factSignals("Security matters.", { ...rules, knownNames })).toEqual([]);
  });

  test("a quotation is read with its sentence, so the name that introduces it still counts", () => {
    expect(kindsOf('Grant Ho said "it did not help".')).toEqual(["name"]);
  });

  test("an id that is not a source is reported", () => {
    expect(unknownFacts([sentence("A.", ["crowdstrikeVishing"]), sentence("B.", ["madeUp"])], ["crowdstrikeVishing"]).map((entry) => entry.sentence)).toEqual(["B."]);
  });
});

describe("the ledger page", () => {
  const page = renderLedger({
    claims: [sentence("Most of what CrowdStrike detected was malware-free.", ["crowdstrike2026"])],
    views: [sentence("We think the phone deserves the same practice.")],
    sources: [
      { id: "crowdstrike2026", name: "CrowdStrike, via CYFAR", entry: "FACTS.md §1", words: ["82% of detections malware-free"] },
      { id: "bullee", name: "bullee.net", entry: "FACTS.md §7", words: ["46.15% complied"] },
    ],
    command: "npm run ledger",
  });

  test("counts the claims, the sources cited and the views, then shows each claim beside its source's words", () => {
    expect(page).toContain("- Claims: 1, on 1 pages");
    expect(page).toContain("- Sources cited: 1 of 2");
    expect(page).toContain("- Views marked as ours: 1");
    expect(page).toMatch(/## \/manifesto\n\n- Most of what CrowdStrike detected was malware-free\.\n {2}- `crowdstrike2026`, CrowdStrike, via CYFAR \(FACTS\.md §1\)\n {4}> 82% of detections malware-free/);
  });

  test("lists the views marked as ours and the sources no sentence cites", () => {
    expect(page).toContain("- /manifesto: We think the phone deserves the same practice.");
    expect(page).toMatch(/## Sources no sentence cites\n\n- `bullee`, bullee\.net/);
  });
});
