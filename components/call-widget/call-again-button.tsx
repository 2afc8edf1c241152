"use client";

import type { Ref } from "react";
import { callWidgetText as text } from "@/content/call/shell";

/**
 * Call again, after a dropped call: a submit button of the widget's form, so it starts the call
 * inside the visitor's tap as Start Call does, with the dropped call's scenario and channel.
 */
export function CallAgainButton({ ref, intent }: { ref: Ref<HTMLButtonElement>; intent: Record<"onPointerEnter" | "onFocus" | "onTouchStart", () => void> }) {
  return (
    <button
      ref={ref}
      type="submit"
      value="again"
      {...intent}
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-neutral-950 transition-colors duration-300 hover:bg-neutral-200"
    >
      {text.buttons.callAgain}
    </button>
  );
}
