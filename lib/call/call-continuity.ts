/**
 * How a call carries on when something interrupts it, as pure decisions and transitions the
 * widget (components/call-widget/use-call.ts) follows beside the call's own state machine
 * (call-state.ts):
 * - a failure before the call connects is retried once, automatically, when it is transient;
 * - a call whose socket drops mid-call can be started again in one press (Call again), with
 *   the same scenario and channel and no new consent;
 * - a voice call can go quiet (Type instead: microphone muted, typed replies) and come back.
 * Which failures are retried and which stops are drops is connect-retry.ts, apart because only
 * the on-intent call chunk consults it: the page's own JavaScript carries just these transitions.
 */
import type { ScenarioId } from "@mockingbird/contract/scenarios";
import type { CallChannel } from "./call-state";

/** The call the visitor asked for: what Call again and Continue by voice start again without asking. */
export type CallPlan = { readonly channel: CallChannel; readonly scenario: ScenarioId };

export type ContinuityState = {
  plan: CallPlan | null;
  /** "retrying": a failure before connecting is being retried; "dropped": the last call's socket dropped mid-call. */
  recovery: "none" | "retrying" | "dropped";
  /** A voice call the visitor is typing in: its microphone muted and its controls hidden. */
  typingInstead: boolean;
};

export type ContinuityEvent =
  /** Start Call, Reply by typing, Call again or Continue by voice. */
  | { type: "start"; plan: CallPlan }
  | { type: "retrying" }
  | { type: "connected" }
  /** The call stopped; `dropped` when its socket dropped mid-call (see isDrop). */
  | { type: "stopped"; dropped: boolean }
  | { type: "type-instead" }
  | { type: "talk-instead" };

export const initialContinuity: ContinuityState = { plan: null, recovery: "none", typingInstead: false };

export function continuityReducer(state: ContinuityState, event: ContinuityEvent): ContinuityState {
  switch (event.type) {
    case "start":
      return { plan: event.plan, recovery: "none", typingInstead: false };
    case "retrying":
      return state.plan === null ? state : { ...state, recovery: "retrying" };
    case "connected":
      return { ...state, recovery: "none" };
    case "stopped":
      return { ...state, recovery: event.dropped && state.plan !== null ? "dropped" : "none", typingInstead: false };
    case "type-instead":
      // A typed call has no microphone to mute.
      return state.plan?.channel === "voice" && state.recovery === "none" ? { ...state, typingInstead: true } : state;
    case "talk-instead":
      return { ...state, typingInstead: false };
  }
}

/** Call again is offered once a call dropped, until another call starts. */
export function canCallAgain(state: ContinuityState): boolean {
  return state.recovery === "dropped" && state.plan !== null;
}

/** Long enough for a dropped network or a restarting server to come back, short enough to feel like one connect. */
export const RETRY_DELAY_MS = 1_000;
