import Link from "next/link";
import { pageEntry } from "@/content/pages";
import { featureHighlights, productCta, productFaq, productHero, productIntro } from "@/content/product";
import { configuredLinks } from "@/lib/config/site-links";
import { staticPageMetadata } from "@/lib/seo/metadata";
import { breadcrumbsTo, faqPage, graph, service, softwareApplication } from "@/lib/seo/structured-data";
import { JsonLd } from "@/components/seo/json-ld";
import { ExternalLink } from "@/components/ui/external-link";
import { buttonStyles } from "@/components/ui/button-styles";
import { AudioBars } from "@/components/product/audio-bars";
import { FeatureBlock } from "@/components/product/feature-block";
import { FeatureIndex } from "@/components/product/feature-index";
import { ProductFaq } from "@/components/product/product-faq";
import { ProductCta } from "@/components/product/product-cta";

export const metadata = staticPageMetadata("/product");

const entry = pageEntry("/product");
const container = "mx-auto w-full max-w-7xl px-5 md:px-8";

export default function ProductPage() {
  return (
    <>
      <JsonLd
        data={graph(
          softwareApplication(),
          service(),
          faqPage(productFaq),
          breadcrumbsTo({ name: entry.breadcrumb, path: entry.path }),
        )}
      />

      <section aria-labelledby="product-title" className="relative isolate overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute -top-32 right-0 -z-10 h-96 w-96 glow-12 md:right-24"
        />
        <div className={`${container} grid items-center gap-12 pt-12 pb-16 md:pt-20 md:pb-24 lg:grid-cols-[1.15fr_1fr] lg:gap-16`}>
          <div>
            <p className="text-sm font-semibold tracking-wide text-alarm uppercase">{productHero.eyebrow}</p>
            <h1
              id="product-title"
              className="mt-4 text-4xl font-bold tracking-tight text-white text-balance sm:text-5xl lg:text-6xl"
            >
              {productHero.title}
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-neutral-300 sm:text-xl">{productHero.subtitle}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <ExternalLink href={configuredLinks.booking} className={buttonStyles.primary}>
                {productHero.primaryCta}
              </ExternalLink>
              <a href="#features" className={buttonStyles.outline}>
                {productHero.secondaryCta}
              </a>
            </div>
          </div>
          <div className="relative mx-auto w-full max-w-md lg:max-w-none">
            <div className="relative isolate flex aspect-[5/3] items-center justify-center overflow-hidden rounded-3xl border border-line bg-panel sm:aspect-[16/9] lg:aspect-[4/3]">
              <div aria-hidden="true" className="absolute inset-0 -z-10 flex items-center justify-center">
                <div className="size-48 glow-12 lg:size-72" />
                <div className="absolute size-40 rounded-full border border-line sm:size-52 lg:size-80" />
                <div className="absolute size-56 rounded-full border border-line/60 sm:size-72 lg:size-[28rem]" />
              </div>
              <AudioBars />
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="product-intro-title" className="border-t border-line">
        <div className={`${container} py-16 md:py-20`}>
          <h2 id="product-intro-title" className="max-w-3xl text-2xl font-bold tracking-tight text-white text-balance sm:text-3xl">
            {productIntro.title}
          </h2>
          <p className="mt-5 max-w-3xl text-lg leading-relaxed text-neutral-300">{productIntro.body}</p>
          <FeatureIndex features={featureHighlights} />
        </div>
      </section>

      <div id="features" className={container}>
        <div className="divide-y divide-line border-t border-line">
          {featureHighlights.map((feature, index) => (
            <FeatureBlock key={feature.id} feature={feature} index={index} />
          ))}
        </div>
      </div>

      <div className={container}>
        <ProductFaq
          items={productFaq}
          title="Frequently asked questions"
          aside={
            <p>
              Straight answers to the questions security teams ask first. The full detail is in our{" "}
              <Link href="/privacy" className="font-medium text-white underline underline-offset-4 hover:text-neutral-200">
                Privacy Policy
              </Link>{" "}
              and{" "}
              <Link href="/terms" className="font-medium text-white underline underline-offset-4 hover:text-neutral-200">
                Terms of Service
              </Link>
              .
            </p>
          }
        />
        <ProductCta title={productCta.title} body={productCta.body} button={productCta.button} />
      </div>
    </>
  );
}
