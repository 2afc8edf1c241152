"use client";

/**
 * Everything a call needs that the idle page does not: the official voice SDK and the
 * signed-URL request. The widget imports this module on intent (hover, focus or touch
 * of Start Call), so a page that is only read never downloads it.
 */
import { useEffect, useMemo, type Dispatch } from "react";
import { disconnectErrorMessage, isRecoverableSessionError, sessionFailureMessage } from "@/lib/call/session-errors";
import type { CallEvent } from "@/lib/call/call-state";
import { DEBRIEF_TOOL_NAME, parseDebrief, type Debrief } from "@/lib/call/debrief-contract";
import { ConversationProvider, useConversationControls, useConversationFeedback, useConversationInput } from "@elevenlabs/react";

export { requestSignedUrl, SignedUrlError } from "@/lib/call/signed-url-client";
export { LivePanel } from "./live/live-panel";

/** Self-hosted copies (scripts/build/vendor-voice-assets.ts): the strict CSP allows no blob: worklets and no CDN. */
const audioAssets = {
  workletPaths: {
    rawAudioProcessor: "/vendor/voice/raw-audio-processor.js",
    audioConcatProcessor: "/vendor/voice/audio-concat-processor.js",
  },
  libsampleratePath: "/vendor/voice/libsamplerate.worklet.js",
};

export type EngineStart = {
  signedUrl: string;
  textOnly: boolean;
  /** The agent's red-flag debrief, from its client tool call. */
  onDebrief(debrief: Debrief): void;
};

/**
 * The one client tool the page defines. Tools it does not define are answered with an error
 * result by the SDK itself; a malformed debrief throws, which the SDK also turns into an error result.
 */
function clientTools(onDebrief: EngineStart["onDebrief"]) {
  return {
    [DEBRIEF_TOOL_NAME]: (parameters: Record<string, unknown>) => {
      const debrief = parseDebrief(parameters);
      if (!debrief) throw new Error("the debrief did not have the expected shape");
      onDebrief(debrief);
      return "The debrief is on screen.";
    },
  };
}

/** What the widget can do to a running call; every method is safe to call at any time. */
export type EngineControls = {
  start(options: EngineStart): void;
  end(): void;
  setMuted(muted: boolean): void;
  sendText(text: string): void;
  sendFeedback(like: boolean, eventId: number): void;
  /** 0-1, the microphone level in the voice band; 0 while muted or without a call. */
  inputVolume(): number;
};

/** How the SDK's callbacks reach the widget's state machine. */
export type SessionHandlers = {
  dispatch: Dispatch<CallEvent>;
  /** False outside the widget's current call: late callbacks of an earlier one are ignored. */
  isLive(): boolean;
  connected(): void;
  /** The call stopped; null when it ended normally. */
  stopped(error: string | null): void;
};

export type CallEngineProps = {
  session: SessionHandlers;
  onReady(controls: EngineControls): void;
};

export function CallEngine({ session, onReady }: CallEngineProps) {
  const { dispatch, isLive, connected, stopped } = session;
  const callbacks = useMemo(
    () => ({
      onConnect: () => {
        if (isLive()) connected();
      },
      onDisconnect: (details: Parameters<typeof disconnectErrorMessage>[0]) => {
        if (isLive()) stopped(disconnectErrorMessage(details));
      },
      onError: (message: string, context?: unknown) => {
        if (isRecoverableSessionError(message)) {
          console.warn(`Call: ${message}`);
          return;
        }
        // Any other error ends the call (SEED §4), even those the SDK would survive.
        if (isLive()) stopped(sessionFailureMessage(message, context));
      },
      onMessage: ({ message, role, event_id }: { message: string; role: string; event_id?: number }) =>
        dispatch({ type: "line", speaker: role === "agent" ? "agent" : "visitor", text: message, eventId: event_id ?? null }),
      onAgentResponseCorrection: (event: { original_agent_response: string; corrected_agent_response: string }) =>
        dispatch({ type: "corrected", original: event.original_agent_response, corrected: event.corrected_agent_response }),
      onModeChange: ({ mode }: { mode: string }) => dispatch({ type: "speaking", speaking: mode === "speaking" }),
      onCanSendFeedbackChange: ({ canSendFeedback }: { canSendFeedback: boolean }) => dispatch({ type: "feedback-available", available: canSendFeedback }),
    }),
    [dispatch, isLive, connected, stopped],
  );
  return (
    <ConversationProvider {...callbacks}>
      <ControlsBridge onReady={onReady} />
    </ConversationProvider>
  );
}

/** Hands the SDK's stable controls to the widget, which owns all state and all markup. */
function ControlsBridge({ onReady }: Pick<CallEngineProps, "onReady">) {
  const controls = useConversationControls();
  const { setMuted } = useConversationInput();
  const { sendFeedback } = useConversationFeedback();

  useEffect(() => {
    const attempt = (action: () => void) => {
      try {
        action();
      } catch {
        // No conversation (it just ended): nothing to do.
      }
    };
    onReady({
      start: ({ signedUrl, textOnly, onDebrief }) =>
        controls.startSession({ signedUrl, connectionType: "websocket", textOnly, clientTools: clientTools(onDebrief), ...audioAssets }),
      end: () => controls.endSession(),
      setMuted: (muted) => attempt(() => setMuted(muted)),
      sendText: (text) => attempt(() => controls.sendUserMessage(text)),
      sendFeedback: (like, eventId) => attempt(() => sendFeedback(like, eventId)),
      inputVolume: () => {
        try {
          return controls.getInputVolume();
        } catch {
          return 0;
        }
      },
    });
  }, [controls, setMuted, sendFeedback, onReady]);

  return null;
}
