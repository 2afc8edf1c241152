"use client";

import { useEffect, type RefObject } from "react";

/**
 * Brings what just appeared into view, when the visitor could miss it: on a phone the debrief
 * lands below the fold and an error above the captions they are reading. `start` puts its top at
 * the top (a long card reads from its heading); `nearest` moves it only as far as needed. The
 * scroll follows the page's scroll-behavior, so reduced motion is honoured (app/globals.css).
 */
export function useRevealOnAppear(ref: RefObject<HTMLElement | null>, shown: unknown, block: "start" | "nearest"): void {
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    const { top, bottom } = element.getBoundingClientRect();
    const inView = block === "start" ? top >= 0 && top < window.innerHeight / 2 : top >= 0 && bottom <= window.innerHeight;
    if (!inView) element.scrollIntoView({ block, behavior: "auto" });
  }, [ref, shown, block]);
}
