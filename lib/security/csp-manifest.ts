import { readFileSync } from "node:fs";
import path from "node:path";

/** Written after `next build` by scripts/build/postbuild.ts: page path -> hashes of its inline scripts. */
export type CspManifest = { pages: Record<string, string[]>; notFound: string[] };

export const cspManifestFile = (distDir = ".next") => path.join(/* turbopackIgnore: true */ process.cwd(), distDir, "csp-manifest.json");

let cached: CspManifest | null | undefined;

export function loadCspManifest(): CspManifest | null {
  if (cached !== undefined) return cached;
  try {
    cached = JSON.parse(readFileSync(cspManifestFile(), "utf8")) as CspManifest;
  } catch {
    // While postbuild crawls the pages to write the manifest, its absence is expected.
    if (process.env.CSP_MANIFEST_BUILD !== "1")
      console.error(
      "[csp] .next/csp-manifest.json is missing: run `npm run build` (it writes the manifest). Serving pages with 'unsafe-inline' scripts until then.",
    );
    cached = null;
  }
  return cached;
}

/** Hashes for a request path; unknown paths get the 404 page's, which is what they are served. */
export function scriptHashesFor(manifest: CspManifest, pathname: string): string[] {
  const key = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return manifest.pages[key] ?? manifest.notFound;
}
