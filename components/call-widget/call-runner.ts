"use client";

/**
 * The call machine's runner (lib/call/call-machine.ts), imperative where the machine is pure:
 * the microphone, the call chunk, the signed-URL request, the session to mount, timers. The
 * widget's hook (use-call.ts) owns one per widget and renders its view.
 */
import { callWidgetText as text } from "@/content/call/shell";
import type { ScenarioId } from "@mockingbird/contract/scenarios";
import { initialMachine, step, type Effect, type MachineEvent, type MachineState } from "@/lib/call/call-machine";
import { lifecycleReducer } from "@/lib/call/call-lifecycle";
import { microphoneErrorMessage } from "@/lib/call/call-errors";
import { closeAudio, EXPECTED_OUTPUT_RATE, watchAudioOutput } from "@/lib/call/audio-unlock";
import { callMarks, markCall } from "@/lib/call/call-marks";
import type { EngineControls, EngineEvents, EngineSession } from "./engine-contract";

type EngineModule = typeof import("./call-engine");

/** The SDK has no handshake timeout of its own: a silent server would leave the call connecting forever. */
export const CONNECT_TIMEOUT_MS = 20_000;
/**
 * A speaker that has not started this long after the tap will not: Firefox waits for ever for an
 * audio output it cannot open, and the visitor is told within 5 s instead of after the connect
 * timeout. Real devices start in well under a second (a Bluetooth headset switching profiles, ~2 s).
 */
export const AUDIO_OUTPUT_TIMEOUT_MS = 4_000;

/** What an attempt holds while it runs; all of it is let go when the machine disposes of the attempt. */
type Held = {
  readonly abort: AbortController;
  readonly audio: AudioContext | null;
  /** The microphone the widget asked for (a voice call); stopped when the attempt ends, if no session stopped it first. */
  microphone: Promise<MediaStream> | null;
  /** A session took the microphone over (it stops the tracks when it ends): a session opened again after a failed socket asks for its own. */
  microphoneGiven?: boolean;
  /** Hands the signed URL to a session that opened without it. */
  giveSignedUrl?: (url: string) => void;
  controls: EngineControls | null;
  connectTimer?: ReturnType<typeof setTimeout>;
  retryTimer?: ReturnType<typeof setTimeout>;
  stopWatchingAudio: () => void;
};

/** What the engine needs to run the current attempt; null while no session is wanted. */
export type ActiveCall = { id: number; attempt: number; session: EngineSession; events: EngineEvents };

export type CallView = { machine: MachineState; engine: EngineModule | null; active: ActiveCall | null };

const stopTracks = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

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
        return this.openMicrophone(effect.attempt);
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
      case "give-signed-url":
        return this.held.get(effect.attempt)?.giveSignedUrl?.(effect.url);
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

  private openMicrophone(attempt: number): void {
    const held = this.held.get(attempt);
    if (!held) return;
    held.microphone = openMicrophone();
    // Where the browser already allows the microphone, the machine need not wait for the stream to ask for the signed URL.
    navigator.permissions?.query({ name: "microphone" as PermissionName }).then(
      (permission) => permission.state === "granted" && this.send({ type: "microphone-allowed", attempt }),
      () => {},
    );
    held.microphone.then(
      () => this.send({ type: "microphone-opened", attempt }),
      (error: unknown) => this.send({ type: "failed", attempt, message: error instanceof StartFailure ? error.message : text.errors.startFailed }),
    );
  }

  private requestSignedUrl(attempt: number, scenario: ScenarioId): void {
    const held = this.held.get(attempt);
    if (!this.view.engine || !held) return;
    this.startConnectTimer(attempt, held);
    void this.view.engine.signedUrlFor(scenario, held.abort.signal).then((answer) => this.send("url" in answer ? { type: "signed-url", attempt, url: answer.url } : { type: "failed", attempt, ...answer }));
  }

  /** The call must connect within the connect timeout of asking the service for it (or of opening its socket again). */
  private startConnectTimer(attempt: number, held: Held): void {
    clearTimeout(held.connectTimer);
    held.connectTimer = setTimeout(() => this.send({ type: "connect-timeout", attempt }), CONNECT_TIMEOUT_MS);
  }

  /** A fresh SDK provider (keyed by a new id) for the attempt; without a signed URL yet, it waits for give-signed-url. */
  private openSession(attempt: number, signedUrl: string | null, textOnly: boolean): void {
    const held = this.held.get(attempt);
    if (!held) return;
    if (signedUrl) this.startConnectTimer(attempt, held);
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
    const microphone = held.microphoneGiven ? null : held.microphone;
    held.microphoneGiven = true;
    const url = signedUrl ?? new Promise<string>((resolve) => (held.giveSignedUrl = resolve));
    this.update({ active: { id: this.nextSessionId++, attempt, session: { signedUrl: url, textOnly, audioContext: held.audio, microphone, signal: held.abort.signal }, events } });
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
    // Stopped as soon as it is open, if the prompt is still showing.
    held.microphone?.then(stopTracks, () => {});
    closeAudio(held.audio);
  }
}

/**
 * What the voice SDK itself asks of the microphone (its input.js): the call records from this
 * stream, so the processing is the same as if the SDK had opened it.
 */
const MICROPHONE = { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: { ideal: 1 }, sampleRate: { ideal: EXPECTED_OUTPUT_RATE }, voiceIsolation: true };

/** A start step failed with a message already in the catalogue's words. */
class StartFailure extends Error {}

async function openMicrophone(): Promise<MediaStream> {
  if (!window.isSecureContext) throw new StartFailure(text.errors.insecureContext);
  if (!navigator.mediaDevices?.getUserMedia) throw new StartFailure(text.errors.unsupportedBrowser);
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: MICROPHONE });
  } catch (error) {
    throw new StartFailure(microphoneErrorMessage(error));
  }
}
