import Link from "next/link";
import { homeContent as home } from "@/content/home";
import { headerActions } from "@/content/navigation";
import { ExternalLink } from "@/components/ui/external-link";
import { buttonStyles } from "@/components/ui/button-styles";
import { JsonLd } from "@/components/seo/json-ld";
import { CallWidget } from "@/components/call-widget/call-widget";
import { SourcedFigure } from "@/components/home/sourced-figure";
import { hrefOf } from "@/lib/config/site-links";
import { staticPageMetadata } from "@/lib/seo/metadata";
import { graph, service, softwareApplication } from "@/lib/seo/structured-data";

export const metadata = staticPageMetadata("/");

/** Where the phone-only link in the first screen takes the visitor. */
const callAnchor = "try-a-call";

export default function HomePage() {
  return (
    <>
      <JsonLd data={graph(softwareApplication(), service())} />
      <div className="mx-auto grid max-w-7xl gap-12 px-5 pb-20 pt-10 md:px-8 lg:grid-cols-[1.15fr_1fr] lg:gap-16 lg:pt-16">
        <div>
          <h1 className="text-4xl font-bold leading-tight tracking-tight text-balance sm:text-5xl lg:text-6xl">{home.headline}</h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-neutral-300">{home.subline}</p>
          {/* On phones the call widget sits below the fold: this puts it one tap away from the first screen. */}
          <a href={`#${callAnchor}`} className={`${buttonStyles.alarm} mt-6 lg:hidden`}>
            {home.demo.heading}
            <span aria-hidden="true">↓</span>
          </a>

          <section aria-labelledby="home-cta" className="mt-10 rounded-3xl border border-line bg-panel p-6 sm:p-8">
            <h2 id="home-cta" className="text-xl font-semibold">
              {home.cta.heading}
            </h2>
            <p className="mt-2 leading-7 text-neutral-300">{home.cta.body}</p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <ExternalLink href={hrefOf(headerActions.book.href)} className={buttonStyles.primary}>
                {headerActions.book.label}
              </ExternalLink>
              <Link href={headerActions.requestAccess.href} className={buttonStyles.outline}>
                {headerActions.requestAccess.label}
              </Link>
            </div>
          </section>

          <section aria-labelledby="home-how" className="mt-14">
            <h2 id="home-how" className="text-2xl font-semibold tracking-tight">
              {home.secondary.heading}
            </h2>
            <ol className="mt-6 grid gap-6 sm:grid-cols-3">
              {home.secondary.steps.map((step, index) => (
                <li key={step.title} className="border-t border-line pt-4">
                  <p className="text-sm font-semibold text-alarm" aria-hidden="true">
                    {String(index + 1).padStart(2, "0")}
                  </p>
                  <h3 className="mt-1 font-semibold">{step.title}</h3>
                  <p className="mt-2 text-sm leading-6 text-neutral-300">{step.body}</p>
                </li>
              ))}
            </ol>
          </section>
        </div>

        <aside aria-labelledby="home-panel" className="flex flex-col gap-6">
          <CallWidget anchorId={callAnchor} />
          <section className="rounded-3xl border border-line bg-panel p-6 sm:p-8">
            <h2 id="home-panel" className="text-xl font-semibold">
              {home.panel.heading}
            </h2>
            <ul className="mt-4 space-y-3 text-neutral-200">
              {home.panel.lessons.map((lesson) => (
                <li key={lesson} className="flex gap-3 leading-7">
                  <span aria-hidden="true" className="mt-2.5 size-2 shrink-0 rounded-full bg-alarm" />
                  {lesson}
                </li>
              ))}
            </ul>
            <div className="mt-6 grid gap-4">
              {home.panel.figures.map((figure) => (
                <SourcedFigure key={figure.value} figure={figure} />
              ))}
            </div>
          </section>
        </aside>
      </div>
    </>
  );
}
