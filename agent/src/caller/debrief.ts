import type { DebriefOutcome, GoalKind, Playbook, Tactic } from "./playbook-schema";
import { DEBRIEF_TOOL_NAME, type Debrief as DebriefContract } from "@mockingbird/contract/debrief";
import { redactVisitorWords } from "@mockingbird/contract/redaction";

/** The one client tool the debrief travels in (DESIGN.md); the widget defines it from the same module. */
export const debriefToolName = DEBRIEF_TOOL_NAME;

/** How a call ended, from the caller's side (CallerReply.end). */
export type CallerEnd = "complied" | "refused" | "verified" | "hung-up" | "silent";
export type DebriefReason = CallerEnd | "time-limit";

/** The red-flag debrief, sent to the browser as the parameters of the `show_red_flag_debrief` client tool call. */
export type Debrief = DebriefContract;

/** Why the call ended, in more detail than the outcome: it changes what the summary can honestly say. */
export type Ending =
  | { by: "visitor"; end: CallerEnd; visitorSaid: string | null } // the visitor's own words decided it
  | { by: "caller-out-of-patience"; end: CallerEnd; visitorSaid: string | null }
  | { by: "time-limit"; visitorSaid: string | null }
  | { by: "outside"; reason: DebriefReason; visitorSaid: string | null }; // the server ended it without a decisive turn

export type DebriefInput = {
  playbook: Playbook;
  ending: Ending;
  /** The lines that pressed the visitor, in order, each with its tags, the most prominent first. */
  tacticsUsed: readonly { tactics: readonly Tactic[]; line: string }[];
  /** Refusals and deflected call-back offers, for the held-firm summary. */
  pushbacks: number;
  turns: number;
};

const outcomeOf: Record<DebriefReason, DebriefOutcome> = {
  complied: "complied",
  refused: "held-firm",
  verified: "verified",
  "hung-up": "ended-early",
  silent: "ended-early",
  "time-limit": "ended-early",
};

const momentKindOf: Record<DebriefOutcome, NonNullable<Debrief["moment"]>["kind"]> = {
  complied: "complied",
  "held-firm": "held-firm",
  verified: "verified",
  "ended-early": "ended",
};

const handedOver: Record<GoalKind, string> = {
  code: "read out",
  password: "gave away",
  payment: "agreed to send",
  "bank-details": "gave away",
};

export function buildDebrief(input: DebriefInput): Debrief {
  const { playbook, ending } = input;
  const reason: DebriefReason = ending.by === "time-limit" ? "time-limit" : ending.by === "outside" ? ending.reason : ending.end;
  const outcome = outcomeOf[reason];
  return {
    scenario: playbook.id,
    title: playbook.title,
    outcome,
    tacticsUsed: input.tacticsUsed.map(({ tactics, line }) => ({ tactics: [...tactics], line })),
    // The visitor's decisive words are quoted back, so a code or a password they read out must not travel with them.
    moment: { kind: momentKindOf[outcome], visitorSaid: ending.visitorSaid === null ? null : redactVisitorWords(ending.visitorSaid), summary: summarise(input, reason) },
    nextTime: nextTime(playbook, outcome, input.tacticsUsed),
  };
}

function summarise({ playbook, ending, tacticsUsed, pushbacks, turns }: DebriefInput, reason: DebriefReason): string {
  const item = playbook.goal.item;
  switch (reason) {
    case "complied": {
      const pressure = distinctTactics(tacticsUsed);
      // The visitor reads this sentence: a tactic's id is a word of it, social-proof as "social proof".
      const after = pressure.length > 0 ? ` after the caller used ${listOf(pressure.map((tactic) => tactic.replace("-", " ")))}` : "";
      return `You ${handedOver[playbook.goal.kind]} ${item}${after}.`;
    }
    case "refused":
      return ending.by === "caller-out-of-patience"
        ? `You never gave in, and after ${turns} turns the caller gave up without ${item}.`
        : `You pushed back ${timesOf(pushbacks)} and the caller gave up without ${item}.`;
    case "verified":
      return "You chose to check through a channel the caller doesn't control, and the caller backed off.";
    case "hung-up":
      return ending.by === "caller-out-of-patience"
        ? `The caller ran out of patience after ${turns} turns, before you handed over ${item}.`
        : `You ended the call before handing over ${item}.`;
    case "silent":
      return `The line went quiet and the caller hung up before you handed over ${item}.`;
    case "time-limit":
      return `The call reached its time limit before you handed over ${item}.`;
  }
}

/** The scenario's advice for this outcome, plus how to spot the tactic the caller leaned on most. */
function nextTime(playbook: Playbook, outcome: DebriefOutcome, used: readonly { tactics: readonly Tactic[] }[]): string[] {
  const advice = [...playbook.debrief.advice[outcome]];
  const tactic = mostUsed(used);
  if (tactic !== undefined && advice.length < 4) advice.push(playbook.debrief.redFlags[tactic]);
  return advice;
}

/** The tactic on the most lines: a line counts once for each of its tags, whatever their order. */
function mostUsed(used: readonly { tactics: readonly Tactic[] }[]): Tactic | undefined {
  const counts = new Map<Tactic, number>();
  for (const { tactics } of used) for (const tactic of tactics) counts.set(tactic, (counts.get(tactic) ?? 0) + 1);
  let best: Tactic | undefined;
  // Map iteration follows first use (a line's most prominent tag first), so ties go to the tactic the caller opened with.
  for (const [tactic, count] of counts) if (best === undefined || count > (counts.get(best) ?? 0)) best = tactic;
  return best;
}

/** Each tactic once, in the order the call first used it: the summary names them, the lines show where. */
function distinctTactics(used: readonly { tactics: readonly Tactic[] }[]): Tactic[] {
  return [...new Set(used.flatMap(({ tactics }) => tactics))];
}

/** "a", "a and b", "a, b and c": how a sentence lists tactics. */
export function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function timesOf(count: number): string {
  return count === 1 ? "once" : count === 2 ? "twice" : `${count} times`;
}
