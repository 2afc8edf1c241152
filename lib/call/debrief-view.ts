/**
 * The debrief a visitor reads when a call ends, whoever ended it: the caller's own (its
 * show_red_flag_debrief tool call) when it came, else one the widget builds from what it knows:
 * how the call ended, the scenario's debrief text (contract/scenario-debriefs.ts) and the
 * caller's lines as they were captioned. It never guesses an outcome it was not told.
 */
import { DEBRIEF_MAX_ITEMS, type Debrief, type DebriefOutcome, type Tactic } from "@mockingbird/contract/debrief";
import { redactCallerText, redactVisitorWords } from "@mockingbird/contract/redaction";
import { scenarioDebriefs } from "@mockingbird/contract/scenario-debriefs";
import { callScenarios } from "@/content/call/scenarios";
import { hasDebrief, type CallEnding, type MachineState } from "./call-machine";

export type DebriefView = {
  /** The caller's own debrief, or the widget's. */
  source: "caller" | "widget";
  title: string;
  /** How the call ended; null while it goes on (a caller may send its debrief before it hangs up). */
  ending: CallEnding | null;
  /** Null when the widget cannot tell. */
  outcome: DebriefOutcome | null;
  /** The caller's lines, each with the tactics the caller named for it, the most prominent first (none in the widget's debrief). */
  lines: { tactics: readonly Tactic[]; line: string }[];
  moment: Debrief["moment"];
  nextTime: readonly string[];
  /** How to spot each tactic of the scenario: the widget's debrief, which cannot tell which one the caller leaned on. */
  redFlags: { tactic: Tactic; tip: string }[];
};

/** The debrief to show now, or null (no call has ended since the last start, or the visitor closed it). */
export function debriefView(state: MachineState): DebriefView | null {
  if (!hasDebrief(state)) return null;
  const own = state.call.debrief;
  if (own) return callerDebriefView(own, state.ending);
  const scenario = state.plan!.scenario;
  const text = scenarioDebriefs[scenario];
  const lines = state.call.captions.filter((caption) => caption.speaker === "agent").map((caption) => ({ tactics: [], line: caption.text }));
  return {
    source: "widget",
    title: callScenarios.find((entry) => entry.id === scenario)!.label,
    ending: state.ending!,
    outcome: null,
    lines: lines.slice(-DEBRIEF_MAX_ITEMS),
    moment: null,
    // Hanging up is what the playbook's ended-early advice is about, whatever came before it.
    nextTime: state.ending === "visitor" ? text.advice["ended-early"] : [],
    redFlags: (Object.keys(text.redFlags) as Tactic[]).map((tactic) => ({ tactic, tip: text.redFlags[tactic] })),
  };
}

/** The caller's own debrief: it knows the outcome and which tactics each of its lines used. */
export function callerDebriefView(debrief: Debrief, ending: CallEnding | null): DebriefView {
  // A caller's tool call is a model's output: it may quote a code or a password the visitor said, whatever the prompt asked.
  const moment = debrief.moment && {
    ...debrief.moment,
    visitorSaid: debrief.moment.visitorSaid === null ? null : redactVisitorWords(debrief.moment.visitorSaid),
    summary: redactCallerText(debrief.moment.summary),
  };
  return {
    source: "caller",
    title: debrief.title,
    ending,
    outcome: debrief.outcome,
    lines: debrief.tacticsUsed.map((entry) => ({ ...entry, line: redactCallerText(entry.line) })),
    moment,
    nextTime: debrief.nextTime.map(redactCallerText),
    redFlags: [],
  };
}
