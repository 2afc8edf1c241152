/**
 * The caller's dialogue as a state and pure steps over it: each step takes the call so far and
 * returns the reply with the next state, so a session applies a turn in one assignment and two
 * turns in flight at once never see half of each other.
 */
import { buildDebrief, listOf, type CallerEnd, type Debrief, type DebriefReason, type Ending } from "./debrief";
import type { Intent } from "./intents";
import type { ConversationEntry } from "./llm";
import type { Playbook, Tactic, TaggedLine } from "./playbook-schema";
import { clipAtSentence } from "./spoken-text";
import { fillLine, sanitiseVariables } from "./variables";

export type CallerReply = {
  text: string;
  /** Every tactic the line uses, the most prominent first (the playbook's tags); absent for a line that presses with none. */
  tactics?: readonly Tactic[];
  end?: CallerEnd;
};

/** What stays the same for the whole call. */
export type Script = {
  playbook: Playbook;
  /** Varies which of the playbook's alternative lines come first; without it the first line of each list is used first. */
  seed: number | undefined;
};

/** The call so far. Steps return a new one; none is changed in place. */
export type DialogueState = {
  readonly variables: Readonly<Record<string, string>>;
  /** How many times each list of alternative lines has been drawn from. */
  readonly rotations: Readonly<Record<string, number>>;
  readonly history: readonly ConversationEntry[];
  /** The lines that pressed the visitor, each with its tags. */
  readonly tacticsUsed: readonly { readonly tactics: readonly Tactic[]; readonly line: string }[];
  readonly openingReply: CallerReply | undefined;
  readonly lastLine: string;
  readonly lastTactics: readonly Tactic[] | undefined;
  readonly escalations: number;
  readonly refusals: number;
  readonly callbackOffers: number;
  readonly turns: number;
  /** Unclear turns since the last one the caller understood (or since it last pressed on regardless). */
  readonly unclearInRow: number;
  /** The visitor's latest refusal or call-back offer: asking questions alone is not holding firm. */
  readonly lastPushback: string | null | undefined;
  readonly ending: Ending | undefined;
  /** How the call ended, once a reply has carried `end`; null while it is going on. */
  readonly end: CallerEnd | null;
};

/** Where a spoken line sits in the state, so the optional writer's wording can replace it later. */
export type LineRef = { history: number; used?: number };

/** One step's result: the reply and the state after it. */
export type Step = { reply: CallerReply; state: DialogueState };

/** A visitor's turn answered: the scripted reply, where its line sits, and what the optional writer is told (absent: the line is used as is). */
export type TurnStep = Step & { line: LineRef; direction?: string };

/** The second unclear turn in a row gets the next tactic instead of another "bad line". */
const unclearTurnsBeforePressingOn = 2;

/** What the state machine decided for one turn, before the optional writer words it. */
type Plan = {
  scripted: string;
  tactics?: readonly Tactic[];
  end?: CallerEnd;
  direction?: string;
};

type Planned = { plan: Plan; state: DialogueState };

export function startState(playbook: Playbook): DialogueState {
  return {
    variables: { ...playbook.variables },
    rotations: {},
    history: [],
    tacticsUsed: [],
    openingReply: undefined,
    lastLine: "",
    lastTactics: undefined,
    escalations: 0,
    refusals: 0,
    callbackOffers: 0,
    turns: 0,
    unclearInRow: 0,
    lastPushback: undefined,
    ending: undefined,
    end: null,
  };
}

/** The caller's first line, once: the call's variables are fixed here, and a repeated call gives the same reply. */
export function openCall(script: Script, state: DialogueState, overrides: { firstMessage?: string; variables?: Record<string, string> }): Step {
  if (state.openingReply !== undefined) return { reply: state.openingReply, state };
  const { playbook } = script;
  const variables = { ...playbook.variables, ...sanitiseVariables(overrides.variables) };
  const firstMessage = overrides.firstMessage?.trim();
  const reply: CallerReply =
    firstMessage !== undefined && firstMessage !== ""
      ? { text: clipAtSentence(fillLine(variables, firstMessage)) }
      : withTactics({ text: fillLine(variables, playbook.opening.line) }, playbook.opening.tactics);
  return { reply, state: say({ ...state, variables, openingReply: reply }, reply.text, reply.tactics).state };
}

/** The reply to a visitor's turn of a call still going on; `visitorSaid` is what the caller may quote back (null: nothing). */
export function answerTurn(script: Script, state: DialogueState, intent: Intent, visitorSaid: string | null): TurnStep {
  const heard: DialogueState = {
    ...state,
    unclearInRow: intent === "unclear" ? state.unclearInRow + 1 : 0,
    turns: state.turns + 1,
    history: [...state.history, { speaker: "visitor", text: visitorSaid }],
  };
  const { plan, state: planned } = outOfPatience(script, planTurn(script, heard, intent, visitorSaid), visitorSaid);
  const spoken = say(plan.end === undefined ? planned : { ...planned, end: plan.end }, plan.scripted, plan.tactics);
  return {
    reply: withEnd(withTactics({ text: spoken.text }, plan.tactics), plan.end),
    state: spoken.state,
    line: spoken.line,
    ...(plan.direction !== undefined ? { direction: plan.direction } : {}),
  };
}

/**
 * The visitor has said nothing: after the turn timeout a re-prompt in the caller's words
 * (`"prompt"`), after the silence timeout the closing line, which ends the call (`"end"`).
 */
export function answerSilence(script: Script, state: DialogueState, kind: "prompt" | "end"): Step {
  const { silence } = script.playbook.reactions;
  if (kind === "prompt") {
    const [line, next] = pick(script, state, "silencePrompt", silence.prompts);
    const spoken = say(next, line, undefined);
    return { reply: { text: spoken.text }, state: spoken.state };
  }
  const [line, next] = pick(script, state, "silenceGiveUp", silence.giveUp);
  const spoken = say({ ...next, end: "silent", ending: { by: "visitor", end: "silent", visitorSaid: null } }, line, undefined);
  return { reply: { text: spoken.text, end: "silent" }, state: spoken.state };
}

/** The optional writer's wording in place of a scripted line, wherever the call has got to since. */
export function reworded(state: DialogueState, at: LineRef, text: string): DialogueState {
  const scripted = state.history[at.history]?.text;
  return {
    ...state,
    history: state.history.map((entry, index) => (index === at.history ? { ...entry, text } : entry)),
    tacticsUsed: at.used === undefined ? state.tacticsUsed : state.tacticsUsed.map((used, index) => (index === at.used ? { ...used, line: text } : used)),
    lastLine: state.lastLine === scripted ? text : state.lastLine,
  };
}

export function debriefOf(script: Script, state: DialogueState, reason: DebriefReason): Debrief {
  const lastVisitorText = [...state.history].reverse().find((entry) => entry.speaker === "visitor")?.text ?? null;
  const ending: Ending =
    state.ending ?? (reason === "time-limit" ? { by: "time-limit", visitorSaid: lastVisitorText } : { by: "outside", reason, visitorSaid: lastVisitorText });
  return buildDebrief({
    playbook: script.playbook,
    ending,
    tacticsUsed: state.tacticsUsed,
    pushbacks: state.refusals + Math.min(state.callbackOffers, script.playbook.reactions.callbackOffer.length),
    turns: state.turns,
  });
}

function planTurn(script: Script, state: DialogueState, intent: Intent, visitorSaid: string | null): Planned {
  const { reactions, goal } = script.playbook;
  switch (intent) {
    case "comply": {
      // The hand-over rule (scripts/agents/prompt.ts): what a complying visitor says may hold the secret, so it is never quoted back.
      const [line, next] = pick(script, state, "compliance", reactions.compliance);
      return {
        state: finished(next, "complied", null),
        plan: {
          scripted: line,
          end: "complied",
          direction: `The visitor has just agreed to hand over ${goal.item}, or started to. Thank them briefly, keep it sounding routine, never repeat anything they said, and end the call.`,
        },
      };
    }
    case "verify": {
      const [line, next] = pick(script, state, "verification", reactions.verification);
      return {
        state: finished(next, "verified", visitorSaid),
        plan: {
          scripted: line,
          end: "verified",
          direction: "The visitor is going to check through an official channel you cannot control. Back off without a fuss and end the call.",
        },
      };
    }
    case "goodbye": {
      const [line, next] = pick(script, state, "goodbye", reactions.goodbye);
      return {
        state: finished(next, "hung-up", visitorSaid),
        plan: { scripted: line, end: "hung-up", direction: "The visitor is ending the call. React in one short sentence as they hang up." },
      };
    }
    case "refuse":
      return refusal(script, state, visitorSaid);
    case "offer_callback": {
      const offered = { ...state, lastPushback: visitorSaid, callbackOffers: state.callbackOffers + 1 };
      if (offered.callbackOffers > reactions.callbackOffer.length) return refusal(script, offered, visitorSaid);
      const [line, next] = pick(script, offered, "callbackOffer", reactions.callbackOffer);
      return pressing(next, line, (tactics) => `The visitor offered to call you back or to do this later. Deflect it using ${tactics} and keep them on this call.`);
    }
    case "ask_identity": {
      const [line, next] = pick(script, state, "askIdentity", reactions.askIdentity);
      return pressing(next, line, (tactics) => `The visitor asked who you are. Give a plausible name, team and one detail they could check, using ${tactics}, then steer back to your request.`);
    }
    case "ask_purpose": {
      const [line, next] = pick(script, state, "askPurpose", reactions.askPurpose);
      return pressing(next, line, (tactics) => `The visitor asked what the call is about. Explain your cover story using ${tactics}, then ask for ${goal.item} again.`);
    }
    case "ask_repeat": {
      // Repeating is not a new use of the tactics, so the debrief does not count it twice.
      if (state.lastLine !== "") return { state, plan: { scripted: state.lastLine, tactics: state.lastTactics } };
      const [line, next] = pick(script, state, "badLine", reactions.badLine);
      return { state: next, plan: { scripted: line, tactics: state.lastTactics } };
    }
    case "unclear": {
      // Asking a third time is not how a caller with a script behaves: after two unclear turns in a row it presses on.
      if (state.unclearInRow >= unclearTurnsBeforePressingOn) return escalate(script, { ...state, unclearInRow: 0 });
      const [line, next] = pick(script, state, "badLine", reactions.badLine);
      return { state: next, plan: { scripted: line } };
    }
    case "small_talk":
    case "other":
      return escalate(script, state);
  }
}

/** The next line of the escalation: one step per non-committal answer, in the playbook's order, then round again with the next line. */
function escalate(script: Script, state: DialogueState): Planned {
  const step = state.escalations;
  const steps = script.playbook.tactics;
  const entry = steps[step % steps.length]!;
  const round = Math.floor(step / steps.length);
  const line = entry.lines[(round + offset(script, `tactic:${entry.tactic}`)) % entry.lines.length]!;
  return pressing({ ...state, escalations: step + 1 }, line, (tactics) => `The visitor has not given you ${script.playbook.goal.item} yet. Press for it using ${tactics}.`);
}

/** Push once or twice (as many pushes as the playbook has), then give up. */
function refusal(script: Script, state: DialogueState, visitorSaid: string | null): Planned {
  const { refusal } = script.playbook.reactions;
  const refused = { ...state, lastPushback: visitorSaid, refusals: state.refusals + 1 };
  const push = refusal.pushes[refused.refusals - 1];
  if (push !== undefined) return pressing(refused, push, (tactics) => `The visitor refused. Push back once more using ${tactics}.`);
  const [line, next] = pick(script, refused, "giveUp", refusal.giveUp);
  return {
    state: finished(next, "refused", visitorSaid),
    plan: { scripted: line, end: "refused", direction: "The visitor refused again. Give up, irritated, and end the call." },
  };
}

/** The caller's patience is bounded: an undecided call ends after the playbook's maxTurns. */
function outOfPatience(script: Script, planned: Planned, visitorSaid: string | null): Planned {
  const { plan, state } = planned;
  if (plan.end !== undefined || state.turns < script.playbook.maxTurns) return planned;
  const end: CallerEnd = state.lastPushback !== undefined ? "refused" : "hung-up";
  const [line, next] = pick(script, state, "outOfPatience", script.playbook.reactions.outOfPatience);
  return {
    state: { ...next, ending: { by: "caller-out-of-patience", end, visitorSaid: state.lastPushback !== undefined ? state.lastPushback : visitorSaid } },
    plan: { scripted: line, end, direction: "You have run out of patience. Give up on this call and end it." },
  };
}

function finished(state: DialogueState, end: CallerEnd, visitorSaid: string | null): DialogueState {
  return { ...state, ending: { by: "visitor", end, visitorSaid } };
}

/** Records a line as spoken (and, with tactics, as used), filled with the call's variables. */
function say(state: DialogueState, scripted: string, tactics: readonly Tactic[] | undefined): { text: string; line: LineRef; state: DialogueState } {
  const text = fillLine(state.variables, scripted);
  // The same line with the same tags again is a repeat (ask_repeat), not a second use.
  const repeated = tactics !== undefined && state.lastTactics === tactics && state.lastLine === text;
  const used = tactics !== undefined && !repeated ? { tactics: [...tactics], line: text } : undefined;
  return {
    text,
    line: { history: state.history.length, ...(used !== undefined ? { used: state.tacticsUsed.length } : {}) },
    state: {
      ...state,
      history: [...state.history, { speaker: "caller", text }],
      tacticsUsed: used !== undefined ? [...state.tacticsUsed, used] : state.tacticsUsed,
      lastLine: text,
      lastTactics: tactics,
    },
  };
}

/** The next of a list of alternative lines, and the state that has drawn it. */
function pick<T>(script: Script, state: DialogueState, key: string, lines: readonly T[]): [T, DialogueState] {
  const count = state.rotations[key] ?? 0;
  return [lines[(count + offset(script, key)) % lines.length]!, { ...state, rotations: { ...state.rotations, [key]: count + 1 } }];
}

function offset(script: Script, key: string): number {
  return script.seed === undefined ? 0 : fnv1a(`${script.seed}:${key}`);
}

/** A plan for a line that presses the visitor: its tags go to the debrief, and the writer is told to use the same ones. */
function pressing(state: DialogueState, tagged: TaggedLine, direction: (tactics: string) => string): Planned {
  return { state, plan: { scripted: tagged.line, tactics: tagged.tactics, direction: direction(listOf(tagged.tactics)) } };
}

function withTactics(reply: CallerReply, tactics: readonly Tactic[] | undefined): CallerReply {
  return tactics === undefined ? reply : { ...reply, tactics };
}

function withEnd(reply: CallerReply, end: CallerEnd | undefined): CallerReply {
  return end === undefined ? reply : { ...reply, end };
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
