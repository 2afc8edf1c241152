import type { FeatureHighlight } from "@/content/product";

/** In-page links to the six highlights (each block's id is its anchor). */
export function FeatureIndex({ features }: { features: readonly FeatureHighlight[] }) {
  return (
    <nav aria-label="Platform features" className="mt-10">
      <ul className="flex flex-wrap gap-2 sm:gap-3">
        {features.map((feature) => (
          <li key={feature.id}>
            <a
              href={`#${feature.id}`}
              className="inline-flex min-h-11 items-center rounded-full border border-line bg-panel px-4 text-sm font-medium text-neutral-200 transition-colors duration-300 hover:border-neutral-500 hover:text-white"
            >
              {feature.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
