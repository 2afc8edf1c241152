"use client";

import { callLiveText as text } from "@/content/call/live";
import type { FeedbackValue } from "@/lib/call/call-state";

/** Like or dislike the caller's last line; the choice goes to the agent as `feedback` for that event. */
export function ReplyFeedback({ chosen, onChoose }: { chosen: FeedbackValue | null; onChoose: (value: FeedbackValue) => void }) {
  const button = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-white/30 px-3 text-sm hover:bg-white/10 aria-pressed:border-white aria-pressed:bg-white/15";
  return (
    <div role="group" aria-label={text.feedback.legend} className="flex items-center gap-2">
      <button type="button" aria-pressed={chosen === "like"} disabled={chosen !== null} onClick={() => onChoose("like")} className={button}>
        <span aria-hidden="true">👍</span>
        <span className="sr-only">{text.buttons.like}</span>
      </button>
      <button type="button" aria-pressed={chosen === "dislike"} disabled={chosen !== null} onClick={() => onChoose("dislike")} className={button}>
        <span aria-hidden="true">👎</span>
        <span className="sr-only">{text.buttons.dislike}</span>
      </button>
      <span role="status" className="text-xs text-neutral-400">
        {chosen ? text.feedback.thanks : ""}
      </span>
    </div>
  );
}
