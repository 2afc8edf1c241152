import type { CSSProperties } from "react";

/**
 * Resting heights (fraction of the graphic's height) of the 7 bars. They trace a speech-like
 * envelope, so the static state shown with prefers-reduced-motion still reads as a voice.
 */
const barHeights = [0.38, 0.62, 0.86, 1, 0.74, 0.52, 0.3] as const;

/** Negative delays start every bar mid-cycle, so the wave is already moving on first paint. */
const staggerSeconds = 0.16;

type Props = { className?: string };

/**
 * Decorative "live voice" graphic of the Product hero: 7 bars that rise and fall in a staggered
 * wave (the `bar` keyframes in app/globals.css). Pure CSS, no client JavaScript; with reduced
 * motion the bars stand still at their resting heights.
 */
export function AudioBars({ className = "" }: Props) {
  return (
    <div aria-hidden="true" className={`flex h-28 items-center justify-center gap-2.5 sm:h-36 sm:gap-3 lg:h-52 lg:gap-4 ${className}`}>
      {barHeights.map((height, index) => {
        const style: CSSProperties = {
          height: `${height * 100}%`,
          animationDelay: `${Math.round(-index * staggerSeconds * 100) / 100}s`,
        };
        return (
          <span
            key={index}
            data-bar=""
            style={style}
            className={`block w-2.5 origin-center animate-bar rounded-full motion-reduce:animate-none sm:w-3.5 lg:w-4 ${
              index === 3 ? "bg-alarm" : "bg-neutral-200"
            }`}
          />
        );
      })}
    </div>
  );
}
