import { BetaList } from "@/components/join-beta/beta-list";
import { JsonLd } from "@/components/seo/json-ld";
import { buttonStyles } from "@/components/ui/button-styles";
import { ExternalLink } from "@/components/ui/external-link";
import { joinBeta } from "@/content/join-beta";
import { pageEntry } from "@/content/pages";
import { configuredLinks } from "@/lib/config/site-links";
import { staticPageMetadata } from "@/lib/seo/metadata";
import { breadcrumbsTo, graph } from "@/lib/seo/structured-data";

export const metadata = staticPageMetadata("/join-beta");

const entry = pageEntry("/join-beta");

export default function JoinBetaPage() {
  const { title, intro, benefits, asks, cta } = joinBeta;
  return (
    <>
      <JsonLd data={graph(breadcrumbsTo({ name: entry.breadcrumb, path: entry.path }))} />
      <div className="mx-auto w-full max-w-5xl px-5 pb-20 sm:px-8 sm:pb-28">
        <header className="pb-12 pt-16 sm:pb-16 sm:pt-24">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-alarm">Private beta</p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-white sm:text-6xl">{title}</h1>
          <div className="mt-6 max-w-3xl space-y-4 text-lg leading-relaxed text-neutral-300 sm:text-xl">
            {intro.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </header>

        <div className="grid gap-6 lg:grid-cols-2">
          <BetaList id="what-you-get" heading={benefits.heading} items={benefits.items} tone="give" />
          <BetaList id="what-we-ask" heading={asks.heading} items={asks.items} tone="ask" />
        </div>

        <div className="mt-12 flex flex-col items-start gap-6 rounded-2xl border border-line bg-linear-to-br from-alarm-strong/20 to-panel p-6 sm:mt-16 sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div className="max-w-xl">
            <p className="text-2xl font-semibold text-white">{cta.lead}</p>
            <p className="mt-2 leading-relaxed text-neutral-300">{cta.body}</p>
          </div>
          <ExternalLink href={configuredLinks.booking} className={`${buttonStyles.alarm} shrink-0`}>
            {cta.label}
          </ExternalLink>
        </div>
      </div>
    </>
  );
}
