import type { ReactNode } from "react";

type Props = { id: string; heading: string; paragraphs?: readonly string[]; children?: ReactNode };

/** One titled part of the manifesto: h2, reading-width prose, then whatever evidence follows. */
export function ManifestoSection({ id, heading, paragraphs = [], children }: Props) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="border-t border-line py-16 sm:py-20">
      <h2 id={headingId} className="max-w-3xl text-3xl font-bold tracking-tight text-white sm:text-4xl">
        {heading}
      </h2>
      {paragraphs.length > 0 ? (
        <div className="mt-6 max-w-3xl space-y-5 text-lg leading-relaxed text-neutral-300">
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      ) : null}
      {children}
    </section>
  );
}
