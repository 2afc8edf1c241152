"use client";

import { useEffect, useState } from "react";
import { callLiveText as text } from "@/content/call/live";
import type { EngineControls } from "../engine-contract";

/**
 * The microphone level, so the visitor sees they are heard. Polled at ~12 Hz and only
 * re-rendered when the rounded level changes: enough to read, cheap for the page.
 */
export function LevelMeter({ controls }: { controls: Pick<EngineControls, "inputVolume"> }) {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      const volume = controls.inputVolume();
      const value = Math.round(Math.min(1, Math.max(0, volume * 2.5)) * 10) * 10;
      setLevel((previous) => (previous === value ? previous : value));
    }, 80);
    return () => clearInterval(timer);
  }, [controls]);
  return (
    <div
      role="meter"
      aria-label={text.meter.label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={level}
      className="h-2 w-24 overflow-hidden rounded-full bg-white/15"
    >
      <div className="h-full rounded-full bg-green-400 transition-[width] duration-75 motion-reduce:transition-none" style={{ width: `${level}%` }} />
    </div>
  );
}
