"use client";

import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { defaultScenarioId, isScenarioId } from "@mockingbird/contract/scenarios";
import type { CallChannel, FeedbackValue } from "@/lib/call/call-state";
import { CallRunner } from "./call-runner";
import type { CallActions, EngineControls } from "./engine-contract";

/**
 * The call's lifecycle for the widget: the machine's state, the engine once loaded, the session
 * to mount, and named actions for the leaves.
 */
export function useCall() {
  const [runner] = useState(() => new CallRunner());
  // React's own subscription, not one set up in an effect: a tap that landed between the first
  // render and such an effect (WebKitGTK under load) started a call that reached no listener, and
  // the page never showed or mounted it ("Connection failed" 20 s later).
  const view = useSyncExternalStore(runner.subscribe, runner.snapshot, runner.snapshot);
  // Unmounted mid-call (the visitor navigated away): nothing of the call may outlive the widget.
  useEffect(() => () => runner.dispose(), [runner]);

  const actions = useMemo(() => {
    const preload = () => void runner.loadEngine().catch(() => {});
    /**
     * Starts a call. `audio` is the context unlocked inside the visitor's tap (or null); the
     * machine ignores a press while a call is live, and the context is then closed.
     */
    const start = (channel: CallChannel, scenarioValue: unknown, audio: AudioContext | null) =>
      runner.press({ type: "start", channel, scenario: isScenarioId(scenarioValue) ? scenarioValue : defaultScenarioId }, audio);
    const leaves: CallActions = {
      end: () => runner.send({ type: "end" }),
      toggleMute: () => runner.send({ type: "toggle-mute" }),
      typeInstead: (typing: boolean) => runner.send({ type: "type-instead", typing }),
      sendText: (reply: string) => runner.send({ type: "send-text", text: reply }),
      rate: (eventId: number, value: FeedbackValue) => runner.send({ type: "rate", eventId, value }),
      notice: (notice: string) => runner.send({ type: "notice", text: notice }),
      closeDebrief: () => runner.send({ type: "close-debrief" }),
    };
    /** A typed call becomes a voice call with the same scenario, in the visitor's tap. */
    const continueByVoice = (audio: AudioContext | null) => runner.press({ type: "continue-by-voice" }, audio);
    /** Stable controls for the live panel's meter and device choice; they act on whichever call is current. */
    const controls: Pick<EngineControls, "inputVolume" | "devices" | "switchDevice"> = {
      inputVolume: () => runner.controls()?.inputVolume() ?? 0,
      devices: () => runner.controls()?.devices() ?? null,
      switchDevice: async (kind, deviceId) => (await runner.controls()?.switchDevice(kind, deviceId)) ?? false,
    };
    return { preload, start, continueByVoice, leaves, controls };
  }, [runner]);

  return { ...view, ...actions };
}
