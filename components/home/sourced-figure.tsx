import type { SourcedFigure as Figure } from "@/content/home";
import { ExternalLink } from "@/components/ui/external-link";

/**
 * A figure that another publisher relays (its source's origin is not its publisher) names one
 * source, as content/FACTS.md asks: "according to CrowdStrike, as reported by SecureLogix", never
 * "according to CrowdStrike. Source: SecureLogix", which reads as two sources that disagree.
 */
export function SourcedFigure({ figure }: { figure: Figure }) {
  const { source } = figure;
  const relayed = source.origin !== undefined && source.origin !== source.publisher;
  const link = (label: string) => (
    <ExternalLink href={source.url} className="font-medium text-white underline underline-offset-4">
      {label}
    </ExternalLink>
  );
  return (
    <figure className="rounded-2xl border border-line bg-ink/60 p-5">
      <p className="text-4xl font-bold tracking-tight text-alarm">{figure.value}</p>
      <figcaption className="mt-2 text-sm leading-6 text-neutral-200">
        {relayed ? (
          <>
            {figure.claim.replace(/\.$/, "")}, as reported by {link(source.publisher)}.
          </>
        ) : (
          <>
            {figure.claim} {link(`Source: ${source.publisher}`)}
          </>
        )}
      </figcaption>
    </figure>
  );
}
