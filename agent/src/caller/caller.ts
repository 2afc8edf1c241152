import { fillPlaceholders, variableValue } from "@mockingbird/contract/call-variables";
import { scenarioIds as contractScenarioIds } from "@mockingbird/contract/scenarios";
import { buildDebrief, listOf, type CallerEnd, type Debrief, type DebriefReason, type Ending } from "./debrief";
import { createTurnDecider, decideSpeech, type Intent, type IntentClassifier, type TurnDecider, type VisitorTurn } from "./intents";
import { writeLine, callerInstructions, type ConversationEntry, type LlmConfig } from "./llm";
import { phraseIntents, type Playbook, type Tactic, type TaggedLine } from "./playbook-schema";
import { loadPlaybooks } from "./playbooks";
import { createSimilarIntent, type SimilarIntent } from "./similar-intent";
import { clipAtSentence } from "./spoken-text";
import { labelledVisitorSentences } from "./visitor-sentences";
import { answerableEarlyIntents } from "./tuning";

export type { Tactic } from "./playbook-schema";
export type { CallerEnd, Debrief, DebriefReason } from "./debrief";
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

export type CallerReply = {
  text: string;
  /** Every tactic the line uses, the most prominent first (the playbook's tags); absent for a line that presses with none. */
  tactics?: readonly Tactic[];
  end?: CallerEnd;
};

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
  const fill = (line: string) =>
    fillPlaceholders(line, (name) => String(variableValue(playbook.variables, name) ?? ""))
      .replace(/\s+([,.?!])/g, "$1")
      .replace(/\s+/g, " ")
      .trim();
  return [...new Set(lines.map(fill))];
}

/** Built once per playbook: every call of a scenario reads unclear speech by the same sentences. */
const similarIntents = new WeakMap<Playbook, SimilarIntent>();

/** How the caller reads a turn in this playbook, and which rule decided it: the rulebook, with the similar-sentence fallback for speech. */
export function callerTurnDecider(playbook: Playbook): TurnDecider {
  let similar = similarIntents.get(playbook);
  if (!similar) {
    similar = createSimilarIntent(labelledVisitorSentences(playbook));
    similarIntents.set(playbook, similar);
  }
  return createTurnDecider(playbook, similar);
}

export function callerIntentClassifier(playbook: Playbook): IntentClassifier {
  const decide = callerTurnDecider(playbook);
  return (turn) => decide(turn).intent;
}

export function createCaller(scenarioId: string, options: CallerOptions = {}): CallerSession {
  const playbook = (options.playbooks ?? loadPlaybooks()).get(scenarioId);
  if (playbook === undefined) throw new UnknownScenarioError(scenarioId);
  return new Caller(playbook, options);
}

/** A visitor's own words are bounded before they travel on in the debrief. */
const maxQuotedLength = 500;
/** The second unclear turn in a row gets the next tactic instead of another "bad line". */
const unclearTurnsBeforePressingOn = 2;
/** Dynamic variables come from the browser; they are spoken, so they are kept short and plain. */
const maxVariableLength = 80;

/** What the state machine decided for one turn, before the optional writer words it. */
type Plan = {
  scripted: string;
  tactics?: readonly Tactic[];
  end?: CallerEnd;
  /** For the optional writer; absent when the scripted line must be used as is. */
  direction?: string;
};

class Caller implements CallerSession {
  readonly scenarioId: string;
  readonly phrases: readonly string[];

  private readonly classify: IntentClassifier;
  private variables: Record<string, string>;
  private readonly rotations = new Map<string, number>();
  private readonly history: ConversationEntry[] = [];
  private readonly tacticsUsed: { tactics: Tactic[]; line: string }[] = [];
  private openingReply: CallerReply | undefined;
  private lastLine = "";
  private lastTactics: readonly Tactic[] | undefined;
  private escalations = 0;
  private refusals = 0;
  private callbackOffers = 0;
  private turns = 0;
  /** Unclear turns since the last one the caller understood (or since it last pressed on regardless). */
  private unclearInRow = 0;
  /** The visitor's latest refusal or call-back offer: asking questions alone is not holding firm. */
  private lastPushback: string | null | undefined;
  private ending: Ending | undefined;
  private end: CallerEnd | null = null;

  constructor(
    private readonly playbook: Playbook,
    private readonly options: CallerOptions,
  ) {
    this.scenarioId = playbook.id;
    this.phrases = [...new Set(phraseIntents.flatMap((intent) => playbook.phrases[intent]))];
    this.classify = callerIntentClassifier(playbook);
    this.variables = { ...playbook.variables };
  }

  get ended(): CallerEnd | null {
    return this.end;
  }

  answerableEarly(words: string): boolean {
    if (this.end !== null || typeof words !== "string") return false;
    return answerableEarlyIntents.has(decideSpeech([words], this.playbook.goal.kind).intent);
  }

  opening(overrides: { firstMessage?: string; variables?: Record<string, string> } = {}): CallerReply {
    if (this.openingReply !== undefined) return this.openingReply;
    this.variables = { ...this.playbook.variables, ...sanitiseVariables(overrides.variables) };
    const firstMessage = overrides.firstMessage?.trim();
    const reply: CallerReply =
      firstMessage !== undefined && firstMessage !== ""
        ? { text: clipAtSentence(this.fill(firstMessage)) }
        : withTactics({ text: this.fill(this.playbook.opening.line) }, this.playbook.opening.tactics);
    this.openingReply = reply;
    this.say(reply.text, reply.tactics);
    return reply;
  }

  async respond(turn: VisitorTurn): Promise<CallerReply> {
    if (this.end !== null) return { text: "", end: this.end };
    const intent = this.classify(turn);
    // What the caller quotes back (debrief, writer): the visitor's words, unless the turn was not understood.
    const heard = typeof turn.text === "string" ? turn.text.trim().slice(0, maxQuotedLength) : "";
    const visitorSaid = intent === "unclear" || heard === "" ? null : heard;
    this.unclearInRow = intent === "unclear" ? this.unclearInRow + 1 : 0;
    this.turns += 1;
    this.history.push({ speaker: "visitor", text: visitorSaid });

    // Everything that changes state happens before the await, so overlapping calls stay consistent.
    const plan = this.boundedPlan(this.plan(intent, visitorSaid), visitorSaid);
    if (plan.end !== undefined) this.end = plan.end;
    const spoken = this.say(plan.scripted, plan.tactics);

    if (this.options.llm !== undefined && plan.direction !== undefined) {
      spoken.set(
        await writeLine(this.options.llm, {
          instructions: callerInstructions(this.playbook, (text) => this.fill(text)),
          history: this.history.slice(0, -1),
          direction: plan.direction,
          scripted: spoken.text(),
        }),
      );
    }
    return withEnd(withTactics({ text: spoken.text() }, plan.tactics), plan.end);
  }

  silence(kind: "prompt" | "end"): CallerReply {
    if (this.end !== null) return { text: "", end: this.end };
    const { silence } = this.playbook.reactions;
    if (kind === "prompt") return { text: this.say(this.pick("silencePrompt", silence.prompts), undefined).text() };
    this.end = "silent";
    this.ending = { by: "visitor", end: "silent", visitorSaid: null };
    return { text: this.say(this.pick("silenceGiveUp", silence.giveUp), undefined).text(), end: "silent" };
  }

  debrief(reason: DebriefReason): Debrief {
    const lastVisitorText = [...this.history].reverse().find((entry) => entry.speaker === "visitor")?.text ?? null;
    const ending: Ending =
      this.ending ?? (reason === "time-limit" ? { by: "time-limit", visitorSaid: lastVisitorText } : { by: "outside", reason, visitorSaid: lastVisitorText });
    return buildDebrief({
      playbook: this.playbook,
      ending,
      tacticsUsed: this.tacticsUsed,
      pushbacks: this.refusals + Math.min(this.callbackOffers, this.playbook.reactions.callbackOffer.length),
      turns: this.turns,
    });
  }

  private plan(intent: Intent, visitorSaid: string | null): Plan {
    const { reactions, goal } = this.playbook;
    switch (intent) {
      case "comply":
        // The hand-over rule (scripts/agents/prompt.ts): what a complying visitor says may hold the secret, so it is never quoted back.
        this.finish("complied", null);
        return {
          scripted: this.pick("compliance", reactions.compliance),
          end: "complied",
          direction: `The visitor has just agreed to hand over ${goal.item}, or started to. Thank them briefly, keep it sounding routine, never repeat anything they said, and end the call.`,
        };
      case "verify":
        this.finish("verified", visitorSaid);
        return {
          scripted: this.pick("verification", reactions.verification),
          end: "verified",
          direction: "The visitor is going to check through an official channel you cannot control. Back off without a fuss and end the call.",
        };
      case "goodbye":
        this.finish("hung-up", visitorSaid);
        return {
          scripted: this.pick("goodbye", reactions.goodbye),
          end: "hung-up",
          direction: "The visitor is ending the call. React in one short sentence as they hang up.",
        };
      case "refuse":
        return this.refusal(visitorSaid);
      case "offer_callback":
        this.lastPushback = visitorSaid;
        this.callbackOffers += 1;
        if (this.callbackOffers > reactions.callbackOffer.length) return this.refusal(visitorSaid);
        return pressing(
          this.pick("callbackOffer", reactions.callbackOffer),
          (tactics) => `The visitor offered to call you back or to do this later. Deflect it using ${tactics} and keep them on this call.`,
        );
      case "ask_identity":
        return pressing(
          this.pick("askIdentity", reactions.askIdentity),
          (tactics) => `The visitor asked who you are. Give a plausible name, team and one detail they could check, using ${tactics}, then steer back to your request.`,
        );
      case "ask_purpose":
        return pressing(
          this.pick("askPurpose", reactions.askPurpose),
          (tactics) => `The visitor asked what the call is about. Explain your cover story using ${tactics}, then ask for ${goal.item} again.`,
        );
      case "ask_repeat":
        // Repeating is not a new use of the tactics, so the debrief does not count it twice.
        return { scripted: this.lastLine === "" ? this.pick("badLine", reactions.badLine) : this.lastLine, tactics: this.lastTactics };
      case "unclear":
        // Asking a third time is not how a caller with a script behaves: after two unclear turns in a row it presses on.
        if (this.unclearInRow >= unclearTurnsBeforePressingOn) {
          this.unclearInRow = 0;
          return this.escalate();
        }
        return { scripted: this.pick("badLine", reactions.badLine) };
      case "small_talk":
      case "other":
        return this.escalate();
    }
  }

  /** The next line of the escalation: one step per non-committal answer, in the playbook's order, then round again with the next line. */
  private escalate(): Plan {
    const step = this.escalations++;
    const steps = this.playbook.tactics;
    const entry = steps[step % steps.length]!;
    const round = Math.floor(step / steps.length);
    const line = entry.lines[(round + this.offset(`tactic:${entry.tactic}`)) % entry.lines.length]!;
    return pressing(line, (tactics) => `The visitor has not given you ${this.playbook.goal.item} yet. Press for it using ${tactics}.`);
  }

  /** Push once or twice (as many pushes as the playbook has), then give up. */
  private refusal(visitorSaid: string | null): Plan {
    const { refusal } = this.playbook.reactions;
    this.lastPushback = visitorSaid;
    this.refusals += 1;
    const push = refusal.pushes[this.refusals - 1];
    if (push !== undefined) return pressing(push, (tactics) => `The visitor refused. Push back once more using ${tactics}.`);
    this.finish("refused", visitorSaid);
    return {
      scripted: this.pick("giveUp", refusal.giveUp),
      end: "refused",
      direction: "The visitor refused again. Give up, irritated, and end the call.",
    };
  }

  /** The caller's patience is bounded: an undecided call ends after the playbook's maxTurns. */
  private boundedPlan(plan: Plan, visitorSaid: string | null): Plan {
    if (plan.end !== undefined || this.turns < this.playbook.maxTurns) return plan;
    const end: CallerEnd = this.lastPushback !== undefined ? "refused" : "hung-up";
    this.ending = { by: "caller-out-of-patience", end, visitorSaid: this.lastPushback !== undefined ? this.lastPushback : visitorSaid };
    return {
      scripted: this.pick("outOfPatience", this.playbook.reactions.outOfPatience),
      end,
      direction: "You have run out of patience. Give up on this call and end it.",
    };
  }

  private finish(end: CallerEnd, visitorSaid: string | null): void {
    this.ending = { by: "visitor", end, visitorSaid };
  }

  /** Records a line as spoken (and, with tactics, as used); returns a handle to reword it once the writer answers. */
  private say(scripted: string, tactics: readonly Tactic[] | undefined): { text(): string; set(text: string): void } {
    const entry: ConversationEntry = { speaker: "caller", text: this.fill(scripted) };
    this.history.push(entry);
    // The same line with the same tags again is a repeat (ask_repeat), not a second use.
    const repeated = tactics !== undefined && this.lastTactics === tactics && this.lastLine === entry.text;
    const used = tactics !== undefined && !repeated ? { tactics: [...tactics], line: entry.text ?? "" } : undefined;
    if (used !== undefined) this.tacticsUsed.push(used);
    this.lastLine = entry.text ?? "";
    this.lastTactics = tactics;
    return {
      text: () => entry.text ?? "",
      set: (text) => {
        if (this.lastLine === entry.text) this.lastLine = text;
        entry.text = text;
        if (used !== undefined) used.line = text;
      },
    };
  }

  private pick<T>(key: string, lines: readonly T[]): T {
    const count = this.rotations.get(key) ?? 0;
    this.rotations.set(key, count + 1);
    return lines[(count + this.offset(key)) % lines.length]!;
  }

  private offset(key: string): number {
    return this.options.seed === undefined ? 0 : fnv1a(`${this.options.seed}:${key}`);
  }

  private fill(text: string): string {
    // The call's own keys only: {{constructor}} must not reach what every object inherits.
    return fillPlaceholders(text, (name) => String(variableValue(this.variables, name) ?? ""))
      .replace(/\s+([,.?!])/g, "$1")
      .replace(/\s+/g, " ")
      .trim();
  }
}

function withTactics(reply: CallerReply, tactics: readonly Tactic[] | undefined): CallerReply {
  return tactics === undefined ? reply : { ...reply, tactics };
}

/** A plan for a line that presses the visitor: its tags go to the debrief, and the writer is told to use the same ones. */
function pressing(tagged: TaggedLine, direction: (tactics: string) => string): Plan {
  return { scripted: tagged.line, tactics: tagged.tactics, direction: direction(listOf(tagged.tactics)) };
}

function withEnd(reply: CallerReply, end: CallerEnd | undefined): CallerReply {
  return end === undefined ? reply : { ...reply, end };
}

function sanitiseVariables(variables: Record<string, unknown> | undefined): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(variables ?? {})) {
    if (!/^[a-zA-Z][a-zA-Z0-9_]*$/.test(name)) continue;
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") continue;
    const text = String(value)
      .replace(/[\u0000-\u001f\u007f{}]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, maxVariableLength);
    if (text !== "") clean[name] = text;
  }
  return clean;
}

/** A small stable hash, so a seed picks the same lines on every run and every Node version. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
