"use client";

/**
 * The call machine's runner (lib/call/call-machine.ts), imperative where the machine is pure:
 * the microphone, the call chunk, the signed-URL request, the session to mount, timers. The
 * widget's hook (use-call.ts) owns one per widget and renders its view.
 */
import { callWidgetText as text } from "@/content/call/shell";
import type { ScenarioId } from "@mockingbird/contract/scenarios";
import { publicEnv } from "@/lib/config/public-env";
import { initialMachine, step, type Effect, type MachineEvent, type MachineState } from "@/lib/call/call-machine";
import { lifecycleReducer } from "@/lib/call/call-lifecycle";
import { microphoneErrorMessage } from "@/lib/call/call-errors";
import { closeAudio, watchAudioOutput } from "@/lib/call/audio-unlock";
import { callMarks, markCall } from "@/lib/call/call-marks";
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

/** What an attempt holds while it runs; all of it is let go when the machine disposes of the attempt. */
type Held = {
  readonly abort: AbortController;
  readonly audio: AudioContext | null;
  microphone: MediaStream | null;
  controls: EngineControls | null;
  connectTimer?: ReturnType<typeof setTimeout>;
  retryTimer?: ReturnType<typeof setTimeout>;
  stopWatchingAudio: () => void;
};

/** What the engine needs to run the current attempt; null while no session is wanted. */
export type ActiveCall = { id: number; attempt: number; session: EngineSession; events: EngineEvents };

export type CallView = { machine: MachineState; engine: EngineModule | null; active: ActiveCall | null };

const stopTracks = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

/** Whether the page would show two states alike: all of the machine but an attempt's inner steps (its presence shows, as connecting). */
const looksTheSame = (a: MachineState, b: MachineState): boolean =>
  a.call === b.call && a.plan === b.plan && a.recovery === b.recovery && a.typingInstead === b.typingInstead && a.ending === b.ending && a.debriefClosed === b.debriefClosed && (a.attempt === null) === (b.attempt === null);

/**
 * Runs the call machine (lib/call/call-machine.ts): sends it events, performs the effects it
 * returns and holds what they open (microphone, audio output, timers, the session's controls)
 * per attempt. It decides nothing: every "whether" is the machine's.
 */
export class CallRunner {
  private view: CallView = { machine: initialMachine, engine: null, active: null };
  private readonly listeners = new Set<() => void>();
  private readonly held = new Map<number, Held>();
  /** The audio output unlocked in the tap of the press being handled, until its attempt takes it. */
  private tapAudio: AudioContext | null = null;
  private enginePromise: Promise<EngineModule> | null = null;
  private nextSessionId = 1;

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  readonly snapshot = () => this.view;

  send = (event: MachineEvent): void => {
    const previous = this.view.machine;
    const { state, effects } = step(previous, event, this.view.engine?.callReducer ?? lifecycleReducer);
    // An attempt moving from one start step to the next shows nothing new: the page is not rendered for it.
    if (looksTheSame(state, previous)) this.view = { ...this.view, machine: state };
    else this.update({ machine: state });
    for (const effect of effects) this.perform(effect);
  };

  /** A press in the visitor's tap: `audio` was unlocked in it (or null). */
  press(event: MachineEvent, audio: AudioContext | null): void {
    this.tapAudio = audio;
    this.send(event);
    closeAudio(this.tapAudio);
    this.tapAudio = null;
  }

  loadEngine(): Promise<EngineModule> {
    if (!this.enginePromise) {
      const loading = import("./call-engine").then((module) => {
        this.update({ engine: module });
        return module;
      });
      // A failed download (offline) may be retried on the next intent.
      loading.catch(() => {
        if (this.enginePromise === loading) this.enginePromise = null;
      });
      this.enginePromise = loading;
    }
    return this.enginePromise;
  }

  /** The controls of the current attempt's session, once connected. */
  controls(): EngineControls | null {
    const attempt = this.view.machine.attempt;
    return attempt ? (this.held.get(attempt.id)?.controls ?? null) : null;
  }

  /** Unmounted mid-call (the visitor navigated away): nothing of the call may outlive the widget. */
  dispose(): void {
    for (const id of [...this.held.keys()]) this.release(id);
  }

  private update(change: Partial<CallView>): void {
    this.view = { ...this.view, ...change };
    for (const listener of this.listeners) listener();
  }

  private perform(effect: Effect): void {
    switch (effect.type) {
      case "begin":
        return this.begin(effect.attempt);
      case "open-microphone":
        return void this.openMicrophone(effect.attempt);
      case "load-engine":
        return void this.loadEngine().then(
          () => this.send({ type: "engine-loaded", attempt: effect.attempt }),
          () => this.send({ type: "failed", attempt: effect.attempt, message: text.errors.startFailed }),
        );
      case "preload":
        return void this.loadEngine().catch(() => {});
      case "request-signed-url":
        return this.requestSignedUrl(effect.attempt, effect.scenario);
      case "open-session":
        return this.openSession(effect.attempt, effect.signedUrl, effect.textOnly);
      case "close-session":
        return this.closeSession(effect.attempt);
      case "wait-retry": {
        const held = this.held.get(effect.attempt);
        if (held) held.retryTimer = setTimeout(() => this.send({ type: "retry-due", attempt: effect.attempt }), effect.ms);
        return;
      }
      case "connected":
        clearTimeout(this.held.get(effect.attempt)?.connectTimer);
        return markCall(callMarks.connected);
      case "dispose":
        return this.release(effect.attempt);
      case "set-muted":
        return this.controls()?.setMuted(effect.muted);
      case "send-text":
        return this.controls()?.sendText(effect.text);
      case "send-feedback":
        return this.controls()?.sendFeedback(effect.like, effect.eventId);
    }
  }

  private begin(attempt: number): void {
    const audio = this.tapAudio;
    this.tapAudio = null;
    const held: Held = { abort: new AbortController(), audio, microphone: null, controls: null, stopWatchingAudio: () => {} };
    this.held.set(attempt, held);
    if (audio) held.stopWatchingAudio = watchAudioOutput(audio, AUDIO_OUTPUT_TIMEOUT_MS, () => this.send({ type: "audio-output-failed", attempt }));
  }

  private async openMicrophone(attempt: number): Promise<void> {
    let stream: MediaStream;
    try {
      stream = await openMicrophone();
    } catch (error) {
      return this.send({ type: "failed", attempt, message: error instanceof StartFailure ? error.message : text.errors.startFailed });
    }
    const held = this.held.get(attempt);
    // The visitor ended the attempt or left while the prompt was open.
    if (!held) return stopTracks(stream);
    held.microphone = stream;
    this.send({ type: "microphone-opened", attempt });
  }

  private requestSignedUrl(attempt: number, scenario: ScenarioId): void {
    const loaded = this.view.engine;
    const held = this.held.get(attempt);
    if (!loaded || !held) return;
    loaded
      .requestSignedUrl({ supabaseUrl: publicEnv.NEXT_PUBLIC_SUPABASE_URL ?? window.location.origin, anonKey: publicEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY, scenario, signal: held.abort.signal })
      .then(
        (url) => this.send({ type: "signed-url", attempt, url }),
        (error: unknown) => {
          if (!(error instanceof loaded.SignedUrlError)) return this.send({ type: "failed", attempt, message: text.errors.startFailed });
          const transient = loaded.isTransient({ stage: "signed-url", status: error.status });
          this.send({ type: "failed", attempt, message: error.message, stop: { stage: "signed-url", transient } });
        },
      );
  }

  /** A fresh SDK provider (keyed by a new id) for the attempt, under the connect timeout. */
  private openSession(attempt: number, signedUrl: string, textOnly: boolean): void {
    const held = this.held.get(attempt);
    if (!held) return;
    clearTimeout(held.connectTimer);
    held.connectTimer = setTimeout(() => this.send({ type: "connect-timeout", attempt }), CONNECT_TIMEOUT_MS);
    const events: EngineEvents = {
      dispatch: (event) => this.send({ type: "session", attempt, event }),
      connected: (controls) => {
        const current = this.held.get(attempt);
        if (!current) return controls.end();
        current.controls = controls;
        this.send({ type: "connected", attempt, at: Date.now() });
      },
      stopped: (error, stop) => this.send({ type: "stopped", attempt, error, stop }),
    };
    this.update({ active: { id: this.nextSessionId++, attempt, session: { signedUrl, textOnly, audioContext: held.audio, signal: held.abort.signal }, events } });
  }

  private closeSession(attempt: number): void {
    clearTimeout(this.held.get(attempt)?.connectTimer);
    if (this.view.active?.attempt === attempt) this.update({ active: null });
  }

  /** Every way an attempt stops: the microphone is released and nothing of it keeps running (docs/specification.md §4). */
  private release(attempt: number): void {
    const held = this.held.get(attempt);
    this.closeSession(attempt);
    if (!held) return;
    this.held.delete(attempt);
    clearTimeout(held.connectTimer);
    clearTimeout(held.retryTimer);
    held.stopWatchingAudio();
    held.abort.abort(new DOMException("The call attempt was abandoned.", "AbortError"));
    held.controls?.end();
    stopTracks(held.microphone);
    closeAudio(held.audio);
  }
}

/** A start step failed with a message already in the catalogue's words. */
class StartFailure extends Error {}

async function openMicrophone(): Promise<MediaStream> {
  if (!window.isSecureContext) throw new StartFailure(text.errors.insecureContext);
  if (!navigator.mediaDevices?.getUserMedia) throw new StartFailure(text.errors.unsupportedBrowser);
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
  } catch (error) {
    throw new StartFailure(microphoneErrorMessage(error));
  }
}
