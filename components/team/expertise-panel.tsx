import { teamPage } from "@/content/team";

export function ExpertisePanel() {
  const { heading, body, areas } = teamPage.expertise;
  return (
    <section
      aria-labelledby="expertise-heading"
      className="rounded-3xl border border-line bg-linear-to-br from-alarm-strong/15 via-panel to-panel p-6 sm:p-10"
    >
      <h2 id="expertise-heading" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
        {heading}
      </h2>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-neutral-300">{body}</p>
      <ul role="list" className="mt-8 grid gap-5 sm:grid-cols-2">
        {areas.map((area) => (
          <li key={area.title} className="rounded-2xl border border-line bg-ink/60 p-5">
            <h3 className="font-semibold text-white">{area.title}</h3>
            <p className="mt-2 leading-relaxed text-neutral-300">{area.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
