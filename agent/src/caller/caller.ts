import { scenarioIds as contractScenarioIds } from "@mockingbird/contract/scenarios";
import type { CallerEnd, Debrief, DebriefReason } from "./debrief";
import { answerSilence, answerTurn, debriefOf, openCall, reworded, startState, type CallerReply, type DialogueState, type Script } from "./dialogue";
import { decideSpeech, type IntentClassifier, type VisitorTurn } from "./intents";
import { writeLine, callerInstructions, type LlmConfig } from "./llm";
import { phraseIntents, type Playbook, type TaggedLine } from "./playbook-schema";
import { loadPlaybooks } from "./playbooks";
import { callerIntentClassifier } from "./reading";
import { answerableEarlyIntents } from "./tuning";
import { fillLine } from "./variables";

export type { Tactic } from "./playbook-schema";
export type { CallerEnd, Debrief, DebriefReason } from "./debrief";
export type { CallerReply } from "./dialogue";
export type { LlmConfig } from "./llm";
export type { VisitorTurn } from "./intents";

/** A recogniser's turn (the speech part's Utterance) as the caller reads it. */
export function spokenTurn(utterance: { transcript: string; alternatives?: readonly string[]; confidence?: number }): VisitorTurn {
  return {
    via: "speech",
    text: utterance.transcript,
    ...(utterance.alternatives ? { alternatives: utterance.alternatives } : {}),
    ...(utterance.confidence !== undefined ? { confidence: utterance.confidence } : {}),
  };
}

export interface CallerSession {
  readonly scenarioId: string;
  /** What visitors say in this scenario (the playbook's example phrases): the recogniser's domain vocabulary, never a gate on understanding. */
  readonly phrases: readonly string[];
  /** How the call ended, once a reply has carried `end`; null while it is going on. */
  readonly ended: CallerEnd | null;
  opening(overrides?: { firstMessage?: string; variables?: Record<string, string> }): CallerReply;
  respond(turn: VisitorTurn): Promise<CallerReply>;
  /**
   * Whether spoken words heard so far are a whole answer the caller can reply to before the
   * turn's usual silence has passed (answerableEarlyIntents): read by the turn rules alone, the
   * strictest reading, never the similar-sentence fallback.
   */
  answerableEarly(words: string): boolean;
  /**
   * The visitor has said nothing: after the turn timeout a re-prompt in the caller's words
   * (`"prompt"`), after the silence timeout the closing line, which ends the call (`"end"`).
   */
  silence(kind: "prompt" | "end"): CallerReply;
  debrief(reason: DebriefReason): Debrief;
}

export type CallerOptions = {
  llm?: LlmConfig;
  /** Varies which of the playbook's alternative lines come first; without it the first line of each list is used first. */
  seed?: number;
  /** Playbooks to pick from instead of the shipped ones (tests, tools). */
  playbooks?: ReadonlyMap<string, Playbook>;
};

export class UnknownScenarioError extends Error {
  constructor(readonly scenarioId: string) {
    super(`No playbook for scenario "${scenarioId}"`);
    this.name = "UnknownScenario";
  }
}

/** The scenarios the agent answers: the contract's ids, which the site offers too; each names its playbook. */
export function scenarioIds(): readonly string[] {
  return contractScenarioIds;
}

/**
 * Every line the caller may say in a scenario without a visitor's own variables in it, filled
 * with the playbook's: what the voice can synthesize before anyone asks (main.ts).
 */
export function fixedCallerLines(scenarioId: string, playbooks: ReadonlyMap<string, Playbook> = loadPlaybooks()): string[] {
  const playbook = playbooks.get(scenarioId);
  if (playbook === undefined) throw new UnknownScenarioError(scenarioId);
  const { reactions } = playbook;
  const said = (tagged: readonly TaggedLine[]) => tagged.map((entry) => entry.line);
  const lines = [
    playbook.opening.line,
    ...playbook.tactics.flatMap((entry) => said(entry.lines)),
    ...said(reactions.refusal.pushes),
    ...reactions.refusal.giveUp,
    ...said(reactions.askIdentity),
    ...said(reactions.askPurpose),
    ...said(reactions.callbackOffer),
    ...reactions.verification,
    ...reactions.compliance,
    ...reactions.goodbye,
    ...reactions.badLine,
    ...reactions.outOfPatience,
  ];
  return [...new Set(lines.map((line) => fillLine(playbook.variables, line)))];
}

export function createCaller(scenarioId: string, options: CallerOptions = {}): CallerSession {
  const playbook = (options.playbooks ?? loadPlaybooks()).get(scenarioId);
  if (playbook === undefined) throw new UnknownScenarioError(scenarioId);
  return new Caller(playbook, options);
}

/** A visitor's own words are bounded before they travel on in the debrief. */
const maxQuotedLength = 500;

/** A call in progress: the dialogue's state (dialogue.ts), replaced whole by each step and only in `advance`. */
class Caller implements CallerSession {
  readonly scenarioId: string;
  readonly phrases: readonly string[];

  private readonly script: Script;
  private readonly classify: IntentClassifier;
  private state: DialogueState;

  constructor(
    private readonly playbook: Playbook,
    private readonly options: CallerOptions,
  ) {
    this.scenarioId = playbook.id;
    this.phrases = [...new Set(phraseIntents.flatMap((intent) => playbook.phrases[intent]))];
    this.script = { playbook, seed: options.seed };
    this.classify = callerIntentClassifier(playbook);
    this.state = startState(playbook);
  }

  get ended(): CallerEnd | null {
    return this.state.end;
  }

  answerableEarly(words: string): boolean {
    if (this.state.end !== null || typeof words !== "string") return false;
    return answerableEarlyIntents.has(decideSpeech([words], this.playbook.goal.kind).intent);
  }

  opening(overrides: { firstMessage?: string; variables?: Record<string, string> } = {}): CallerReply {
    return this.advance((state) => openCall(this.script, state, overrides)).reply;
  }

  async respond(turn: VisitorTurn): Promise<CallerReply> {
    if (this.state.end !== null) return { text: "", end: this.state.end };
    const intent = this.classify(turn);
    // What the caller quotes back (debrief, writer): the visitor's words, unless the turn was not understood.
    const heard = typeof turn.text === "string" ? turn.text.trim().slice(0, maxQuotedLength) : "";
    const visitorSaid = intent === "unclear" || heard === "" ? null : heard;
    // The turn is decided and recorded before the await, so overlapping calls stay consistent.
    const step = this.advance((state) => answerTurn(this.script, state, intent, visitorSaid));
    if (this.options.llm === undefined || step.direction === undefined) return step.reply;

    const { variables, history } = step.state;
    const text = await writeLine(this.options.llm, {
      instructions: callerInstructions(this.playbook, (line) => fillLine(variables, line)),
      history: history.slice(0, -1),
      direction: step.direction,
      scripted: step.reply.text,
    });
    this.advance((state) => ({ state: reworded(state, step.line, text) }));
    return { ...step.reply, text };
  }

  silence(kind: "prompt" | "end"): CallerReply {
    if (this.state.end !== null) return { text: "", end: this.state.end };
    return this.advance((state) => answerSilence(this.script, state, kind)).reply;
  }

  debrief(reason: DebriefReason): Debrief {
    return debriefOf(this.script, this.state, reason);
  }

  /** The one place the call's state changes: a step reads the state it is given and returns the next. */
  private advance<T extends { state: DialogueState }>(step: (state: DialogueState) => T): T {
    const result = step(this.state);
    this.state = result.state;
    return result;
  }
}
