import { ExternalLink } from "@/components/ui/external-link";
import { buttonStyles } from "@/components/ui/button-styles";
import { configuredLinks } from "@/lib/config/site-links";

/** The closing call to action: a dark panel with one booking button (external, new tab). */
export function ProductCta({ title, body, button }: { title: string; body: string; button: string }) {
  return (
    <section aria-labelledby="product-cta-title" className="pb-20 md:pb-28">
      <div className="relative isolate overflow-hidden rounded-3xl border border-line bg-panel px-6 py-14 text-center sm:px-12 md:py-20">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 -bottom-40 -z-10 mx-auto h-80 max-w-3xl glow-20"
        />
        <h2 id="product-cta-title" className="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-white text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-base leading-relaxed text-neutral-300 sm:text-lg">{body}</p>
        <div className="mt-8 flex justify-center">
          <ExternalLink href={configuredLinks.booking} className={buttonStyles.alarm}>
            {button}
          </ExternalLink>
        </div>
      </div>
    </section>
  );
}
