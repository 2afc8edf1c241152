/**
 * The Location a redirect of this site may carry: a path on the site itself, never
 * another host. The site has no reason to redirect elsewhere, yet Next.js builds
 * absolute Locations from the request (its Host header, or an absolute-form target), so
 * `Host: evil.com` would turn its trailing-slash or lowercase redirect into an open
 * redirect. A path-only Location (RFC 9110 §10.2.2 allows relative references) always
 * resolves against the address the browser used.
 *
 * `requestPath` resolves relative Locations the way the browser would.
 */
const parseBase = "http://origin.invalid";

export function sameSiteLocation(location: string, requestPath = "/"): string {
  const base = URL.canParse(requestPath, parseBase) ? new URL(requestPath, parseBase) : new URL(parseBase);
  if (!URL.canParse(location, base)) return "/";
  const url = new URL(location, base);
  if (url.protocol !== "http:" && url.protocol !== "https:") return "/";
  // Leading slashes collapse to one: `//evil.com` or `/\evil.com` would name a host.
  return `/${url.pathname.replace(/^\/+/, "")}${url.search}${url.hash}`;
}
