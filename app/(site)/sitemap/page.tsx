import type { Metadata } from "next";
import { sitemapEntries } from "@/lib/seo/sitemap-entries";

export const metadata: Metadata = {
  title: { absolute: "Sitemap" },
  description: "Every page of the site as listed in the XML sitemap search engines read.",
  robots: { index: false, follow: true },
  alternates: { canonical: "/sitemap.xml" },
};

/** The readable face of /sitemap.xml: browsers that open it are shown this page. */
export default function SitemapPage() {
  const entries = sitemapEntries();
  return (
    <div className="mx-auto max-w-5xl px-5 py-16 md:px-8">
      <h1 className="text-4xl font-bold tracking-tight">Sitemap</h1>
      <p className="mt-4 text-neutral-300">
        The XML sitemap search engines read lists {entries.length} pages, with how important each is and how often it changes.
      </p>
      <div className="mt-8 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="text-neutral-300">
            <tr className="border-b border-line">
              <th scope="col" className="py-3 pr-4 font-semibold">Page</th>
              <th scope="col" className="py-3 pr-4 font-semibold">Priority</th>
              <th scope="col" className="py-3 font-semibold">Changes</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.url} className="border-b border-line">
                <td className="py-3 pr-4">
                  <a href={entry.url} className="underline underline-offset-4">{entry.url}</a>
                </td>
                <td className="py-3 pr-4 tabular-nums">{entry.priority.toFixed(1)}</td>
                <td className="py-3">{entry.changefreq}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
