import { CallWidget } from "@/components/call-widget/call-widget";
import { site } from "@/content/site";
import { callWidgetPageText } from "@/content/call/page";
import { siteOrigin } from "@/lib/config/site-links";
import { buildPageMetadata } from "@/lib/seo/metadata";
import { shareImagePath } from "@/lib/seo/share-image";
import { EMBED_PATH } from "@/lib/security/framing";

export const metadata = buildPageMetadata({
  path: EMBED_PATH,
  title: callWidgetPageText.heading,
  description: `A simulated vishing call with an AI voice from ${site.name}, embedded on another site.`,
  shareImage: { path: shareImagePath("/"), alt: callWidgetPageText.heading },
});

/** Only the call widget, for an <iframe allow="microphone"> on an allow-listed site (README). */
export default function EmbeddedCallPage() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl p-3 outline-none sm:p-4">
      <CallWidget headingLevel={1} />
      <p className="mt-3 text-center text-xs text-neutral-400">
        <a href={siteOrigin} target="_blank" rel="noopener" className="underline underline-offset-2 hover:text-white">
          {site.name}: vishing simulation and voice security training<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    </main>
  );
}
