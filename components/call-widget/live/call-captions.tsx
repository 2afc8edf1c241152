"use client";

import { useEffect, useRef } from "react";
import { callLiveText as text } from "@/content/call-live";
import type { Caption } from "@/lib/call/call-state";

/** Both sides of the call as text, announced as they arrive (role="log" is a polite live region). */
export function CallCaptions({ captions }: { captions: readonly Caption[] }) {
  const log = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [captions]);
  return (
    <section aria-labelledby="call-captions-heading" className="rounded-xl border border-line">
      <h3 id="call-captions-heading" className="border-b border-line px-4 py-2 text-sm font-semibold">
        {text.captions.heading}
      </h3>
      {/* The log is the scrolling box around a real list: an <li> needs a list as its parent. */}
      <div
        ref={log}
        role="log"
        aria-labelledby="call-captions-heading"
        tabIndex={0}
        className="max-h-64 overflow-y-auto px-4 py-3 text-sm leading-6"
        data-testid="call-captions"
      >
        {captions.length === 0 ? (
          <p className="text-neutral-400">{text.captions.empty}</p>
        ) : (
          <ol className="space-y-2">
            {captions.map((caption) => (
              <li key={caption.id} data-speaker={caption.speaker}>
                <span className={`font-semibold ${caption.speaker === "agent" ? "text-rose-300" : "text-sky-300"}`}>
                  {caption.speaker === "agent" ? text.captions.agent : text.captions.visitor}:
                </span>{" "}
                {caption.text}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
