import { LegalDocument } from "@/components/legal/legal-document";
import { JsonLd } from "@/components/seo/json-ld";
import { termsOfServiceFor } from "@/content/legal/terms";
import { pageEntry } from "@/content/pages";
import { siteHost } from "@/lib/config/site-links";
import { staticPageMetadata } from "@/lib/seo/metadata";
import { breadcrumbsTo, graph } from "@/lib/seo/structured-data";

export const metadata = staticPageMetadata("/terms");

export default function TermsPage() {
  const entry = pageEntry("/terms");
  return (
    <>
      <JsonLd data={graph(breadcrumbsTo({ name: entry.breadcrumb, path: entry.path }))} />
      <LegalDocument doc={termsOfServiceFor({ websiteHost: siteHost })} />
    </>
  );
}
