/**
 * Browsers navigating to /sitemap.xml announce a document destination; crawlers send
 * no fetch metadata. Only the former get the readable HTML view.
 */
export function wantsReadableSitemap(headers: Headers): boolean {
  return headers.get("sec-fetch-dest") === "document" && headers.get("sec-fetch-mode") === "navigate";
}
