"use client";

import { callLiveText as text } from "@/content/call/live";
import { formatClock, lastAgentLine, type FeedbackValue } from "@/lib/call/call-state";
import type { MachineState } from "@/lib/call/call-machine";
import { debriefView } from "@/lib/call/debrief-view";
import { isMicrophoneRefusal } from "@/lib/call/call-errors";
// Read here, in the on-intent chunk, so the page's own JavaScript carries no configuration.
import { publicEnv } from "@/lib/config/public-env";
import type { CallActions, EngineControls } from "../engine-contract";
import { CallCaptions } from "./call-captions";
import { CallTimer } from "./call-timer";
import { DebriefCard } from "./debrief-card";
import { DeviceChoice } from "./device-choice";
import { InputSwitch, type InputSwitchProps } from "./input-switch";
import { LevelMeter } from "./level-meter";
import { MicrophoneHelp } from "./microphone-help";
import { ReplyFeedback } from "./reply-feedback";
import { TypedReply } from "./typed-reply";

export type LivePanelProps = {
  machine: MachineState;
  actions: CallActions;
  /** Stable device controls of whichever call is current (use-call.ts). */
  controls: Pick<EngineControls, "inputVolume" | "devices" | "switchDevice">;
  /** Talking and typing as one call (Type instead, Continue by voice); absent, the switch is not offered. */
  inputSwitch?: Omit<InputSwitchProps, "channel">;
};

/** The parts of the widget that only exist around a call; they ship in the on-intent chunk. */
export function LivePanel({ machine, actions, controls, inputSwitch }: LivePanelProps) {
  const state = machine.call;
  const connected = state.phase === "connected";
  const inCall = state.phase !== "idle";
  const voice = state.channel === "voice";
  const lastLine = lastAgentLine(state);
  const debrief = debriefView(machine);

  const rate = (value: FeedbackValue) => {
    if (lastLine?.eventId != null) actions.rate(lastLine.eventId, value);
  };

  const showCaptions = state.phase !== "idle" || state.captions.length > 0;
  if (!showCaptions && !debrief && !isMicrophoneRefusal(state.error)) return null;

  return (
    <div className="mt-4 grid grid-cols-1 gap-4">
      {isMicrophoneRefusal(state.error) && <MicrophoneHelp />}

      {/*
        The call's controls and, in a voice call, its device lists stand from the start of the call,
        disabled until it connects: nothing above the captions appears later and moves them.
      */}
      {/* At least a button's height, so the row's centred items stand where they will once its buttons are in. */}
      {inCall && (
        <div className="flex min-h-11 flex-wrap items-center gap-x-4 gap-y-2">
          {connected && state.connectedAt !== null ? (
            <CallTimer connectedAt={state.connectedAt} limitSeconds={publicEnv.NEXT_PUBLIC_CALL_LIMIT_SECONDS} />
          ) : (
            <p className="text-sm tabular-nums text-neutral-300">{formatClock(publicEnv.NEXT_PUBLIC_CALL_LIMIT_SECONDS)}</p>
          )}
          {voice && !inputSwitch?.typingInstead && (
            <>
              <button
                type="button"
                aria-pressed={state.muted}
                disabled={!connected}
                onClick={actions.toggleMute}
                className="min-h-11 rounded-full border border-white/40 px-4 text-sm font-semibold hover:bg-white/10 disabled:cursor-wait disabled:opacity-70 aria-pressed:bg-white aria-pressed:text-neutral-950"
              >
                {state.muted ? text.buttons.unmute : text.buttons.mute}
              </button>
              <LevelMeter controls={controls} />
            </>
          )}
          {/* Keyed by channel: Continue by voice goes with the typed call, and its focus to End Call once the voice call connects. */}
          {inputSwitch && <InputSwitch key={state.channel} channel={state.channel} disabled={!connected} {...inputSwitch} />}
          <p className="text-xs text-neutral-400" aria-hidden="true">
            {connected && state.agentSpeaking ? text.status.agentSpeaking : text.status.listening}
          </p>
        </div>
      )}

      {inCall && voice && <DeviceChoice ready={connected} controls={controls} onNotice={actions.notice} notice={state.notice} />}

      {showCaptions && <CallCaptions captions={state.captions} spoken={state.spoken} streaming={state.streaming?.text.trimStart() ?? ""} typing={state.agentTyping} tentative={state.tentative} />}

      {/* Below the captions too, everything a call has stands from its start, so the panel does not grow under what follows it. */}
      {inCall && <TypedReply onSend={actions.sendText} ready={connected} autoFocus={connected && !voice} />}

      {inCall && (
        <ReplyFeedback
          key={lastLine?.eventId ?? "none"}
          ready={connected && state.canSendFeedback && lastLine !== null}
          chosen={lastLine && state.feedback?.eventId === lastLine.eventId ? state.feedback.value : null}
          onChoose={rate}
        />
      )}

      {debrief && <DebriefCard debrief={debrief} onClose={actions.closeDebrief} />}
    </div>
  );
}
