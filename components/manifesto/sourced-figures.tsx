import type { SourcedFigure } from "@/content/manifesto";
import { SourceLine } from "./source-line";

/** Figures as rows: the number large, the sentence it starts, then its source. */
export function SourcedFigures({ figures }: { figures: readonly SourcedFigure[] }) {
  return (
    <ul role="list" className="mt-10 divide-y divide-line border-y border-line">
      {figures.map((figure) => (
        <li key={figure.value} className="grid gap-2 py-6 sm:grid-cols-[11rem_1fr] sm:gap-8">
          <p className="text-3xl font-bold tracking-tight text-alarm sm:text-4xl" aria-hidden="true">
            {figure.value}
          </p>
          <div>
            <p className="text-base leading-relaxed text-neutral-200 sm:text-lg">
              <span className="sr-only">{figure.value}</span>
              {figure.statement}
            </p>
            <SourceLine citation={figure.citation} className="mt-2" />
          </div>
        </li>
      ))}
    </ul>
  );
}
