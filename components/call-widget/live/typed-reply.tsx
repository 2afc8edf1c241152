"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { callLiveText as text } from "@/content/call/live";
import { TYPED_REPLY_MAX_CHARS } from "@mockingbird/contract/limits";

/** A typed turn (user_message): works in a voice call and is the whole input of a typed call; disabled until the call connects (`ready`). */
export function TypedReply({ onSend, ready, autoFocus }: { onSend: (reply: string) => void; ready: boolean; autoFocus: boolean }) {
  const [value, setValue] = useState("");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reply = value.trim();
    if (!ready || reply === "") return;
    onSend(reply);
    setValue("");
  };
  return (
    <form onSubmit={submit} className="flex gap-2">
      <label htmlFor="call-typed-reply" className="sr-only">
        {text.typedReply.label}
      </label>
      <input
        ref={input}
        id="call-typed-reply"
        type="text"
        autoComplete="off"
        maxLength={TYPED_REPLY_MAX_CHARS}
        value={value}
        disabled={!ready}
        onChange={(event) => setValue(event.target.value)}
        placeholder={text.typedReply.placeholder}
        className="min-h-11 w-0 min-w-0 flex-1 rounded-full border border-white/40 bg-transparent px-4 text-sm text-white placeholder:text-neutral-400 disabled:cursor-wait disabled:opacity-70"
      />
      <button type="submit" disabled={!ready} className="min-h-11 rounded-full bg-white px-5 text-sm font-semibold text-neutral-950 hover:bg-neutral-200 disabled:cursor-wait disabled:opacity-70">
        {text.buttons.send}
      </button>
    </form>
  );
}
