/**
 * What a CDN needs beside the static export's files, as pure functions of the export's pages
 * and the security module (lib/security), so every documented host gets the same protection:
 *
 * - Each page carries its own Content-Security-Policy in a <meta http-equiv> tag: the hashes
 *   of exactly the inline scripts of that file. A static file is served byte for byte, so the
 *   hashes hold on any host, for any path the file is served at (the 404 page for every unknown
 *   path), whatever the host's header limits (Cloudflare Pages drops a `_headers` line over
 *   2,000 characters; a site-wide list of every page's hashes was 3,486) and however it merges
 *   header rules that match one path (two CSP headers are both enforced).
 * - Headers carry what a meta policy cannot: frame-ancestors (with X-Frame-Options), and the
 *   site-wide headers of lib/security. The framing rules never overlap the embeddable widget's
 *   path, so no host's merging can stack a frame-ancestors 'none' onto it.
 * - Paths with capitals reach their lowercase page: generated redirects for the usual spellings
 *   (`_redirects` for Cloudflare Pages and Netlify, a case-insensitive pattern per page for
 *   Vercel), and a script on the 404 page for any other spelling on any host.
 */
import { contentSecurityPolicy, type CspOptions } from "../../lib/security/csp";

export type Header = { readonly key: string; readonly value: string };
/** A path pattern in the `_headers` syntax Cloudflare Pages and Netlify share: exact, `/:name` (one segment) or `/dir/*`. */
export type HeaderRule = { readonly path: string; readonly headers: readonly Header[] };

/** Cloudflare Pages' documented limits: 100 header rules, 2,000 characters a line; 2,000 static redirects, 1,000 characters each. */
export const cdnLimits = { headerRules: 100, headerLineLength: 2_000, staticRedirects: 2_000, redirectLineLength: 1_000 } as const;

/** A page's policy for its <meta> tag: the site's policy without frame-ancestors, which browsers ignore (with an error) in meta. */
export function metaContentSecurityPolicy(options: Omit<CspOptions, "frameAncestors">): string {
  return contentSecurityPolicy(options)
    .split("; ")
    .filter((directive) => !directive.startsWith("frame-ancestors"))
    .join("; ");
}

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Puts markup first in <head>, right after the charset declaration (which must stay within the
 * first 1,024 bytes): a meta policy governs only what follows it.
 */
export function insertAtHeadStart(html: string, markup: string): string {
  const charset = /<meta charSet="utf-8"\s*\/?>/i.exec(html) ?? /<meta charset=["']?utf-8["']?\s*\/?>/i.exec(html);
  if (charset) return html.slice(0, charset.index + charset[0].length) + markup + html.slice(charset.index + charset[0].length);
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) throw new Error("no <head> to put the policy in");
  return html.slice(0, head.index + head[0].length) + markup + html.slice(head.index + head[0].length);
}

export const metaPolicyTag = (policy: string) => `<meta http-equiv="Content-Security-Policy" content="${attribute(policy)}"/>`;

/** The policy of the meta tag a page carries, or null. */
export function metaPolicyOf(html: string): string | null {
  const match = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/i.exec(html);
  return match ? match[1]!.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&") : null;
}

/**
 * The 404 page's fallback for hosts without a redirect for a spelling: a known page asked for
 * with capitals goes to its lowercase URL (query and fragment kept), replacing the history entry.
 */
export function lowercaseFallbackScript(routes: readonly string[]): string {
  const known = JSON.stringify([...routes].sort());
  return `(function(){var p=location.pathname,l=p.toLowerCase().replace(/\\/+$/,"")||"/";if(p!==l&&${known}.indexOf(l)>=0)location.replace(l+location.search+location.hash)})();`;
}

/** The spellings people type: ALL CAPS, Each/Segment, Each-Word-Of-Each/Segment (the lowercase page itself excluded). */
export function caseVariants(route: string): string[] {
  const upper = route.toUpperCase();
  const segments = route.replace(/\/([a-z])/g, (_, letter: string) => `/${letter.toUpperCase()}`);
  const words = route.replace(/(^|[/-])([a-z])/g, (_, separator: string, letter: string) => `${separator}${letter.toUpperCase()}`);
  return [...new Set([upper, segments, words])].filter((variant) => variant !== route);
}

/**
 * `_redirects` lines (Cloudflare Pages, Netlify). 301, not 308: Netlify documents 301 and 302
 * as its redirects and treats other codes as rewrites; for a page (GET) both mean the same
 * permanent move. Cloudflare matches these exactly (case-sensitively); Netlify applies a rule
 * only where no file exists, so neither can loop on the lowercase page.
 */
export function redirectLines(routes: readonly string[]): string[] {
  return [...routes].sort().flatMap((route) => caseVariants(route).map((variant) => `${variant} ${route} 301`));
}

/**
 * A Vercel redirect source (path-to-regexp, matched case-sensitively) for every spelling of
 * the route that has a capital letter.
 */
export function vercelCaseInsensitiveSource(route: string): string {
  const letters = [...route.slice(1)].map((char) => (/[a-z]/.test(char) ? `[${char}${char.toUpperCase()}]` : char.replace(/[.+*?^$(){}[\]|\\]/g, "\\$&")));
  return `/:page((?=[^A-Z]*[A-Z])${letters.join("")})`;
}

export type ExportPages = {
  /** Every page route of the export but the 404 page, e.g. "/", "/product", "/blog/x". */
  readonly routes: readonly string[];
  /** The route another origin may frame (lib/security/framing.ts). */
  readonly embeddable: (route: string) => boolean;
};

export type HeaderInputs = {
  /** Headers every response carries (lib/security). */
  readonly siteWide: readonly Header[];
  /** Framing of every page but the embeddable one: X-Frame-Options (lib/security). */
  readonly frameDeny: Header;
  /** frame-ancestors sources of the embeddable page (lib/security/framing.ts). */
  readonly embedFrameAncestors: readonly string[];
  /** Further rules from lib/security (cache lifetimes, …), as `_headers` paths. */
  readonly extraRules?: readonly HeaderRule[];
};

/**
 * The header rules: site-wide headers on `/*`; framing on `/`, on every one-segment path (pages
 * and the 404 page at unknown paths) and below every folder with pages, except the embeddable
 * page, which gets its own frame-ancestors and no rule of the others.
 */
export function headerRules(pages: ExportPages, inputs: HeaderInputs): HeaderRule[] {
  const deny: Header[] = [inputs.frameDeny, { key: "Content-Security-Policy", value: "frame-ancestors 'none'" }];
  const embeds = pages.routes.filter(pages.embeddable);
  const folders = [...new Set(pages.routes.filter((route) => route.split("/").length > 2).map((route) => route.split("/")[1]!))].sort();
  for (const folder of folders) {
    if (embeds.some((route) => route.startsWith(`/${folder}/`)) && pages.routes.some((route) => route.startsWith(`/${folder}/`) && !pages.embeddable(route))) {
      throw new Error(`/${folder}/ holds the embeddable page and other pages: a folder rule would frame-deny the embed`);
    }
  }
  const rules: HeaderRule[] = [
    { path: "/*", headers: inputs.siteWide },
    ...(inputs.extraRules ?? []),
    { path: "/", headers: deny },
    { path: "/:page", headers: deny },
    ...folders.filter((folder) => !embeds.some((route) => route.startsWith(`/${folder}/`))).map((folder) => ({ path: `/${folder}/*`, headers: deny })),
    // Hosts that serve `/x.html` as well as `/x` (Netlify) need the rule at both.
    ...embeds.flatMap((route) => [route, `${route}.html`].map((path) => ({ path, headers: [{ key: "Content-Security-Policy", value: `frame-ancestors ${inputs.embedFrameAncestors.join(" ")}` }] }))),
  ];
  return rules;
}

/**
 * Cache-Control rules for `_headers` from the cache policy (lib/security/cache-policy.ts),
 * which hosts apply by joining every matching rule's value: only folder rules (`/dir/*`)
 * whose every file in the export gets that rule's lifetime, none inside another, and none for
 * the hosts' own default (revalidation, which Cloudflare Pages, Netlify and Vercel all send).
 * A file no exclusive rule can describe keeps the default: a shorter life, never a longer one.
 */
export function cacheHeaderRules(
  files: readonly string[],
  policy: { rules: readonly { glob: string; cacheControl: string }[]; cacheControlFor: (path: string) => string; hostDefault: string },
): HeaderRule[] {
  const kept: HeaderRule[] = [];
  for (const rule of policy.rules) {
    const folder = /^(\/[^*]+\/)\*$/.exec(rule.glob)?.[1];
    if (!folder || rule.cacheControl === policy.hostDefault) continue;
    const covered = files.filter((file) => file.startsWith(folder));
    if (covered.length === 0 || covered.some((file) => policy.cacheControlFor(file) !== rule.cacheControl)) continue;
    if (kept.some((other) => other.path.startsWith(folder) || folder.startsWith(other.path.slice(0, -1)))) continue;
    kept.push({ path: rule.glob, headers: [{ key: "Cache-Control", value: rule.cacheControl }] });
  }
  return kept;
}

/** The `_headers` file; throws when a host limit would make a CDN drop a line or a rule. */
export function headersFile(rules: readonly HeaderRule[]): string {
  if (rules.length > cdnLimits.headerRules) throw new Error(`${rules.length} header rules: Cloudflare Pages reads at most ${cdnLimits.headerRules}`);
  const lines = rules.flatMap((rule) => [rule.path, ...rule.headers.map((header) => `  ${header.key}: ${header.value}`)]);
  const long = lines.find((line) => line.length > cdnLimits.headerLineLength);
  if (long) throw new Error(`a _headers line has ${long.length} characters; Cloudflare Pages drops lines over ${cdnLimits.headerLineLength}: ${long.slice(0, 80)}…`);
  return `${lines.join("\n")}\n`;
}

/** The `_redirects` file; throws past Cloudflare Pages' limits. */
export function redirectsFile(lines: readonly string[]): string {
  if (lines.length > cdnLimits.staticRedirects) throw new Error(`${lines.length} redirects: Cloudflare Pages reads at most ${cdnLimits.staticRedirects} static ones`);
  const long = lines.find((line) => line.length > cdnLimits.redirectLineLength);
  if (long) throw new Error(`a _redirects line has ${long.length} characters; the limit is ${cdnLimits.redirectLineLength}`);
  return `${lines.join("\n")}\n`;
}

/** `_headers` path -> Vercel source: `/*` -> `/(.*)`, `/dir/*` -> `/dir/(.*)`; placeholders are the same. */
export const vercelSource = (path: string) => path.replace(/\*$/, "(.*)");

/** vercel.json for `vercel deploy out`: clean URLs, the same header rules, a 308 per page for every spelling with capitals. */
export function vercelConfig(rules: readonly HeaderRule[], routes: readonly string[]): object {
  return {
    $schema: "https://openapi.vercel.sh/vercel.json",
    cleanUrls: true,
    trailingSlash: false,
    headers: rules.map((rule) => ({ source: vercelSource(rule.path), headers: rule.headers.map(({ key, value }) => ({ key, value })) })),
    redirects: [...routes]
      .filter((route) => /[a-z]/.test(route))
      .sort()
      .map((route) => ({ source: vercelCaseInsensitiveSource(route), destination: route, permanent: true })),
  };
}
