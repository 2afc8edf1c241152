import { EvidenceBar } from "@/components/manifesto/evidence-bar";
import { ManifestoSection } from "@/components/manifesto/manifesto-section";
import { NumberedPoints } from "@/components/manifesto/numbered-points";
import { PullQuote } from "@/components/manifesto/pull-quote";
import { SourcedFigures } from "@/components/manifesto/sourced-figures";
import { JsonLd } from "@/components/seo/json-ld";
import { buttonStyles } from "@/components/ui/button-styles";
import { ExternalLink } from "@/components/ui/external-link";
import { manifesto } from "@/content/manifesto";
import { pageEntry } from "@/content/pages";
import { site } from "@/content/site";
import { configuredLinks } from "@/lib/config/site-links";
import { staticPageMetadata } from "@/lib/seo/metadata";
import { breadcrumbsTo, graph } from "@/lib/seo/structured-data";

export const metadata = staticPageMetadata("/manifesto");

const entry = pageEntry("/manifesto");

export default function ManifestoPage() {
  const { sections, plan, closing } = manifesto;
  return (
    <>
      <JsonLd data={graph(breadcrumbsTo({ name: entry.breadcrumb, path: entry.path }))} />
      <article className="mx-auto w-full max-w-5xl px-5 sm:px-8">
        <header className="pb-16 pt-16 sm:pb-20 sm:pt-24">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-alarm">Why {site.name} exists</p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-white sm:text-6xl">{manifesto.title}</h1>
          <p className="mt-6 max-w-3xl text-xl leading-relaxed text-neutral-300 sm:text-2xl">{manifesto.lede}</p>
        </header>

        {sections.map((section) => (
          <ManifestoSection key={section.id} id={section.id} heading={section.heading} paragraphs={section.paragraphs}>
            {section.bar ? <EvidenceBar {...section.bar} /> : null}
            {section.quote ? <PullQuote quote={section.quote} /> : null}
            {section.figures ? <SourcedFigures figures={section.figures} /> : null}
          </ManifestoSection>
        ))}

        <ManifestoSection id={plan.id} heading={plan.heading} paragraphs={[plan.intro]}>
          <NumberedPoints points={plan.points} />
          <div className="mt-14 flex flex-col items-start gap-6 rounded-2xl border border-line bg-linear-to-br from-alarm-strong/20 to-panel p-6 sm:flex-row sm:items-center sm:justify-between sm:p-10">
            <div className="max-w-xl">
              <p className="text-2xl font-semibold text-white">{closing.heading}</p>
              <p className="mt-2 leading-relaxed text-neutral-300">{closing.body}</p>
            </div>
            <ExternalLink href={configuredLinks.booking} className={`${buttonStyles.alarm} shrink-0`}>
              {closing.cta}
            </ExternalLink>
          </div>
        </ManifestoSection>
      </article>
    </>
  );
}
