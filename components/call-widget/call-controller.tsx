"use client";

import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { callWidgetText as text } from "@/content/call/shell";
import type { CallChannel } from "@/lib/call/call-state";
import { openAudioOutputInGesture } from "@/lib/call/audio-unlock";
import { callMarks, clearCallMarks, markCall } from "@/lib/call/call-marks";
import { canCallAgain, hasDebrief, type MachineState } from "@/lib/call/call-machine";
import { CallAgainButton } from "./call-again-button";
import { useCall } from "./use-call";
import { useRevealOnAppear } from "./use-reveal";

const badgeBase = "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold";
const buttonBase =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold transition-colors duration-300 disabled:cursor-not-allowed";

export type CallControllerProps = {
  scenarioPicker: ReactNode;
  consentNote: ReactNode;
  /** What a visitor without JavaScript reads instead of the buttons (server-rendered, so its words ship in no script). */
  noScriptNote: ReactNode;
  /** A link target at the scenario picker, so a link to it brings the picker and Start Call into view together. */
  anchorId?: string;
};

/** The widget's client island: badges, buttons and, once the visitor shows intent, the call engine and live panel. */
export function CallController({ scenarioPicker, consentNote, noScriptNote, anchorId }: CallControllerProps) {
  const { machine, engine, active, controls, preload, start, continueByVoice, leaves } = useCall();
  const state = machine.call;
  const alert = useRef<HTMLDivElement>(null);
  // An ending's reason is in its debrief, which comes into view itself; an error without one is shown here.
  useRevealOnAppear(alert, !hasDebrief(machine) && state.error, "nearest");
  const callButton = useRef<HTMLButtonElement>(null);
  const typedButton = useRef<HTMLButtonElement>(null);
  const againButton = useRef<HTMLButtonElement>(null);
  /**
   * The button a keyboard user started the call with. Start Call is disabled and the typed
   * button removed while connecting, which drops the focus to <body>; it is put back when
   * connecting ends, so Enter can end the call (or retry) without hunting for the button.
   */
  const focusReturn = useRef<CallChannel | null>(null);

  useEffect(() => {
    if (state.phase === "connecting" || focusReturn.current === null) return;
    const channel = focusReturn.current;
    focusReturn.current = null;
    // Only when the focus was lost: a typed call's reply box takes it on its own.
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    (state.phase === "idle" && channel === "typed" ? typedButton.current : callButton.current)?.focus();
  }, [state.phase]);

  // A call that drops takes its live controls with it: a focus lost with them goes to Call again.
  useEffect(() => {
    if (machine.recovery !== "dropped") return;
    if (document.activeElement === null || document.activeElement === document.body) againButton.current?.focus();
  }, [machine.recovery]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.phase === "connected") return leaves.end();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const again = submitter?.getAttribute("value") === "again" ? machine.plan : null;
    const channel: CallChannel = again?.channel ?? (submitter?.getAttribute("value") === "typed" ? "typed" : "voice");
    if (state.phase !== "idle") return;
    // Inside the visitor's gesture, before anything awaits: WebKit plays the caller only through a context
    // started here, and every engine opens its speaker while the call connects.
    const audio = channel === "voice" ? openAudioOutputInGesture() : null;
    clearCallMarks();
    markCall(callMarks.start);
    focusReturn.current = submitter !== null && submitter === document.activeElement ? channel : null;
    // Call again starts the dropped call's scenario, whatever the picker shows now.
    void start(channel, again?.scenario ?? new FormData(event.currentTarget).get("scenario"), audio);
  };

  const onContinueByVoice = () => {
    if (!machine.plan) return;
    // In the visitor's tap, as for Start Call; the button goes with the typed call, End Call takes the focus once connected.
    const audio = openAudioOutputInGesture();
    clearCallMarks();
    markCall(callMarks.start);
    focusReturn.current = "voice";
    continueByVoice(audio);
  };

  const live = state.phase !== "idle";
  const intent = { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
  const showConsent = !live && state.captions.length === 0 && !hasDebrief(machine);

  return (
    <div id={anchorId} className="mt-5 scroll-mt-4">
      {/*
        The badges' row stands from the start of a call until the next one starts, so a badge
        never moves what is below it. Before the first call it takes no room: the consent note
        gives way to it in the same press, and Start Call stays on the first screen.
      */}
      {!showConsent && (
        <div className="flex min-h-7 flex-wrap items-center gap-2">
          {state.phase === "connected" && (
            <span className={`${badgeBase} bg-green-950 text-green-300 ring-1 ring-green-700`}>
              <span aria-hidden="true" className="size-2 rounded-full bg-green-400" />
              {text.badges.connected}
            </span>
          )}
          {state.phase === "connecting" && (
            <span className={`${badgeBase} bg-yellow-300 text-neutral-950`}>{machine.recovery === "retrying" ? text.badges.retrying : text.badges.connecting}</span>
          )}
          {live && <span className={`${badgeBase} bg-white/10 text-white ring-1 ring-white/30`}>{text.simulationLabel}</span>}
        </div>
      )}
      <div ref={alert} role="alert" className="scroll-mt-4 empty:hidden">
        {state.error && (
          <p className={`${badgeBase} mt-2 rounded-2xl bg-red-950 py-2 text-sm text-red-100 ring-1 ring-red-700`} data-testid="call-error">
            {state.error}
          </p>
        )}
      </div>
      <p role="status" className="sr-only">
        {state.phase === "connected" && state.notice ? state.notice : statusText(machine)}
      </p>

      <form onSubmit={onSubmit} className={`${showConsent && !state.error ? "" : "mt-4 "}grid grid-cols-1 gap-4`}>
        <fieldset disabled={live} className="min-w-0">
          {scenarioPicker}
        </fieldset>
        {showConsent && consentNote}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <button
            ref={callButton}
            type="submit"
            value="voice"
            disabled={state.phase === "connecting"}
            {...intent}
            className={`${buttonBase} ${
              state.phase === "connected" ? "bg-red-700 text-white hover:bg-red-800" : "bg-green-700 text-white hover:bg-green-800"
            } disabled:bg-neutral-700 disabled:text-neutral-200`}
          >
            {state.phase === "connected" ? text.buttons.end : state.phase === "connecting" ? text.buttons.connecting : text.buttons.start}
          </button>
          {!live && canCallAgain(machine) && <CallAgainButton ref={againButton} intent={intent} />}
          {!live && (
            <button ref={typedButton} type="submit" value="typed" {...intent} className={`${buttonBase} border border-white/40 text-white hover:border-white hover:bg-white/10`}>
              {text.buttons.startTyped}
            </button>
          )}
        </div>
        <noscript>{noScriptNote}</noscript>
      </form>

      {engine && (
        <>
          {active && <engine.CallEngine key={active.id} session={active.session} events={active.events} />}
          <engine.LivePanel
            machine={machine}
            actions={leaves}
            controls={controls}
            inputSwitch={{ typingInstead: machine.typingInstead, onTypingInstead: leaves.typeInstead, onContinueByVoice }}
          />
        </>
      )}
    </div>
  );
}

function statusText(machine: MachineState): string {
  const { phase } = machine.call;
  if (phase === "connecting") return machine.recovery === "retrying" ? text.status.retrying : text.status.connecting;
  if (phase === "connected") return text.status.connected;
  if (canCallAgain(machine)) return hasDebrief(machine) ? `${text.status.dropped} ${text.status.debriefReady}` : text.status.dropped;
  if (machine.ending !== null) return hasDebrief(machine) ? `${text.status.ended}. ${text.status.debriefReady}` : text.status.ended;
  return "";
}
