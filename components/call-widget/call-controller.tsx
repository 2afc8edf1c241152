"use client";

import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type FormEvent, type ReactNode } from "react";
import { callWidgetText as text } from "@/content/call-widget";
import { defaultCallScenarioId, isCallScenarioId } from "@/content/call-scenarios";
import { publicEnv } from "@/lib/config/public-env";
import { callReducer, initialCallState, type CallChannel } from "@/lib/call/call-state";
import { microphoneErrorMessage } from "@/lib/call/call-errors";
import type { EngineControls, SessionHandlers } from "./call-engine";

type EngineModule = typeof import("./call-engine");

/** The SDK has no handshake timeout of its own: a silent server would leave the call connecting forever. */
const CONNECT_TIMEOUT_MS = 20_000;

/** A start step failed with a message already in the spec's words. */
class StartFailure extends Error {}

const badgeBase = "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold";
const buttonBase =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold transition-colors duration-300 disabled:cursor-not-allowed";

export type CallControllerProps = { scenarioPicker: ReactNode; consentNote: ReactNode };

export function CallController({ scenarioPicker, consentNote }: CallControllerProps) {
  const [state, dispatch] = useReducer(callReducer, initialCallState);
  const [engine, setEngine] = useState<EngineModule | null>(null);
  const enginePromise = useRef<Promise<EngineModule> | null>(null);
  const controls = useRef<EngineControls | null>(null);
  const controlsWaiters = useRef<((controls: EngineControls) => void)[]>([]);
  const microphone = useRef<MediaStream | null>(null);
  /** True from the SDK start until the call stops: callbacks of an earlier call are ignored outside it. */
  const sessionLive = useRef(false);
  const connectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The phase as event handlers must see it, ahead of the next render. */
  const phase = useRef(state.phase);
  const mounted = useRef(true);
  const callButton = useRef<HTMLButtonElement>(null);
  const typedButton = useRef<HTMLButtonElement>(null);
  /**
   * The button a keyboard user started the call with. Start Call is disabled and the typed
   * button removed while connecting, which drops the focus to <body>; it is put back when
   * connecting ends, so Enter can end the call (or retry) without hunting for the button.
   */
  const focusReturn = useRef<CallChannel | null>(null);

  useEffect(() => {
    phase.current = state.phase;
    if (state.phase === "connecting" || focusReturn.current === null) return;
    const channel = focusReturn.current;
    focusReturn.current = null;
    // Only when the focus was lost: a typed call's reply box takes it on its own.
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    (state.phase === "idle" && channel === "typed" ? typedButton.current : callButton.current)?.focus();
  }, [state.phase]);

  const loadEngine = useCallback((): Promise<EngineModule> => {
    if (!enginePromise.current) {
      const loading = import("./call-engine").then((module) => {
        if (mounted.current) setEngine(module);
        return module;
      });
      // A failed download (offline) may be retried on the next intent.
      loading.catch(() => {
        if (enginePromise.current === loading) enginePromise.current = null;
      });
      enginePromise.current = loading;
    }
    return enginePromise.current;
  }, []);

  const preload = useCallback(() => {
    loadEngine().catch(() => {});
  }, [loadEngine]);

  const releaseMicrophone = useCallback(() => {
    microphone.current?.getTracks().forEach((track) => track.stop());
    microphone.current = null;
  }, []);

  /** Every way a call stops: the microphone is released and connecting is cleared (SEED §4). */
  const stop = useCallback(
    (error: string | null) => {
      sessionLive.current = false;
      clearTimeout(connectTimer.current);
      releaseMicrophone();
      dispatch(error === null ? { type: "ended" } : { type: "failed", message: error });
    },
    [releaseMicrophone],
  );

  const session = useMemo<SessionHandlers>(
    () => ({
      dispatch,
      isLive: () => sessionLive.current,
      connected: () => {
        clearTimeout(connectTimer.current);
        dispatch({ type: "connected", at: Date.now() });
      },
      stopped: (error) => {
        if (error !== null) controls.current?.end();
        stop(error);
      },
    }),
    [stop],
  );

  const onReady = useCallback((ready: EngineControls) => {
    controls.current = ready;
    controlsWaiters.current.splice(0).forEach((resolve) => resolve(ready));
  }, []);

  const engineControls = useCallback(
    (): Promise<EngineControls> => (controls.current ? Promise.resolve(controls.current) : new Promise((resolve) => controlsWaiters.current.push(resolve))),
    [],
  );

  const begin = useCallback(
    async (channel: CallChannel, scenarioValue: FormDataEntryValue | null) => {
      if (phase.current !== "idle") return;
      const scenario = isCallScenarioId(scenarioValue) ? scenarioValue : defaultCallScenarioId;
      phase.current = "connecting";
      dispatch({ type: "start", channel });
      try {
        if (channel === "voice") microphone.current = await openMicrophone();
        // After each wait: the visitor may have left (the prompt was open, a download was slow).
        if (!mounted.current) return releaseMicrophone();
        const loaded = await loadEngine().catch(() => {
          throw new StartFailure(text.errors.startFailed);
        });
        if (!mounted.current) return releaseMicrophone();
        const signedUrl = await loaded
          .requestSignedUrl({ supabaseUrl: publicEnv.NEXT_PUBLIC_SUPABASE_URL ?? window.location.origin, anonKey: publicEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY, scenario })
          .catch((error: unknown) => {
            throw new StartFailure(error instanceof loaded.SignedUrlError ? error.message : text.errors.startFailed);
          });
        if (!mounted.current) return releaseMicrophone();
        const ready = await engineControls();
        sessionLive.current = true;
        connectTimer.current = setTimeout(() => {
          if (phase.current !== "connecting") return;
          controls.current?.end();
          stop(text.errors.connectionFailed);
        }, CONNECT_TIMEOUT_MS);
        ready.start({ signedUrl, textOnly: channel === "typed", onDebrief: (debrief) => dispatch({ type: "debrief", debrief }) });
      } catch (error) {
        if (error instanceof StartFailure && error.message === text.errors.microphoneDenied) preload();
        stop(error instanceof StartFailure ? error.message : text.errors.startFailed);
      }
    },
    [engineControls, loadEngine, preload, releaseMicrophone, stop],
  );

  const end = useCallback(() => {
    controls.current?.end();
    stop(null);
  }, [stop]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(connectTimer.current);
      releaseMicrophone();
    };
  }, [releaseMicrophone]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.phase === "connected") return end();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const channel: CallChannel = submitter?.getAttribute("value") === "typed" ? "typed" : "voice";
    focusReturn.current = submitter !== null && submitter === document.activeElement ? channel : null;
    void begin(channel, new FormData(event.currentTarget).get("scenario"));
  };

  const live = state.phase !== "idle";
  const intent = { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
  const showConsent = !live && state.captions.length === 0 && !state.debrief;

  return (
    <div className="mt-6">
      <div className="flex min-h-7 flex-wrap items-center gap-2">
        {state.phase === "connected" && (
          <span className={`${badgeBase} bg-green-950 text-green-300 ring-1 ring-green-700`}>
            <span aria-hidden="true" className="size-2 rounded-full bg-green-400" />
            {text.badges.connected}
          </span>
        )}
        {state.phase === "connecting" && <span className={`${badgeBase} bg-yellow-300 text-neutral-950`}>{text.badges.connecting}</span>}
        {live && <span className={`${badgeBase} bg-white/10 text-white ring-1 ring-white/30`}>{text.simulationLabel}</span>}
      </div>
      <div role="alert" className="empty:hidden">
        {state.error && (
          <p className={`${badgeBase} mt-2 rounded-2xl bg-red-950 py-2 text-sm text-red-100 ring-1 ring-red-700`} data-testid="call-error">
            {state.error}
          </p>
        )}
      </div>
      <p role="status" className="sr-only">
        {statusText(state.phase, state.ended, state.debrief !== null)}
      </p>

      <form onSubmit={onSubmit} className="mt-4 grid gap-4">
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
          {!live && (
            <button ref={typedButton} type="submit" value="typed" {...intent} className={`${buttonBase} border border-white/40 text-white hover:border-white hover:bg-white/10`}>
              {text.buttons.startTyped}
            </button>
          )}
        </div>
        <noscript>
          <p className="text-sm text-neutral-300">{text.noScript}</p>
        </noscript>
      </form>

      {engine && (
        <>
          <engine.CallEngine session={session} onReady={onReady} />
          <engine.LivePanel state={state} dispatch={dispatch} controls={controls} callLimitSeconds={publicEnv.NEXT_PUBLIC_CALL_LIMIT_SECONDS} />
        </>
      )}
    </div>
  );
}

async function openMicrophone(): Promise<MediaStream> {
  if (!window.isSecureContext) throw new StartFailure(text.errors.insecureContext);
  if (!navigator.mediaDevices?.getUserMedia) throw new StartFailure(text.errors.unsupportedBrowser);
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
  } catch (error) {
    throw new StartFailure(microphoneErrorMessage(error));
  }
}

function statusText(phase: string, ended: boolean, hasDebrief: boolean): string {
  if (phase === "connecting") return text.status.connecting;
  if (phase === "connected") return text.status.connected;
  if (ended) return hasDebrief ? `${text.status.ended}. ${text.status.debriefReady}` : text.status.ended;
  return "";
}
