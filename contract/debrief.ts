/**
 * The red-flag debrief travels from the voice agent to the widget as one client tool call.
 * Both sides import this module (the local agent builds it, the widget shows it; on ElevenLabs
 * the agents get the same client tool, contract/debrief-tool.ts), so name and shape cannot drift.
 * No imports: the agent runs this file outside the site's build.
 */
export const DEBRIEF_TOOL_NAME = "show_red_flag_debrief";

/**
 * The pressure tactics a caller's line is tagged with, under the names security-awareness training
 * uses (Cialdini's principles as vishing courses teach them: authority, scarcity as urgency, social
 * proof, liking as rapport; intimidation and pretext from the social-engineering taxonomies). Only
 * levers some playbook line pulls are listed: a tag no line uses is one the debrief never teaches.
 */
export const tactics = ["authority", "urgency", "secrecy", "pretext", "intimidation", "social-proof", "rapport"] as const;
export type Tactic = (typeof tactics)[number];

/**
 * What each tactic means when a line is tagged with it: the playbooks' tags follow these, and the
 * production prompt gives them to the model that tags its own lines. A line is tagged with every
 * tactic it uses, the most prominent first, and a threat is intimidation even when rank backs it.
 */
export const tacticMeanings: Readonly<Record<Tactic, string>> = {
  authority: "rank or power used to make the request feel approved and refusing it feel out of place: the caller's own, a senior person's or a team's instruction",
  urgency: "time pressure: a deadline, a countdown, an attack in progress or a loss about to happen, so there is no time to think or check",
  secrecy: "keeping the request from the people and checks that would catch it: don't tell your manager, colleagues or finance, keep it between us",
  pretext: "the invented story and identity that make the request sound routine: who is calling, why, and the excuses that explain away what does not fit",
  intimidation: "threatened consequences for refusing: a bad review, being reported or taken over the visitor's head, a locked account or lost pay, so saying no feels dangerous",
  "social-proof": "everyone else is doing it: colleagues who already complied or a whole list going through today, so refusing makes the visitor the odd one out",
  rapport: "warmth, trust and flattery that make refusing feel like letting the caller down personally, and its flip side, guilt and disappointment when the visitor does",
};

/** A line used few enough tactics to read at a glance; more than this is a tag list, not a label. */
export const DEBRIEF_MAX_TACTICS_PER_LINE = 3;

export const debriefOutcomes = ["complied", "held-firm", "verified", "ended-early"] as const;
export type DebriefOutcome = (typeof debriefOutcomes)[number];

export const momentKinds = ["complied", "held-firm", "verified", "ended"] as const;

export type Debrief = {
  scenario: string;
  title: string;
  outcome: DebriefOutcome;
  /** The caller's lines that pressed the visitor, in order, each with every tactic it used, the most prominent first. */
  tacticsUsed: { tactics: Tactic[]; line: string }[];
  moment: { kind: (typeof momentKinds)[number]; visitorSaid: string | null; summary: string } | null;
  nextTime: string[];
};

/** Limits that keep a malformed or hostile tool call from flooding the page. */
export const DEBRIEF_MAX_TEXT = 600;
export const DEBRIEF_MAX_ITEMS = 12;

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "" && value.length <= DEBRIEF_MAX_TEXT;
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === "string" && (list as readonly string[]).includes(value);

/**
 * The tool call's parameters come from the network: anything that is not a well-formed
 * debrief gives null (the widget then answers the tool call with an error result).
 */
export function parseDebrief(value: unknown): Debrief | null {
  if (typeof value !== "object" || value === null) return null;
  const input = value as Record<string, unknown>;
  if (!isText(input.scenario) || !isText(input.title) || !oneOf(debriefOutcomes, input.outcome)) return null;
  if (!Array.isArray(input.tacticsUsed) || input.tacticsUsed.length > DEBRIEF_MAX_ITEMS) return null;
  if (!Array.isArray(input.nextTime) || input.nextTime.length > DEBRIEF_MAX_ITEMS || !input.nextTime.every(isText)) return null;

  const tacticsUsed: Debrief["tacticsUsed"] = [];
  for (const item of input.tacticsUsed as unknown[]) {
    const entry = (item ?? {}) as Record<string, unknown>;
    const tagged = tagsOf(entry);
    if (tagged === null || !isText(entry.line)) return null;
    tacticsUsed.push({ tactics: tagged, line: entry.line });
  }

  let moment: Debrief["moment"] = null;
  if (input.moment !== null && input.moment !== undefined) {
    const raw = input.moment as Record<string, unknown>;
    // Optional, so a model may fill it with "" (or spaces) for "none": that is no words, not a broken debrief.
    const visitorSaid = raw.visitorSaid === null || raw.visitorSaid === undefined || (typeof raw.visitorSaid === "string" && raw.visitorSaid.trim() === "") ? null : raw.visitorSaid;
    if (!oneOf(momentKinds, raw.kind) || !isText(raw.summary) || (visitorSaid !== null && !isText(visitorSaid))) return null;
    moment = { kind: raw.kind, summary: raw.summary, visitorSaid };
  }

  return { scenario: input.scenario, title: input.title, outcome: input.outcome, tacticsUsed, moment, nextTime: input.nextTime as string[] };
}

/**
 * A line's tags, without repeats, or null when there are none or one is unknown. A production
 * agent pushed before lines carried several tags sends one `tactic`; the site and the agents are
 * deployed separately, so that shape is read too, as a list of one.
 */
function tagsOf(entry: Record<string, unknown>): Tactic[] | null {
  const raw = entry.tactics === undefined && entry.tactic !== undefined ? [entry.tactic] : entry.tactics;
  if (!Array.isArray(raw) || raw.length === 0 || !raw.every((tag) => oneOf(tactics, tag))) return null;
  const unique = [...new Set(raw as Tactic[])];
  return unique.length <= DEBRIEF_MAX_TACTICS_PER_LINE ? unique : null;
}

/**
 * How many pieces of advice a debrief's nextTime holds: the scenario's advice for the outcome (one
 * fewer, word for word) and how to spot the tactic the caller leaned on most. The local caller
 * builds it so (agent/src/caller/debrief.ts), the production prompt asks for it, and the tool's
 * schema says it (contract/debrief-tool.ts); tests/unit/callers/next-time.test.ts holds all three.
 */
export const DEBRIEF_NEXT_TIME_ITEMS = 4;
