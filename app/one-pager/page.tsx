import type { Metadata } from "next";
import { homeContent } from "@/content/home";
import { featureHighlights } from "@/content/product";
import { site } from "@/content/site";
import { LogoMark } from "@/components/layout/logo";
import { configuredLinks, siteHost } from "@/lib/config/site-links";

export const metadata: Metadata = {
  title: "One-pager",
  description: `${site.name} at a glance: the printable summary behind the One-pager download.`,
  robots: { index: false, follow: false },
};

/**
 * The source of public/mockingbird-one-pager.pdf (`npm run one-pager` prints it with
 * Chromium), so the PDF always says what the site says. Laid out for one A4 page.
 */
export default function OnePagerPage() {
  const figure = homeContent.panel.figures[0];
  return (
    <main id="main" className="print-sheet mx-auto min-h-dvh max-w-[210mm] bg-white px-[14mm] py-[10mm] text-[10.5pt] leading-snug text-ink print:min-h-0">
      <header className="flex items-center justify-between border-b-2 border-ink pb-3">
        <p className="flex items-center gap-2 text-xl font-bold">
          <LogoMark className="text-ink" barsClassName="fill-white" />
          {site.name}
        </p>
        <p className="text-sm text-neutral-700">{site.tagline}</p>
      </header>

      <h1 className="mt-4 text-[21pt] font-bold leading-tight tracking-tight">{homeContent.headline}</h1>
      <p className="mt-2 text-neutral-800">{homeContent.subline}</p>

      {figure ? (
        <p className="mt-4 rounded-lg bg-neutral-100 p-3 text-neutral-900">
          <strong className="text-[14pt] text-alarm-strong">{figure.value}</strong> {figure.claim}{" "}
          <span className="text-neutral-700">
            Source: {figure.source.publisher}, {figure.source.url}
          </span>
        </p>
      ) : null}

      <h2 className="mt-5 text-[13pt] font-bold">What the platform does</h2>
      <ul className="mt-2 grid grid-cols-3 gap-x-5 gap-y-2.5 text-[9pt]">
        {featureHighlights.map((feature) => (
          <li key={feature.id}>
            <h3 className="font-semibold">{feature.label}</h3>
            {/* Every paragraph: a feature's later ones carry conditions, such as voice cloning's consent. */}
            {feature.description.map((paragraph) => (
              <p key={paragraph} className="mt-0.5 text-neutral-800">
                {paragraph}
              </p>
            ))}
          </li>
        ))}
      </ul>

      <h2 className="mt-5 text-[13pt] font-bold">{homeContent.secondary.heading}</h2>
      <ol className="mt-2 grid grid-cols-3 gap-x-5 text-[9pt]">
        {homeContent.secondary.steps.map((step, index) => (
          <li key={step.title}>
            <h3 className="font-semibold">
              {index + 1}. {step.title}
            </h3>
            <p className="mt-0.5 text-neutral-800">{step.body}</p>
          </li>
        ))}
      </ol>

      <footer className="mt-5 flex justify-between gap-2 border-t-2 border-ink pt-3 text-[9pt]">
        <span>Book a free consultation: {configuredLinks.booking}</span>
        <span>{site.email}</span>
        <span>{siteHost}</span>
      </footer>
    </main>
  );
}
