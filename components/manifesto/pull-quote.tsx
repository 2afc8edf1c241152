import type { SourcedQuote } from "@/content/manifesto";
import { SourceLine } from "./source-line";

export function PullQuote({ quote }: { quote: SourcedQuote }) {
  return (
    <figure className="mt-10 max-w-3xl border-l-4 border-alarm pl-5 sm:pl-8">
      <blockquote cite={quote.citation.url} className="text-xl font-medium leading-snug text-white sm:text-2xl">
        <p>&ldquo;{quote.text}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-4">
        <p className="text-neutral-300">{quote.attribution}</p>
        <SourceLine citation={quote.citation} className="mt-1" />
      </figcaption>
    </figure>
  );
}
