import { UnknownScenarioError } from "./caller";
import type { Playbook } from "./playbook-schema";
import { loadPlaybooks } from "./playbooks";
import { fillLine } from "./variables";

/** The vishing caller: playbook-driven dialogue logic, no I/O beyond reading the playbooks and the labelled visitor sentences (and the optional LLM writer). */
export { createCaller, fixedCallerLines, scenarioIds, spokenTurn } from "./caller";
/** How the caller reads a turn, for the benches to measure understanding with the caller's own reading. */
export { callerIntentClassifier, callerTurnDecider } from "./reading";
export type { CallerEnd, CallerOptions, CallerReply, CallerSession, Debrief, DebriefReason, LlmConfig, Tactic, VisitorTurn } from "./caller";
export { PlaybookError, loadPlaybooks, loadPlaybooksFrom, parsePlaybook } from "./playbooks";
export { UnknownScenarioError };
export type { Playbook } from "./playbook-schema";
export { createIntentClassifier, type Intent } from "./intents";
export { debriefToolName } from "./debrief";
export { visitorSpeech } from "./visitor-sentences";

/**
 * A scenario's opening line as its playbook writes it, filled with the playbook's own variables:
 * what a call opens with when the page sets no first message (the widget's first_message, the
 * greeting synthesized ahead of the first call), read without building a caller for it.
 */
export function openingLine(scenarioId: string, playbooks: ReadonlyMap<string, Playbook> = loadPlaybooks()): string {
  const playbook = playbooks.get(scenarioId);
  if (playbook === undefined) throw new UnknownScenarioError(scenarioId);
  // Filled by the same fillLine as CallerSession.opening() (caller-opening-line.test.ts holds the two equal).
  return fillLine(playbook.variables, playbook.opening.line);
}
