import type { Citation } from "@/content/manifesto";
import { ExternalLink } from "@/components/ui/external-link";

/** "Source: <original publisher>, via <linked page>", the attribution every figure carries. */
export function SourceLine({ citation, className = "" }: { citation: Citation; className?: string }) {
  return (
    <p className={`text-sm text-neutral-300 ${className}`}>
      Source: {citation.origin ? `${citation.origin}, via ` : null}
      <ExternalLink
        href={citation.url}
        className="text-neutral-200 underline decoration-white/30 underline-offset-4 transition-colors duration-300 hover:text-white hover:decoration-white"
      >
        {citation.publisher}
        {citation.title ? <>, &ldquo;{citation.title}&rdquo;</> : null}
      </ExternalLink>
    </p>
  );
}
