/** The vishing caller: playbook-driven dialogue logic, no I/O beyond reading the playbooks and the labelled visitor sentences (and the optional LLM writer). */
export { createCaller, fixedCallerLines, scenarioIds, spokenTurn, UnknownScenarioError } from "./caller";
/** How the caller reads a turn, for the benches to measure understanding with the caller's own reading. */
export { callerIntentClassifier, callerTurnDecider } from "./reading";
export type { CallerEnd, CallerOptions, CallerReply, CallerSession, Debrief, DebriefReason, LlmConfig, Tactic, VisitorTurn } from "./caller";
export { PlaybookError, loadPlaybooks, loadPlaybooksFrom, parsePlaybook } from "./playbooks";
export type { Playbook } from "./playbook-schema";
export { createIntentClassifier, type Intent } from "./intents";
export { debriefToolName } from "./debrief";
