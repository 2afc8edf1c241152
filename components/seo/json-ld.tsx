import type { Graph } from "schema-dts";
import { serializeJsonLd } from "@/lib/seo/structured-data";

export function JsonLd({ data }: { data: Graph }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
