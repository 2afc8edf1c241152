import { LegalDocument } from "@/components/legal/legal-document";
import { JsonLd } from "@/components/seo/json-ld";
import { privacyPolicyFor } from "@/content/legal/privacy";
import { pageEntry } from "@/content/pages";
import { siteHost } from "@/lib/config/site-links";
import { staticPageMetadata } from "@/lib/seo/metadata";
import { breadcrumbsTo, graph } from "@/lib/seo/structured-data";

export const metadata = staticPageMetadata("/privacy");

export default function PrivacyPage() {
  const entry = pageEntry("/privacy");
  return (
    <>
      <JsonLd data={graph(breadcrumbsTo({ name: entry.breadcrumb, path: entry.path }))} />
      <LegalDocument doc={privacyPolicyFor({ websiteHost: siteHost })} />
    </>
  );
}
