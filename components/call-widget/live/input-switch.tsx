"use client";

import { useEffect, useRef, useState } from "react";
import { callLiveText as text } from "@/content/call/live";
import type { CallChannel } from "@/lib/call/call-state";

export type InputSwitchProps = {
  channel: CallChannel;
  /** A voice call the visitor is typing in (lib/call/call-machine.ts). */
  typingInstead: boolean;
  onTypingInstead: (typing: boolean) => void;
  /** Starts a voice call with the same scenario in place of this typed one. */
  onContinueByVoice: () => void;
  /** Shown but not yet usable: the call is still connecting. */
  disabled?: boolean;
};

const button = "min-h-11 rounded-full border border-white/40 px-4 text-sm font-semibold hover:bg-white/10 disabled:cursor-wait disabled:opacity-70";

/**
 * Talk and type as one call. In a voice call, Type instead mutes the microphone and moves to the
 * typed reply; the same button (now Talk instead) unmutes it, so the focus stays where it was. In
 * a typed call, Continue by voice.
 */
export function InputSwitch({ channel, typingInstead, onTypingInstead, onContinueByVoice, disabled = false }: InputSwitchProps) {
  const [announced, setAnnounced] = useState("");
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    // The typed reply is the input now; it is rendered by then.
    if (typingInstead) document.getElementById("call-typed-reply")?.focus();
  }, [typingInstead]);

  if (channel === "typed") {
    return (
      <button type="button" onClick={onContinueByVoice} disabled={disabled} className={button}>
        {text.inputSwitch.continueByVoice}
      </button>
    );
  }
  const toggle = () => {
    switched.current = true;
    setAnnounced(typingInstead ? text.inputSwitch.talking : text.inputSwitch.typing);
    onTypingInstead(!typingInstead);
  };
  return (
    <>
      <button type="button" onClick={toggle} disabled={disabled} className={button}>
        {typingInstead ? text.inputSwitch.talkInstead : text.inputSwitch.typeInstead}
      </button>
      <span role="status" className="sr-only">
        {announced}
      </span>
    </>
  );
}
