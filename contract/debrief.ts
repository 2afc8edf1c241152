/**
 * The red-flag debrief travels from the voice agent to the widget as one client tool call.
 * Both sides import this module (the local agent builds it, the widget shows it; on ElevenLabs
 * the agents get the same client tool, contract/debrief-tool.ts), so name and shape cannot drift.
 * No imports: the agent runs this file outside the site's build.
 */
export const DEBRIEF_TOOL_NAME = "show_red_flag_debrief";

export const tactics = ["authority", "urgency", "secrecy", "pretext"] as const;
export type Tactic = (typeof tactics)[number];

export const debriefOutcomes = ["complied", "held-firm", "verified", "ended-early"] as const;
export type DebriefOutcome = (typeof debriefOutcomes)[number];

export const momentKinds = ["complied", "held-firm", "verified", "ended"] as const;

export type Debrief = {
  scenario: string;
  title: string;
  outcome: DebriefOutcome;
  tacticsUsed: { tactic: Tactic; line: string }[];
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
    if (!oneOf(tactics, entry.tactic) || !isText(entry.line)) return null;
    tacticsUsed.push({ tactic: entry.tactic, line: entry.line });
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
 * How many pieces of advice a debrief's nextTime holds: the scenario's advice for the outcome (one
 * fewer, word for word) and how to spot the tactic the caller leaned on most. The local caller
 * builds it so (agent/src/caller/debrief.ts), the production prompt asks for it, and the tool's
 * schema says it (contract/debrief-tool.ts); tests/unit/callers/next-time.test.ts holds all three.
 */
export const DEBRIEF_NEXT_TIME_ITEMS = 4;
