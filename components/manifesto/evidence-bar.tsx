import type { EvidenceBarData } from "@/content/manifesto";
import { SourceLine } from "./source-line";

/** A sourced share drawn as a red bar to scale; the caption states the figure and links its source. */
export function EvidenceBar({ percent, label, figure }: EvidenceBarData) {
  return (
    <figure className="mt-10 rounded-2xl border border-line bg-panel p-5 sm:p-8">
      <div className="flex items-end justify-between gap-4" aria-hidden="true">
        <span className="text-sm font-medium uppercase tracking-wider text-neutral-300">{label}</span>
        <span className="text-4xl font-bold leading-none tracking-tight text-alarm sm:text-5xl">{figure.value}</span>
      </div>
      <div
        role="img"
        aria-label={`Bar chart of ${label.toLowerCase()}: ${figure.value}`}
        className="mt-4 h-4 w-full overflow-hidden rounded-full bg-white/10 sm:h-5"
      >
        <div
          className="h-full origin-left rounded-full bg-alarm transition-transform duration-400 ease-out starting:scale-x-0"
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="mt-2 flex justify-between text-xs text-neutral-300" aria-hidden="true">
        <span>0%</span>
        <span>100%</span>
      </div>
      <figcaption className="mt-5">
        <p className="text-base leading-relaxed text-neutral-200 sm:text-lg">
          <strong className="font-semibold text-white">{figure.value}</strong>
          {figure.statement}
        </p>
        <SourceLine citation={figure.citation} className="mt-2" />
      </figcaption>
    </figure>
  );
}
