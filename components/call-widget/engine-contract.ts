/**
 * The contract between the widget (use-call.ts, which ships with the page) and the call engine
 * (call-engine.tsx, loaded on intent). Types only, so importing it costs the page nothing; the
 * engine, the live panel and its parts depend on it instead of on each other.
 */
import type { CallEvent, FeedbackValue } from "@/lib/call/call-state";
import type { SessionStop } from "@/lib/call/call-machine";
import type { DeviceIds, DeviceKind } from "@/lib/call/devices";

/** One call attempt, as the engine starts it when it mounts (a fresh SDK provider per attempt). */
export type EngineSession = {
  /** A promise while the request is out: the session sets its audio up meanwhile. */
  signedUrl: string | Promise<string>;
  /** A typed call: no microphone, no audio, whole lines. */
  textOnly: boolean;
  /** Started inside the visitor's tap (a voice call): the SDK plays the caller and records the microphone through it. Null for a typed call. */
  audioContext: AudioContext | null;
  /**
   * The microphone the widget asked for (a voice call), still pending while the prompt shows: the
   * SDK records from it instead of asking again, and stops it when the session ends. Null for a
   * typed call, and for a voice session opened again after a failed socket (the SDK asks itself).
   */
  microphone: Promise<MediaStream> | null;
  /** Aborted when the widget gives up on the attempt (connect timeout, End Call, unmount). */
  signal: AbortSignal;
};

/** What the widget can do to a running call; every method is safe to call at any time. */
export type EngineControls = {
  end(): void;
  setMuted(muted: boolean): void;
  sendText(text: string): void;
  sendFeedback(like: boolean, eventId: number): void;
  /** 0-1, the microphone level in the voice band; 0 while muted or without a call. */
  inputVolume(): number;
  /** The microphone and speaker a voice call uses now ("" is the default); null without a voice call. */
  devices(): DeviceIds | null;
  /** Moves a voice call to another device through the SDK; false where it could not (the call keeps its device). */
  switchDevice(kind: DeviceKind, deviceId: string): Promise<boolean>;
};

/** How the engine reports back; the widget drops whatever comes from an attempt that is no longer current. */
export type EngineEvents = {
  dispatch(event: CallEvent): void;
  connected(controls: EngineControls): void;
  /** The call stopped; null when it ended normally (the visitor or the caller hung up). */
  stopped(error: string | null, stop?: SessionStop): void;
};

/** What the live panel's controls do, by name (components/call-widget/use-call.ts sends each to the call machine). */
export type CallActions = {
  end(): void;
  toggleMute(): void;
  typeInstead(typing: boolean): void;
  sendText(text: string): void;
  rate(eventId: number, value: FeedbackValue): void;
  /** Something changed in the call that its status should say (a device unplugged). */
  notice(text: string): void;
  closeDebrief(): void;
};

export type CallEngineProps = { session: EngineSession; events: EngineEvents };

