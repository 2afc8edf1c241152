import type { FeatureHighlight } from "@/content/product";
import { illustrationPath, illustrationSize } from "./illustrations";

/**
 * One highlight: copy and illustration side by side from md up (the illustration swaps sides
 * when `reversed`), stacked on small screens with the heading first so reading order matches.
 */
export function FeatureBlock({ feature, index }: { feature: FeatureHighlight; index: number }) {
  const titleId = `${feature.id}-title`;
  return (
    <section id={feature.id} aria-labelledby={titleId} className="py-12 md:py-20">
      <div className="grid items-center gap-8 md:grid-cols-2 md:gap-12 lg:gap-20">
        <div className={feature.reversed ? "" : "md:order-last"}>
          <p aria-hidden="true" className="font-mono text-sm font-semibold tracking-widest text-alarm">
            {String(index + 1).padStart(2, "0")}
          </p>
          <h2 id={titleId} className="mt-3 text-3xl font-bold tracking-tight text-white text-balance sm:text-4xl">
            {feature.title}
          </h2>
          <div className="mt-5 space-y-4 text-base leading-relaxed text-neutral-300 sm:text-lg">
            {feature.description.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <ul className="mt-6 space-y-3 text-neutral-200">
            {feature.bullets.map((bullet) => (
              <li key={bullet} className="flex gap-3">
                <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" className="mt-0.5 shrink-0 text-signal">
                  <circle cx="10" cy="10" r="9" fill="currentColor" fillOpacity="0.15" />
                  <path d="m6 10.5 2.5 2.5L14 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <span>{bullet}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="mx-auto w-full max-w-xl md:max-w-none">
          {/* eslint-disable-next-line @next/next/no-img-element -- a static SVG rendered at build: nothing to optimise; width and height reserve its space */}
          <img
            src={illustrationPath(feature.id)}
            alt={feature.alt}
            width={illustrationSize.width}
            height={illustrationSize.height}
            loading="lazy"
            decoding="async"
            className="block aspect-[4/3] h-auto w-full"
          />
        </div>
      </div>
    </section>
  );
}
