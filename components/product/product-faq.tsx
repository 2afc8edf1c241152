import type { ReactNode } from "react";
import type { FaqItem } from "@/content/product";

type Props = {
  items: readonly FaqItem[];
  title: string;
  /** Shown under the heading, e.g. where to read more. */
  aside?: ReactNode;
};

/**
 * Questions and answers as always-visible text: the FAQPage JSON-LD is built from the same
 * strings, so what search engines read is exactly what visitors see.
 */
export function ProductFaq({ items, title, aside }: Props) {
  return (
    <section aria-labelledby="product-faq-title" className="border-t border-line py-16 md:py-24">
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:gap-16">
        <div>
          <h2 id="product-faq-title" className="text-3xl font-bold tracking-tight text-white text-balance sm:text-4xl">
            {title}
          </h2>
          {aside ? <div className="mt-5 leading-relaxed text-neutral-300">{aside}</div> : null}
        </div>
        <div className="divide-y divide-line border-y border-line">
          {items.map((item) => (
            <div key={item.question} className="py-7 first:pt-6">
              <h3 className="text-lg font-semibold text-white text-pretty">{item.question}</h3>
              <p className="mt-3 leading-relaxed text-neutral-300">{item.answer}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
