/**
 * Paths match case-insensitively by one permanent redirect to the lowercase path, so
 * each page keeps a single canonical URL. Framework and API paths are left alone:
 * their case is meaningful (hashed chunk names) or fixed by clients.
 */
const untouchedPrefixes = ["/_next/", "/functions/", "/og/"];

export function lowercaseRedirectTarget(pathname: string, search: string): string | null {
  if (untouchedPrefixes.some((prefix) => pathname.startsWith(prefix))) return null;
  const lower = pathname.toLowerCase();
  if (lower === pathname) return null;
  return `${lower}${search}`;
}
