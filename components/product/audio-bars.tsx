import type { CSSProperties } from "react";

/**
 * Resting heights (fraction of the graphic's height) of the 7 bars. They trace a speech-like
 * envelope, so the graphic reads as a voice before, after and without the motion.
 */
const barHeights = [0.38, 0.62, 0.86, 1, 0.74, 0.52, 0.3] as const;

/**
 * The wave starts a second after the page appears, once the page has settled (moving bars
 * cost a rendering frame each while the page is still starting up), runs a few cycles and
 * ends at rest: all the motion is over within five seconds, so it needs no pause control
 * (WCAG 2.2.2).
 */
export const barMotion = { startSeconds: 1, staggerSeconds: 0.16, cycleSeconds: 1.1, cycles: 3 } as const;

type Props = { className?: string };

/** One fixed track per bar, each as wide as a bar at the current breakpoint (--bar-width). */
const tracks: CSSProperties = { gridTemplateColumns: `repeat(${barHeights.length}, var(--bar-width))` };

/**
 * Decorative "live voice" graphic of the Product hero: 7 bars that fall and rise in a staggered
 * wave (the `bar` keyframes in app/globals.css). Pure CSS, no client JavaScript; with reduced
 * motion the bars never move. The bars sit on fixed grid tracks rather than in a centred flex
 * row, so the graphic has its full width before its bars arrive: bars parsed later never move
 * the ones already painted.
 */
export function AudioBars({ className = "" }: Props) {
  return (
    <div
      aria-hidden="true"
      style={tracks}
      className={`grid h-28 grid-rows-1 items-center justify-center gap-2.5 [--bar-width:0.625rem] sm:h-36 sm:gap-3 sm:[--bar-width:0.875rem] lg:h-52 lg:gap-4 lg:[--bar-width:1rem] ${className}`}
    >
      {barHeights.map((height, index) => {
        const style: CSSProperties = {
          height: `${height * 100}%`,
          animationDuration: `${barMotion.cycleSeconds}s`,
          animationDelay: `${Math.round((barMotion.startSeconds + index * barMotion.staggerSeconds) * 100) / 100}s`,
          animationIterationCount: barMotion.cycles,
        };
        return (
          <span
            key={index}
            data-bar=""
            style={style}
            className={`block origin-center animate-bar rounded-full motion-reduce:animate-none ${index === 3 ? "bg-alarm" : "bg-neutral-200"}`}
          />
        );
      })}
    </div>
  );
}
