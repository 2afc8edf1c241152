import type { NumberedPoint } from "@/content/manifesto";

/** The manifesto's plan: an ordered list, each point under its own h3. */
export function NumberedPoints({ points }: { points: readonly NumberedPoint[] }) {
  return (
    <ol role="list" className="mt-10 grid gap-5 lg:grid-cols-3">
      {points.map((point, index) => (
        <li
          key={point.title}
          className="rounded-2xl border border-line bg-panel p-6 transition-colors duration-300 hover:border-white/30 sm:p-8"
        >
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-alarm-strong text-sm font-bold text-white"
          >
            {String(index + 1).padStart(2, "0")}
          </span>
          <h3 className="mt-5 text-xl font-semibold text-white">{point.title}</h3>
          <p className="mt-3 leading-relaxed text-neutral-300">{point.body}</p>
        </li>
      ))}
    </ol>
  );
}
