import type { BetaItem } from "@/content/join-beta";

type Props = { id: string; heading: string; items: readonly BetaItem[]; tone: "give" | "ask" };

function Marker({ tone }: { tone: Props["tone"] }) {
  return (
    <span
      aria-hidden="true"
      className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full ${
        tone === "give" ? "bg-alarm-strong text-white" : "border border-white/40 text-white"
      }`}
    >
      <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5">
        {tone === "give" ? (
          <path d="M5 10.5l3.2 3.2L15 7" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M6 10h8M10 6l4 4-4 4" strokeLinecap="round" strokeLinejoin="round" />
        )}
      </svg>
    </span>
  );
}

/** One side of the beta deal: a titled list in a panel. */
export function BetaList({ id, heading, items, tone }: Props) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="h-full rounded-2xl border border-line bg-panel p-6 sm:p-8">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-white">
        {heading}
      </h2>
      <ul role="list" className="mt-6 space-y-5">
        {items.map((item) => (
          <li key={item.title} className="flex gap-4">
            <Marker tone={tone} />
            <div>
              <p className="font-semibold text-white">{item.title}</p>
              <p className="mt-1 leading-relaxed text-neutral-300">{item.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
