"use client";

import { useId } from "react";
import { callLiveText as text } from "@/content/call/live";
import type { FeedbackValue } from "@/lib/call/call-state";

/**
 * Like or dislike the caller's last line; the choice goes to the agent as `feedback` for that event.
 * A visible caption says what is rated and each button names its rating in words beside a drawn
 * thumb: emoji rendered blank on systems without an emoji font, and said nothing of what they rated.
 * It stands for the whole call, disabled until there is a line to rate (`ready`), so it never
 * appears under the captions and moves what follows the panel.
 */
export function ReplyFeedback({ ready, chosen, onChoose }: { ready: boolean; chosen: FeedbackValue | null; onChoose: (value: FeedbackValue) => void }) {
  const caption = useId();
  const button =
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-white/30 px-4 text-sm font-semibold hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-70 aria-pressed:border-white aria-pressed:bg-white/15";
  return (
    <div role="group" aria-labelledby={caption} className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="call-rating">
      <span id={caption} className="text-sm text-neutral-300">
        {text.feedback.legend}
      </span>
      <span className="flex items-center gap-2">
        <button type="button" aria-pressed={chosen === "like"} disabled={!ready || chosen !== null} onClick={() => onChoose("like")} className={button}>
          <ThumbIcon />
          {text.buttons.like}
        </button>
        <button type="button" aria-pressed={chosen === "dislike"} disabled={!ready || chosen !== null} onClick={() => onChoose("dislike")} className={button}>
          <ThumbIcon down />
          {text.buttons.dislike}
        </button>
      </span>
      <span role="status" className="text-xs text-neutral-400">
        {chosen ? text.feedback.thanks : ""}
      </span>
    </div>
  );
}

/** A thumb in the stroke style of the site's icons (components/layout/icons.tsx); turned over for a dislike. */
function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      className={down ? "rotate-180" : undefined}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3Z" />
      <path d="M7 10l4-7a2.5 2.5 0 0 1 3 2.8L13.4 10H19a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.8 21H7" />
    </svg>
  );
}
