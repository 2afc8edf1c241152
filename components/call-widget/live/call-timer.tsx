"use client";

import { useEffect, useState } from "react";
import { callLiveText as text } from "@/content/call/live";
import { formatClock, secondsLeft } from "@/lib/call/call-state";

/** Seconds at which the time left is read out to screen-reader users. */
const WARNINGS = new Set([60, 30, 10]);

/** Counts down to the voice agent's call limit, which ends the call. */
export function CallTimer({ connectedAt, limitSeconds }: { connectedAt: number; limitSeconds: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = secondsLeft(connectedAt, now, limitSeconds);
  return (
    <>
      <p className="text-sm tabular-nums text-neutral-300">
        <span role="timer" aria-label={text.timer.label}>
          {formatClock(left)}
        </span>
      </p>
      <p role="status" className="sr-only">
        {WARNINGS.has(left) ? text.status.timeWarning(left) : ""}
      </p>
    </>
  );
}
