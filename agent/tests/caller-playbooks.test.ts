/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scenarioIds as contractScenarioIds } from "@mockingbird/contract/scenarios";
import { scenarioDebriefs } from "@mockingbird/contract/scenario-debriefs";
import { tactics } from "@mockingbird/contract/debrief";
import { PlaybookError, defaultPlaybookDir, loadPlaybooks, loadPlaybooksFrom, parsePlaybook } from "../src/caller/playbooks";
import { maxWordsPerTurn, phraseIntents, type Playbook } from "../src/caller/playbook-schema";
import { createCaller, scenarioIds } from "../src/caller";
import { fixedCallerLines } from "../src/caller/caller";
import { lastSpeechSample } from "../testkit/speech-audio";
import { closeFixtureSpeech, speak } from "./support/speech-fixtures";
import { readInstalledFile } from "./support/installed-file";

const cmudictPath = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict";
/** The longest a caller's turn may take to say (the IT helpdesk greeting used to take 15 s). */
const maxTurnSeconds = 6.5;
const shippedFile = join(defaultPlaybookDir, "it-helpdesk-mfa-reset.json");

/** A shipped playbook as plain JSON, to break one field at a time. */
function shippedJson(): Record<string, unknown> {
  return JSON.parse(readFileSync(shippedFile, "utf8")) as Record<string, unknown>;
}

function parseError(data: unknown, file = "/playbooks/it-helpdesk-mfa-reset.json"): PlaybookError {
  try {
    parsePlaybook(typeof data === "string" ? data : JSON.stringify(data), file);
  } catch (error) {
    if (error instanceof PlaybookError) return error;
    throw error;
  }
  throw new Error("the playbook was accepted");
}

function cmudictWords(): Set<string> {
  const words = new Set<string>();
  for (const line of readInstalledFile(cmudictPath, "pocketsphinx-en-us").split("\n")) {
    const word = line.split(" ")[0];
    if (word) words.add(word.replace(/\(\d+\)$/, ""));
  }
  return words;
}

describe("shipped playbooks", () => {
  it("has one playbook per scenario id of the contract, named by the scenario id", () => {
    expect([...loadPlaybooks().keys()].sort()).toEqual([...contractScenarioIds].sort());
  });

  it("escalates through authority, urgency, secrecy and pretext in every scenario", () => {
    for (const playbook of loadPlaybooks().values()) {
      expect(playbook.tactics.map((entry) => entry.tactic)).toEqual(["authority", "urgency", "secrecy", "pretext"]);
    }
  });

  it("lists 15 to 40 example phrases for every intent", () => {
    for (const playbook of loadPlaybooks().values()) {
      for (const intent of phraseIntents) {
        expect(playbook.phrases[intent].length).toBeGreaterThanOrEqual(15);
        expect(playbook.phrases[intent].length).toBeLessThanOrEqual(40);
      }
    }
  });

  it("uses only words of the pocketsphinx dictionary in its example phrases, so the domain model keeps every one", () => {
    const dictionary = cmudictWords();
    const missing: string[] = [];
    for (const playbook of loadPlaybooks().values()) {
      for (const intent of phraseIntents) {
        for (const phrase of playbook.phrases[intent]) {
          for (const word of phrase.split(" ")) if (!dictionary.has(word)) missing.push(`${playbook.id} ${intent}: "${word}" in "${phrase}"`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("writes spoken lines the way they should sound: no digits, no acronyms flite reads as words", () => {
    const unspeakable: string[] = [];
    for (const playbook of loadPlaybooks().values()) {
      for (const line of fixedCallerLines(playbook.id)) if (/[0-9]|\b(IT|CEO|CFO|ID)\b/.test(line)) unspeakable.push(`${playbook.id}: ${line}`);
    }
    expect(unspeakable).toEqual([]);
  });

  it("gives a code goal digit phrases to comply with, so the domain model knows a code read out", () => {
    const playbook = loadPlaybooks().get("it-helpdesk-mfa-reset") as Playbook;
    expect(playbook.phrases.comply).toContain("one two three four five six");
  });
});

describe("turn-taking", () => {
  afterAll(() => closeFixtureSpeech());

  /** From the first to the last sample above -40 dBFS: how long the line keeps the visitor listening. */
  function speakingSeconds(pcm: Int16Array): number {
    const first = pcm.length - 1 - lastSpeechSample(pcm.slice().reverse());
    return (lastSpeechSample(pcm) - first) / 16_000;
  }

  it("keeps every line the caller says, opening included, to a few seconds in the agent's voice (flite slt), so a person can answer", async () => {
    const tooLong: string[] = [];
    for (const playbook of loadPlaybooks().values()) {
      for (const said of fixedCallerLines(playbook.id)) {
        const seconds = speakingSeconds(await speak(said, "slt"));
        if (seconds > maxTurnSeconds) tooLong.push(`${playbook.id}: ${seconds.toFixed(1)} s "${said}"`);
      }
    }
    expect(tooLong).toEqual([]);
  }, 120_000);
});

describe("the tactics each line is tagged with", () => {
  /** Where a playbook file keeps the lines that press the visitor, read from the file as written, not through the schema. */
  function pressingLines(file: Record<string, unknown>): unknown[] {
    const reactions = file.reactions as Record<string, unknown>;
    return [
      file.opening,
      ...(file.tactics as { lines: unknown[] }[]).flatMap((step) => step.lines),
      ...(reactions.refusal as { pushes: unknown[] }).pushes,
      ...(reactions.askIdentity as unknown[]),
      ...(reactions.askPurpose as unknown[]),
      ...(reactions.callbackOffer as unknown[]),
    ];
  }
  const files = contractScenarioIds.map((id) => [id, JSON.parse(readFileSync(join(defaultPlaybookDir, `${id}.json`), "utf8")) as Record<string, unknown>] as const);
  const tagsOf = (line: string) =>
    [...loadPlaybooks().values()]
      .flatMap((playbook) => pressingLines(playbook as unknown as Record<string, unknown>) as { tactics: string[]; line: string }[])
      .find((entry) => entry.line === line)?.tactics;

  it.each(files)("%s: every line that presses the visitor has at least one tactic, each from the contract's list and listed once", (_id, file) => {
    const lines = pressingLines(file);
    expect(lines.length).toBeGreaterThan(10);
    for (const entry of lines) {
      const { tactics: tags, line } = entry as { tactics: unknown; line: unknown };
      expect(typeof line).toBe("string");
      expect(Array.isArray(tags) && tags.length > 0 ? [] : [`${String(line)}: no tactics`]).toEqual([]);
      expect((tags as unknown[]).filter((tag) => !(tactics as readonly unknown[]).includes(tag))).toEqual([]);
      expect(new Set(tags as unknown[]).size).toBe((tags as unknown[]).length);
    }
  });

  it("tags the CEO's opening, an urgent payment before three, as urgency first and as pretext", () => {
    const opening = loadPlaybooks().get("ceo-urgent-wire")!.opening;
    expect(opening.line).toMatch(/urgent payment .* before three/);
    expect(opening.tactics[0]).toBe("urgency");
    expect(opening.tactics).toContain("pretext");
  });

  it("tags the CEO's 'This will come up in your review' as intimidation first, a threat rather than authority, with the guilt before it as rapport", () => {
    expect(tagsOf("I'm disappointed. I thought I could rely on you. This will come up in your review.")).toEqual(["intimidation", "rapport"]);
  });

  it.each<[string, string[]]>([
    ["If you won't help, I log that you refused a security reset, and your account gets locked.", ["intimidation"]],
    ["I picked you because I trust you. Don't make me go over your head.", ["authority", "rapport", "intimidation"]],
    ["Everyone else on my list did it in a minute. I really don't want you to miss your pay.", ["social-proof", "rapport"]],
    ["This comes from the head of technology. Every account on the list gets reset today.", ["authority", "social-proof", "pretext"]],
    ["I get that you're careful, and that's good. But I'm the service desk. I just need the code.", ["rapport", "authority"]],
  ])("tags %p as a trainer names its levers: %p", (line, tags) => {
    expect(tagsOf(line)).toEqual(tags);
  });

  it("lists only tactics some shipped line uses: the contract names no lever a debrief could never show", () => {
    const used = new Set([...loadPlaybooks().values()].flatMap((playbook) => (pressingLines(playbook as unknown as Record<string, unknown>) as { tactics: string[] }[]).flatMap((entry) => entry.tactics)));
    expect([...tactics].filter((tactic) => !used.has(tactic))).toEqual([]);
  });
});

describe("playbook validation", () => {
  it("names the file when the JSON does not parse", () => {
    const error = parseError("{ not json", "/somewhere/ceo-urgent-wire.json");
    expect(error.message).toContain("/somewhere/ceo-urgent-wire.json");
    expect(error.message).toContain("invalid JSON");
  });

  it.each<[string, (string | number)[], unknown, string | RegExp]>([
    ["names the field that is missing", ["goal"], undefined, /it-helpdesk-mfa-reset\.json: .*goal: /],
    ["names the field and index of a tactic that does not exist", ["tactics", 1, "tactic"], "flattery", "tactics.1.tactic"],
    ["refuses a tactic with fewer than two lines", ["tactics", 0, "lines"], [{ tactics: ["authority"], line: "Only one line." }], "tactics.0.lines"],
    ["refuses a pressing line without its tactics", ["reactions", "askIdentity", 0], "It's Dave from the service desk.", "reactions.askIdentity.0"],
    ["refuses a line tagged with no tactic", ["opening", "tactics"], [], "opening.tactics"],
    ["refuses a line tagged with a tactic that does not exist", ["reactions", "callbackOffer", 1, "tactics", 1], "flattery", "reactions.callbackOffer.1.tactics.1"],
    ["refuses a line tagged with the same tactic twice", ["reactions", "askPurpose", 0, "tactics"], ["pretext", "pretext"], "reactions.askPurpose.0.tactics: each tactic is listed once"],
    ["refuses a line tagged with more than three tactics", ["reactions", "refusal", "pushes", 0, "tactics"], ["authority", "urgency", "secrecy", "pretext"], "reactions.refusal.pushes.0.tactics"],
    ["refuses a line of an escalation step that does not list the step's tactic first", ["tactics", 1, "lines", 0, "tactics"], ["pretext", "urgency"], "tactics.1.lines.0.tactics: a line of the urgency step lists urgency first"],
    ["refuses the same tactic twice in the escalation", ["tactics", 1, "tactic"], "authority", "tactics: each tactic appears once"],
    ["refuses an unknown field, so a misspelt reaction is not silently dropped", ["reactions", "refusals"], {}, 'reactions: Unrecognized key: "refusals"'],
    ["refuses an example phrase with an apostrophe", ["phrases", "refuse", 0], "i won't", "phrases.refuse.0"],
    ["refuses an example phrase with digits", ["phrases", "comply", 0], "the code is 123456", "phrases.comply.0"],
    ["refuses a phrase listed under two intents", ["phrases", "refuse", 0], "goodbye", 'phrases.goodbye.0: "goodbye" is already listed under refuse'],
    ["refuses a placeholder that has no default value", ["opening", "line"], "Hi {{first_name}}, it's the service desk.", 'opening.line: {{first_name}} has no default in "variables"'],
    ["refuses a line the caller says that is longer than a phone turn", ["reactions", "goodbye", 0], "Well. ".repeat(maxWordsPerTurn + 1).trim(), `reactions.goodbye.0: a line the caller says is a phone turn: ${maxWordsPerTurn} words at most`],
    ["refuses stage directions in a spoken line", ["reactions", "goodbye", 0], "*sighs* Fine.", "reactions.goodbye.0"],
  ])("%s", (_behaviour, path, value, message) => {
    const data = shippedJson();
    const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((at, key) => at[key] as Record<string | number, unknown>, data);
    const field = path.at(-1) as string | number;
    if (value === undefined) delete parent[field];
    else parent[field] = value;
    expect(parseError(data).message).toMatch(message);
  });

  it("takes each scenario's debrief text from the contract, its one home, and refuses a file that carries its own", () => {
    expect(loadPlaybooks().get("ceo-urgent-wire")?.debrief).toEqual(scenarioDebriefs["ceo-urgent-wire"]);
    expect(parseError({ ...shippedJson(), debrief: scenarioDebriefs["it-helpdesk-mfa-reset"] }).problems).toEqual(["debrief: lives in contract/scenario-debriefs.ts, not in the playbook file"]);
  });

  it("refuses a playbook whose id differs from its file name", () => {
    expect(parseError(shippedJson(), "/playbooks/renamed.json").message).toContain('id: "it-helpdesk-mfa-reset" must match the file name "renamed"');
  });

  it("fails loading a directory on its bad file, naming that file", () => {
    const dir = mkdtempSync(join(tmpdir(), "playbooks-"));
    try {
      writeFileSync(join(dir, "it-helpdesk-mfa-reset.json"), readFileSync(shippedFile));
      const broken = shippedJson();
      broken.id = "broken";
      broken.maxTurns = 1;
      writeFileSync(join(dir, "broken.json"), JSON.stringify(broken));
      expect(() => loadPlaybooksFrom(dir)).toThrow(/broken\.json: maxTurns: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("loads every valid file of a directory, keyed by id", () => {
    const dir = mkdtempSync(join(tmpdir(), "playbooks-"));
    try {
      writeFileSync(join(dir, "it-helpdesk-mfa-reset.json"), readFileSync(shippedFile));
      writeFileSync(join(dir, "notes.txt"), "not a playbook");
      expect([...loadPlaybooksFrom(dir).keys()]).toEqual(["it-helpdesk-mfa-reset"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the lines the voice makes ahead of need", () => {
  it("are every fixed line of a scenario, its variables filled, its opening first", () => {
    for (const id of scenarioIds()) {
      const playbook = loadPlaybooks().get(id) as Playbook;
      const lines = fixedCallerLines(id);
      expect(lines[0]).toBe(createCaller(id).opening().text);
      expect(lines.filter((line) => /\{\{|\}\}/.test(line))).toEqual([]);
      expect(lines.length).toBeGreaterThanOrEqual(playbook.reactions.badLine.length + playbook.reactions.compliance.length + playbook.tactics.length);
      expect(new Set(lines).size).toBe(lines.length);
    }
  });
});
