/**
 * How long browsers and CDNs may keep each kind of response: one table that `npm start`
 * (server/site-server.ts) applies and the static export's `_headers` can be generated
 * from (each rule has a glob for hosts that match paths by pattern; `cacheControlFor`
 * is the exact answer for one path).
 *
 * Rules overlap and the first match wins, as on the Node server. A host that applies every
 * matching `_headers` rule (Cloudflare Pages and Netlify join their values) needs exclusive
 * rules: generate one per file with `cacheControlFor`.
 *
 * The rule of thumb: a file whose URL changes when its content changes is kept for a year
 * and never revalidated; anything else is revalidated (cheap: a 304 on an unchanged ETag)
 * so a deploy is seen at once.
 */
export type CacheRule = {
  readonly name: string;
  /** Path pattern in `_headers` syntax (`*` matches anything, slashes included). */
  readonly glob: string;
  readonly matches: (pathname: string) => boolean;
  readonly cacheControl: string;
  /** Why this lifetime, for the docs and whoever changes it. */
  readonly why: string;
};

export const immutable = "public, max-age=31536000, immutable";
export const revalidateEveryTime = "public, max-age=0, must-revalidate";

/** A content hash in a file name: `resampler.3f9a1c2b.js`, `processor-0a1b2c3d4e.worklet.js`. */
const hashedFileName = /[.-][0-9a-f]{8,}\.[a-z0-9.]+$/i;

export const cacheRules: readonly CacheRule[] = [
  {
    name: "build assets",
    glob: "/_next/static/*",
    matches: (pathname) => pathname.startsWith("/_next/static/"),
    cacheControl: immutable,
    why: "Next.js names every file under /_next/static by its content (scripts, styles, fonts): a new build makes new URLs.",
  },
  {
    name: "optimized images",
    glob: "/_next/image*",
    matches: (pathname) => pathname === "/_next/image",
    cacheControl: "public, max-age=86400, must-revalidate",
    why: "Resized copies of images whose URLs do not change across deploys (team photos, article heroes): a day, then revalidation.",
  },
  {
    name: "versioned voice files",
    glob: "/vendor/voice/*",
    matches: (pathname) => pathname.startsWith("/vendor/voice/") && hashedFileName.test(pathname),
    cacheControl: immutable,
    why: "The voice SDK's worklets are copied with a content hash in their names (scripts/build/vendor-voice-assets.ts); the 2 MB resampler is then fetched once, not revalidated on every call.",
  },
  {
    name: "unversioned voice files",
    glob: "/vendor/*",
    matches: (pathname) => pathname.startsWith("/vendor/"),
    cacheControl: revalidateEveryTime,
    why: "A vendored file without a hash keeps its URL across SDK upgrades, and a stale worklet would break calls: revalidate.",
  },
  {
    name: "share images",
    glob: "/og/*",
    matches: (pathname) => pathname.startsWith("/og/"),
    cacheControl: "public, max-age=86400, must-revalidate",
    why: "Share images keep their URL (/og/<page>.png: social networks store it with the post) and change only when a page's title does; a day of reuse, then a 304 check, costs nothing visible.",
  },
  {
    name: "site files",
    glob: "/*.*",
    matches: (pathname) => /\.(?:png|jpe?g|webp|avif|gif|svg|ico|pdf|css|xsl|woff2?|xml|webmanifest)$/i.test(pathname),
    cacheControl: "public, max-age=3600, must-revalidate",
    why: "Images, the one-pager, fonts outside the build and the sitemap keep their URLs across deploys: an hour of reuse, then revalidation. Text files are left out on purpose: the static export's React payloads (*.txt) keep their URLs across deploys and must match the pages they belong to.",
  },
  {
    name: "pages",
    glob: "/*",
    matches: () => true,
    cacheControl: revalidateEveryTime,
    why: "HTML (and everything else) is revalidated on every use, so a deploy is seen at once; pre-rendered pages answer 304 when unchanged.",
  },
];

/** The Cache-Control of a successful response for this path: the first rule that matches. */
export function cacheControlFor(pathname: string): string {
  return (cacheRules.find((rule) => rule.matches(pathname)) ?? (cacheRules.at(-1) as CacheRule)).cacheControl;
}
