"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { callLiveText as text } from "@/content/call/live";
import type { Caption, Speaker } from "@/lib/call/call-state";
import { heardText, type SpokenLine } from "@/lib/call/spoken-line";

/** How often the caller's line being spoken is brought up to what has been heard. */
const REVEAL_INTERVAL_MS = 100;

const speakerStyle: Record<Speaker, string> = { agent: "text-rose-300", visitor: "text-sky-300" };
const speakerName = (speaker: Speaker) => (speaker === "agent" ? text.captions.agent : text.captions.visitor);

/**
 * Both sides of the call as text. Finished lines are items of a log (role="log", a polite live
 * region), so a screen reader reads each line once, whole. The caller's line while it is spoken
 * grows word by word as it is heard, outside the list and hidden from assistive technology: no
 * per-word chatter, and it joins the log when it is finished.
 */
export function CallCaptions({
  captions,
  spoken,
  streaming,
  typing,
  tentative = "",
}: {
  captions: readonly Caption[];
  spoken: SpokenLine | null;
  streaming: string;
  typing: boolean;
  /** The visitor's words as they speak, until the turn's transcript joins the log. */
  tentative?: string;
}) {
  const log = useRef<HTMLDivElement>(null);
  const scrollToEnd = useCallback(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);
  useEffect(scrollToEnd, [captions, streaming, typing, tentative, scrollToEnd]);
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
        className="h-48 overflow-y-auto px-4 py-3 text-sm leading-6 [overflow-wrap:anywhere]"
        data-testid="call-captions"
      >
        {captions.length === 0 && !spoken && !streaming && !typing && !tentative && <p className="text-neutral-400">{text.captions.empty}</p>}
        {captions.length > 0 && (
          <ol className="space-y-2">
            {captions.map((caption) => (
              <li key={caption.id} data-speaker={caption.speaker}>
                <SpeakerLabel speaker={caption.speaker} /> {caption.text}
              </li>
            ))}
          </ol>
        )}
        {spoken && <SpokenCaption key={spoken.eventId} line={spoken} onGrow={scrollToEnd} spaced={captions.length > 0} />}
        {/* A typed call's reply as it streams: like the spoken line, outside the log and hidden from assistive technology until it is whole. */}
        {streaming !== "" && (
          <p aria-hidden="true" data-speaker="agent" data-testid="call-caption-streaming" className={captions.length > 0 ? "mt-2" : undefined}>
            <SpeakerLabel speaker="agent" /> {streaming}
          </p>
        )}
        {/* The visitor's words as they speak: hidden from assistive technology like the caller's growing line; the final transcript is what the log announces. */}
        {tentative !== "" && (
          <p aria-hidden="true" data-speaker="visitor" data-testid="call-caption-tentative" className={`${captions.length > 0 ? "mt-2 " : ""}opacity-80`}>
            <SpeakerLabel speaker="visitor" /> {tentative}
          </p>
        )}
        {typing && streaming === "" && (
          <p aria-hidden="true" data-testid="call-typing" className={`${captions.length > 0 ? "mt-2 " : ""}text-neutral-400 motion-safe:animate-pulse`}>
            {text.captions.typing}
          </p>
        )}
      </div>
    </section>
  );
}

function SpeakerLabel({ speaker }: { speaker: Speaker }) {
  return <span className={`font-semibold ${speakerStyle[speaker]}`}>{speakerName(speaker)}:</span>;
}

function SpokenCaption({ line, onGrow, spaced }: { line: SpokenLine; onGrow: () => void; spaced: boolean }) {
  const [heard, setHeard] = useState("");
  useEffect(() => {
    const update = () => setHeard(heardText(line, performance.now()));
    update();
    const timer = setInterval(update, REVEAL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [line]);
  useEffect(onGrow, [heard, onGrow]);
  if (heard === "") return null;
  return (
    <p aria-hidden="true" data-speaker="agent" data-testid="call-caption-spoken" className={spaced ? "mt-2" : undefined}>
      <SpeakerLabel speaker="agent" /> {heard}
    </p>
  );
}
