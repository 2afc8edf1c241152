import type { SourcedFigure as Figure } from "@/content/home";
import { ExternalLink } from "@/components/ui/external-link";

export function SourcedFigure({ figure }: { figure: Figure }) {
  return (
    <figure className="rounded-2xl border border-line bg-ink/60 p-5">
      <p className="text-4xl font-bold tracking-tight text-alarm">{figure.value}</p>
      <figcaption className="mt-2 text-sm leading-6 text-neutral-200">
        {figure.claim}{" "}
        <ExternalLink href={figure.source.url} className="font-medium text-white underline underline-offset-4">
          Source: {figure.source.publisher}
        </ExternalLink>
      </figcaption>
    </figure>
  );
}
