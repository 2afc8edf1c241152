/** The path a page view reports: pathname plus the query, as the spec asks. */
export function pageViewPath(pathname: string, search: string): string {
  const query = search.replace(/^\?/, "");
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Off Vercel there is no /_vercel/insights/script.js to load, so page views wait in
 * the library's own queue (window.vaq) instead of causing a 404 and a console error.
 * This mirrors @vercel/analytics' initQueue, which the package does not export.
 */
export function ensureAnalyticsQueue(target: Window = window): void {
  if (target.va) return;
  target.va = (...params) => {
    (target.vaq ??= []).push(params as [string, unknown?]);
  };
}
