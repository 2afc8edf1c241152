"use client";

/**
 * Everything a call needs that the idle page does not: the official voice SDK and the
 * signed-URL request. The widget imports this module on intent (hover, focus or touch of a
 * call button), so a page that is only read never downloads it. Each call attempt mounts its
 * own ConversationProvider (keyed by the attempt), because the provider ignores startSession
 * while an earlier start is still pending: a retry after a timeout must not inherit that.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { ConversationProvider, useConversationControls, useConversationFeedback, useConversationInput, type HookCallbacks, type HookOptions } from "@elevenlabs/react";
import type { Conversation, PageSessionConfig } from "@elevenlabs/client";
import { callEndingOf, disconnectErrorMessage, isRecoverableSessionError, sessionFailureMessage } from "@/lib/call/session-errors";
import { isTransient } from "@/lib/call/connect-retry";
import type { SessionStop } from "@/lib/call/call-machine";
import { requestSignedUrl, SignedUrlError } from "@/lib/call/signed-url-client";
import { publicEnv } from "@/lib/config/public-env";
import { callWidgetText } from "@/content/call/shell";
import type { ScenarioId } from "@mockingbird/contract/scenarios";
import { CALL_VARIABLES } from "@mockingbird/contract/call-variables";
import { DEBRIEF_TOOL_NAME, parseDebrief } from "@mockingbird/contract/debrief";
import { alignedWords, chunkDurationMs, scheduleChunk } from "@/lib/call/spoken-line";
import { callMarks, markCall } from "@/lib/call/call-marks";
import { browserStorage, canRouteOutput, startingDevices, type DeviceIds } from "@/lib/call/devices";
import type { CallEngineProps, EngineControls, EngineEvents } from "./engine-contract";
import { voiceAssets } from "./voice-assets.generated";

export { LivePanel } from "./live/live-panel";
// What a running call shows: the call machine reduces with it once this chunk has loaded (lib/call/call-lifecycle.ts).
export { callReducer } from "@/lib/call/call-state";

/**
 * A call's signed URL, or why there is none, as the call machine takes it (its `signed-url` and
 * `failed` events): the request, its failures and which of them are transient stay out of the
 * page's own JavaScript.
 */
export async function signedUrlFor(scenario: ScenarioId, signal: AbortSignal): Promise<{ url: string } | { message: string; stop?: SessionStop }> {
  try {
    return { url: await requestSignedUrl({ supabaseUrl: publicEnv.NEXT_PUBLIC_SUPABASE_URL ?? window.location.origin, anonKey: publicEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY, scenario, signal }) };
  } catch (error) {
    if (!(error instanceof SignedUrlError)) return { message: callWidgetText.errors.startFailed };
    return { message: error.message, stop: { stage: "signed-url", transient: isTransient({ stage: "signed-url", status: error.status }) } };
  }
}

/** Without an audio chunk this long after its text, a caller line in a voice call is shown whole (it has no audio). */
const TEXT_WITHOUT_AUDIO_MS = 4000;

/**
 * The one client tool the page defines. Tools it does not define are answered with an error
 * result by the SDK itself; a malformed debrief throws, which the SDK also turns into an error result.
 */
function clientTools(dispatch: EngineEvents["dispatch"]) {
  return {
    [DEBRIEF_TOOL_NAME]: (parameters: Record<string, unknown>) => {
      const debrief = parseDebrief(parameters);
      if (!debrief) throw new Error("the debrief did not have the expected shape");
      dispatch({ type: "debrief", debrief });
      return "The debrief is on screen.";
    },
  };
}

/** A socket that failed before the session started (the SDK's SessionConnectionError), for the widget's retry. */
function socketFailure(error: unknown): SessionStop | undefined {
  if ((error as { name?: unknown } | null)?.name !== "SessionConnectionError") return undefined;
  const code = (error as { closeCode?: unknown }).closeCode;
  return { stage: "socket", transient: isTransient({ stage: "socket", closeCode: typeof code === "number" ? code : null }) };
}

type AudioFrame = { type: "audio"; audio_event: { audio_base_64?: string; event_id: number; alignment?: unknown } };
const isAudioFrame = (event: unknown): event is AudioFrame => (event as { type?: unknown })?.type === "audio";
type TentativeTranscript = { type: "tentative_user_transcript"; tentative_user_transcription_event: { user_transcript: string } };
const isTentativeTranscript = (event: unknown): event is TentativeTranscript =>
  (event as { type?: unknown })?.type === "tentative_user_transcript" && typeof (event as TentativeTranscript).tentative_user_transcription_event?.user_transcript === "string";

/**
 * Follows the caller's audio as the SDK's worklet will play it, so each caption word appears
 * when it is heard (lib/call/spoken-line.ts). Audio older than the last interruption is
 * dropped for captions, as the SDK drops it for its callbacks.
 */
function captionClock(dispatch: EngineEvents["dispatch"]) {
  let format = "pcm_16000";
  let queueEndsAt = 0;
  let lastInterruption = 0;
  let heardAny = false;
  let readAny = false;
  let textTimer: ReturnType<typeof setTimeout> | undefined;
  let doneTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    metadata(outputFormat: string | undefined) {
      if (outputFormat) format = outputFormat;
    },
    /** The caller's text arrived; in a voice call its audio should follow. */
    text(textOnly: boolean) {
      if (!readAny) {
        readAny = true;
        markCall(callMarks.firstLine);
      }
      if (textOnly) return;
      clearTimeout(textTimer);
      textTimer = setTimeout(() => dispatch({ type: "agent-done", at: performance.now() }), TEXT_WITHOUT_AUDIO_MS);
    },
    audio({ audio_event: audio }: AudioFrame) {
      if (audio.event_id <= lastInterruption || !audio.audio_base_64) return;
      clearTimeout(textTimer);
      const now = performance.now();
      const { startsAt, endsAt } = scheduleChunk(queueEndsAt, now, chunkDurationMs(audio.audio_base_64, format));
      queueEndsAt = endsAt;
      if (!heardAny) {
        heardAny = true;
        markCall(callMarks.firstAudio, startsAt);
      }
      dispatch({ type: "agent-audio", eventId: audio.event_id, startsAt, words: alignedWords(audio.alignment, startsAt) });
    },
    /** The worklet ran dry (the line played out) or the visitor interrupted. */
    listening() {
      const estimatedEnd = queueEndsAt;
      queueEndsAt = performance.now();
      dispatch({ type: "agent-done", at: queueEndsAt });
      // Under load the worklet can run dry a little before this clock's estimate of the last word,
      // and the line waits for words still to come: it is finished once the estimate has passed.
      clearTimeout(doneTimer);
      if (estimatedEnd > queueEndsAt) doneTimer = setTimeout(() => dispatch({ type: "agent-done", at: performance.now() }), estimatedEnd - queueEndsAt + 50);
    },
    interrupted(eventId: number) {
      lastInterruption = Math.max(lastInterruption, eventId);
    },
    stop() {
      clearTimeout(textTimer);
      clearTimeout(doneTimer);
    },
  };
}

/** When the visitor last said or typed anything (or the call started): how long a caller's hang-up followed their silence. */
function visitorActivity() {
  let lastAt = performance.now();
  return {
    heard: () => void (lastAt = performance.now()),
    silentForMs: () => performance.now() - lastAt,
  };
}

export function CallEngine({ session, events }: CallEngineProps) {
  const clock = useMemo(() => captionClock(events.dispatch), [events]);
  // One per session: the engine is mounted afresh for each attempt.
  const [visitor] = useState(visitorActivity);
  useEffect(() => () => clock.stop(), [clock]);
  const textOnly = session.textOnly;
  const callbacks = useMemo<HookCallbacks>(() => {
    const { dispatch, stopped } = events;
    return {
      onDisconnect: (details) => stopped(disconnectErrorMessage(details), { stage: "call", ending: callEndingOf(details, visitor.silentForMs()) }),
      onError: (message, context) => {
        if (isRecoverableSessionError(message)) {
          console.warn(`Call: ${message}`);
          return;
        }
        // Any other error ends the call (docs/specification.md §4), even those the SDK would survive.
        stopped(sessionFailureMessage(message, context), socketFailure(context));
      },
      onMessage: ({ message, role, event_id }) => {
        if (role === "agent") clock.text(textOnly);
        else visitor.heard();
        dispatch({ type: "line", speaker: role === "agent" ? "agent" : "visitor", text: message, eventId: event_id ?? null });
      },
      onConversationMetadata: (metadata) => clock.metadata(metadata.agent_output_audio_format),
      onIncomingEvent: (event) => {
        if (isAudioFrame(event)) clock.audio(event);
        // The SDK has no callback for the visitor's words as they speak; the service sends them as this event.
        else if (isTentativeTranscript(event)) {
          visitor.heard();
          dispatch({ type: "tentative", text: event.tentative_user_transcription_event.user_transcript });
        }
      },
      onInterruption: ({ event_id }) => clock.interrupted(event_id),
      // A typed call's reply streams (start, deltas, stop, then the whole line); a voice call's captions follow its audio.
      onAgentChatResponsePart: ({ type, text, event_id }) => {
        if (type === "start") clock.text(textOnly);
        dispatch({ type: "agent-part", part: type, text, eventId: event_id });
      },
      onAgentTyping: ({ is_typing }) => dispatch({ type: "agent-typing", typing: is_typing }),
      onAgentResponseCorrection: (event) => dispatch({ type: "corrected", original: event.original_agent_response, corrected: event.corrected_agent_response }),
      onModeChange: ({ mode }) => {
        dispatch({ type: "speaking", speaking: mode === "speaking" });
        if (mode === "listening") clock.listening();
      },
      onCanSendFeedbackChange: ({ canSendFeedback }) => dispatch({ type: "feedback-available", available: canSendFeedback }),
    };
  }, [events, clock, visitor, textOnly]);
  return (
    <ConversationProvider {...callbacks}>
      <SessionStart session={session} events={events} onVisitorTyped={visitor.heard} />
    </ConversationProvider>
  );
}

/** Starts this attempt's session once and hands the widget its controls when it connects. */
function SessionStart({ session, events, onVisitorTyped }: CallEngineProps & { onVisitorTyped: () => void }) {
  const sdk = useConversationControls();
  const { setMuted } = useConversationInput();
  const { sendFeedback } = useConversationFeedback();
  const started = useRef(false);

  // A passive effect, not a layout one: the SDK's sub-providers register their listeners in layout
  // effects, which run after this child's, and startSession only composes listeners registered by then.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const attempt = (action: () => void) => {
      try {
        action();
      } catch {
        // No conversation (it just ended): nothing to do.
      }
    };
    let conversation: Conversation | null = null;
    // What a voice call uses now, for the device choice (live/device-choice.tsx); a typed call has none.
    let devices: DeviceIds | null = null;
    const controls: EngineControls = {
      // The conversation itself, not the provider: once the caller hangs up, the provider has let go
      // of it while its closing line plays, and End Call must still cut that. A teardown that fails
      // after the visitor hung up has nothing left to tell them (onDisconnect still fires).
      end: () => {
        if (conversation) conversation.endSession().catch((error: unknown) => console.warn("Call: ending the session failed", error));
        else sdk.endSession();
      },
      setMuted: (muted) => attempt(() => setMuted(muted)),
      sendText: (text) => {
        onVisitorTyped();
        attempt(() => sdk.sendUserMessage(text));
      },
      sendFeedback: (like, eventId) => attempt(() => sendFeedback(like, eventId)),
      inputVolume: () => {
        try {
          return sdk.getInputVolume();
        } catch {
          return 0;
        }
      },
      devices: () => (devices ? { ...devices } : null),
      // The SDK's own switch: it opens the new microphone before letting go of the old one, and keeps mute.
      switchDevice: async (kind, deviceId) => {
        if (!devices) return false;
        try {
          if (kind === "microphone") await sdk.changeInputDevice({ inputDeviceId: deviceId || undefined });
          else await sdk.changeOutputDevice({ outputDeviceId: deviceId || undefined });
        } catch {
          return false;
        }
        devices[kind] = deviceId;
        return true;
      },
    };
    // audioContext, signal, inputStream and a signed URL still to come (a promise) come with the
    // project's SDK patch (patches/, docs/call-widget.md, "The voice SDK patch").
    const options: HookOptions & PageSessionConfig = {
      signedUrl: session.signedUrl,
      connectionType: "websocket",
      textOnly: session.textOnly,
      dynamicVariables: { ...CALL_VARIABLES },
      clientTools: clientTools(events.dispatch),
      ...voiceAssets,
      audioContext: session.audioContext ?? undefined,
      signal: session.signal,
      onConversationCreated: (created) => {
        conversation = created;
      },
      onConnect: () => events.connected(controls),
    };
    if (session.textOnly) {
      sdk.startSession(options);
      return;
    }
    // A voice call starts on the devices chosen in an earlier call, where they are still plugged in.
    // On the default microphone, the SDK records from the one the widget asked for (no second
    // request); a chosen one it opens itself, once the widget's prompt was answered (never two prompts).
    void startingDevices(browserStorage(), canRouteOutput()).then(async (starting) => {
      if (starting.microphone) await session.microphone?.catch(() => {});
      if (session.signal.aborted) return;
      devices = starting;
      const microphone = starting.microphone ? { inputDeviceId: starting.microphone } : { inputStream: session.microphone ?? undefined };
      sdk.startSession({ ...options, ...microphone, outputDeviceId: starting.speaker || undefined });
    });
  }, [sdk, setMuted, sendFeedback, session, events, onVisitorTyped]);

  return null;
}
