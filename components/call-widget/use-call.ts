"use client";

import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { callWidgetText as text } from "@/content/call/shell";
import { defaultScenarioId, isScenarioId } from "@mockingbird/contract/scenarios";
import { publicEnv } from "@/lib/config/public-env";
import { callReducer, initialCallState, type CallChannel, type CallEvent } from "@/lib/call/call-state";
import { microphoneErrorMessage } from "@/lib/call/call-errors";
import { closeAudio, watchAudioOutput } from "@/lib/call/audio-unlock";
import { callMarks, markCall } from "@/lib/call/call-marks";
import { continuityReducer, initialContinuity, RETRY_DELAY_MS, type CallPlan } from "@/lib/call/call-continuity";
import type { PreConnectFailure } from "@/lib/call/connect-retry";
import type { EngineControls, EngineEvents, EngineSession } from "./engine-contract";

type EngineModule = typeof import("./call-engine");

/** The SDK has no handshake timeout of its own: a silent server would leave the call connecting forever. */
const CONNECT_TIMEOUT_MS = 20_000;
/**
 * A speaker that has not started this long after the tap will not: Firefox waits for ever for an
 * audio output it cannot open, and the visitor is told within 5 s instead of after the connect
 * timeout. Real devices start in well under a second (a Bluetooth headset switching profiles, ~2 s).
 */
const AUDIO_OUTPUT_TIMEOUT_MS = 4_000;

/** A start step failed with a message already in the catalogue's words. */
class StartFailure extends Error {}

/**
 * One press of Start Call (or Reply by typing instead) and everything that belongs to it: its
 * microphone, its unlocked audio, its connect timer, its abort signal and, once connected, its
 * controls. A new press makes a new attempt, so nothing of a failed or timed-out call can
 * block or confuse the next one.
 */
class Attempt {
  readonly abort = new AbortController();
  microphone: MediaStream | null = null;
  controls: EngineControls | null = null;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Automatic retries used before connecting (lib/call/call-continuity.ts); the signed URL a failed socket retries with. */
  retries = 0;
  signedUrl = "";
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  stopWatchingAudio: () => void = () => {};

  constructor(
    readonly id: number,
    readonly channel: CallChannel,
    readonly audio: AudioContext | null,
  ) {}

  releaseMicrophone(): void {
    this.microphone?.getTracks().forEach((track) => track.stop());
    this.microphone = null;
  }

  /** Every way an attempt stops: the microphone is released and nothing of it keeps running (docs/specification.md §4). */
  dispose(): void {
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    this.stopWatchingAudio();
    this.abort.abort(new DOMException("The call attempt was abandoned.", "AbortError"));
    this.controls?.end();
    this.releaseMicrophone();
    closeAudio(this.audio);
  }
}

/** What the engine needs to run the current attempt; null while no session is wanted. */
export type ActiveCall = { id: number; session: EngineSession; events: EngineEvents };

/**
 * The call's lifecycle: idle -> connecting (microphone, call chunk, signed URL, session) ->
 * connected -> idle (End Call, the caller hanging up, an error or the connect timeout).
 */
export function useCall() {
  const [state, dispatch] = useReducer(callReducer, initialCallState);
  const [continuity, recover] = useReducer(continuityReducer, initialContinuity);
  const [engine, setEngine] = useState<EngineModule | null>(null);
  const [active, setActive] = useState<ActiveCall | null>(null);
  const current = useRef<Attempt | null>(null);
  const enginePromise = useRef<Promise<EngineModule> | null>(null);
  const loadedEngine = useRef<EngineModule | null>(null);
  const nextId = useRef(1);

  const loadEngine = useCallback((): Promise<EngineModule> => {
    if (!enginePromise.current) {
      const loading = import("./call-engine").then((module) => {
        loadedEngine.current = module;
        setEngine(module);
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

  const stop = useCallback((attempt: Attempt, error: string | null, dropped = false) => {
    if (current.current !== attempt) return;
    current.current = null;
    attempt.dispose();
    setActive(null);
    dispatch(error === null ? { type: "ended" } : { type: "failed", message: error });
    recover({ type: "stopped", dropped });
  }, []);

  /** Waits out the retry delay, saying so; false when the visitor ended the attempt meanwhile. */
  const pauseToRetry = useCallback((attempt: Attempt): Promise<boolean> => {
    attempt.retries += 1;
    recover({ type: "retrying" });
    return new Promise((resolve) => {
      attempt.retryTimer = setTimeout(() => resolve(current.current === attempt), RETRY_DELAY_MS);
      attempt.abort.signal.addEventListener("abort", () => resolve(false), { once: true });
    });
  }, []);

  /**
   * Hands the engine a session for an attempt: a fresh SDK provider (keyed by a new id), under the
   * connect timeout. A socket that fails before the session starts is opened again once, with the
   * same signed URL (lib/call/call-continuity.ts says why that costs no second signed URL); the
   * SDK failed before it took the attempt's audio context, so the context unlocked in the tap
   * still plays.
   */
  const openSession = useMemo(() => {
    const eventsFor = (attempt: Attempt): EngineEvents => ({
      dispatch: (event: CallEvent) => {
        if (current.current === attempt) dispatch(event);
      },
      connected: (controls) => {
        if (current.current !== attempt) return controls.end();
        clearTimeout(attempt.timer);
        attempt.controls = controls;
        markCall(callMarks.connected);
        dispatch({ type: "connected", at: Date.now() });
        recover({ type: "connected" });
      },
      stopped: (error, cause) => {
        if (current.current !== attempt) return;
        const connected = attempt.controls !== null;
        if (!connected && cause?.stage === "socket" && loadedEngine.current?.shouldRetry(cause, attempt.retries)) return void retry(attempt);
        stop(attempt, error, connected && cause?.stage === "call" && cause.dropped);
      },
    });
    const open = (attempt: Attempt) => {
      clearTimeout(attempt.timer);
      attempt.timer = setTimeout(() => stop(attempt, text.errors.connectionFailed), CONNECT_TIMEOUT_MS);
      setActive({
        id: nextId.current++,
        session: { signedUrl: attempt.signedUrl, textOnly: attempt.channel === "typed", audioContext: attempt.audio, signal: attempt.abort.signal },
        events: eventsFor(attempt),
      });
    };
    const retry = async (attempt: Attempt) => {
      clearTimeout(attempt.timer);
      setActive(null);
      if (await pauseToRetry(attempt)) open(attempt);
    };
    return open;
  }, [pauseToRetry, stop]);

  /**
   * Starts a call. `audio` is the context unlocked inside the visitor's tap (or null); it is
   * taken before any await by the caller, so this may wait for anything.
   */
  const start = useCallback(
    async (channel: CallChannel, scenarioValue: unknown, audio: AudioContext | null) => {
      if (current.current) return closeAudio(audio);
      const attempt = new Attempt(nextId.current++, channel, audio);
      current.current = attempt;
      const scenario = isScenarioId(scenarioValue) ? scenarioValue : defaultScenarioId;
      const abandoned = () => current.current !== attempt;
      dispatch({ type: "start", channel });
      recover({ type: "start", plan: { channel, scenario } });
      if (audio) attempt.stopWatchingAudio = watchAudioOutput(audio, AUDIO_OUTPUT_TIMEOUT_MS, () => stop(attempt, text.errors.audioOutputFailed));
      try {
        if (channel === "voice") attempt.microphone = await openMicrophone();
        // After each wait: the visitor may have ended the attempt or left (the prompt was open, a download was slow).
        if (abandoned()) return attempt.dispose();
        const loaded = await loadEngine().catch(() => {
          throw new StartFailure(text.errors.startFailed);
        });
        if (abandoned()) return attempt.dispose();
        const request = () =>
          loaded.requestSignedUrl({
            supabaseUrl: publicEnv.NEXT_PUBLIC_SUPABASE_URL ?? window.location.origin,
            anonKey: publicEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY,
            scenario,
            signal: attempt.abort.signal,
          });
        const failure = (error: unknown): PreConnectFailure | null => (error instanceof loaded.SignedUrlError ? { stage: "signed-url", status: error.status } : null);
        attempt.signedUrl = await request()
          .catch(async (error: unknown) => {
            const failed = failure(error);
            // A transient failure is asked again once; the service gave back what the first one counted.
            if (abandoned() || failed === null || !loaded.shouldRetry(failed, attempt.retries)) throw error;
            if (!(await pauseToRetry(attempt))) throw error;
            return request();
          })
          .catch((error: unknown) => {
            throw new StartFailure(error instanceof loaded.SignedUrlError ? error.message : text.errors.startFailed);
          });
        if (abandoned()) return attempt.dispose();
        openSession(attempt);
      } catch (error) {
        if (error instanceof StartFailure && error.message === text.errors.microphoneDenied) preload();
        stop(attempt, error instanceof StartFailure ? error.message : text.errors.startFailed);
      }
    },
    [loadEngine, openSession, pauseToRetry, preload, stop],
  );

  const end = useCallback(() => {
    if (current.current) stop(current.current, null);
  }, [stop]);

  /**
   * A typed call becomes a voice call. The protocol fixes a conversation's modality when it
   * starts (conversation.text_only is an override of conversation_initiation_client_data, and
   * nothing later changes it), so the typed session ends and a new voice session starts with the
   * same scenario, asking for the microphone as any voice call does. Both in the same tick, so
   * the widget goes from connected to connecting without showing the typed call as ended.
   */
  const continueByVoice = useCallback(
    (plan: CallPlan, audio: AudioContext | null) => {
      if (current.current) stop(current.current, null);
      void start("voice", plan.scenario, audio);
    },
    [start, stop],
  );

  /** Type instead mutes the microphone; talking again unmutes it. */
  const setTypingInstead = useCallback((typing: boolean) => {
    current.current?.controls?.setMuted(typing);
    dispatch({ type: "muted", muted: typing });
    recover({ type: typing ? "type-instead" : "talk-instead" });
  }, []);

  useEffect(
    () => () => {
      // Unmounted mid-call (the visitor navigated away): nothing of the call may outlive the widget.
      current.current?.dispose();
      current.current = null;
    },
    [],
  );

  /** Stable controls for the live panel; they act on whichever call is current. */
  const controls = useMemo<EngineControls>(
    () => ({
      end,
      setMuted: (muted) => current.current?.controls?.setMuted(muted),
      sendText: (reply) => current.current?.controls?.sendText(reply),
      sendFeedback: (like, eventId) => current.current?.controls?.sendFeedback(like, eventId),
      inputVolume: () => current.current?.controls?.inputVolume() ?? 0,
      devices: () => current.current?.controls?.devices() ?? null,
      switchDevice: async (kind, deviceId) => (await current.current?.controls?.switchDevice(kind, deviceId)) ?? false,
    }),
    [end],
  );

  return { state, dispatch, engine, active, controls, preload, start, end, continuity, continueByVoice, setTypingInstead };
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
