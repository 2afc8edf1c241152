/**
 * After `next build`: record the inline-script hashes of every pre-rendered page so the
 * proxy can allow exactly those scripts. Hashes come from the HTML `next start` actually
 * serves, not the files on disk: Next.js rewrites parts of the flight data (prefetch
 * hints) at serve time, so a hash of the file would not match what the browser runs.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { buildCspManifest } from "../lib/html-files";
import { inlineScriptHashes } from "../../lib/security/inline-script-hashes";
import type { CspManifest } from "../../lib/security/csp-manifest";
import { startProductionServer } from "@mockingbird/testkit/servers/next-start";

const notFoundProbe = "/__csp-manifest-probe-of-the-404-page";

async function hashesServedAt(origin: string, route: string): Promise<string[]> {
  const response = await fetch(`${origin}${route}`, { redirect: "manual" });
  if (route !== notFoundProbe && response.status !== 200) throw new Error(`postbuild: ${route} answered ${response.status}`);
  return inlineScriptHashes(await response.text());
}

async function main() {
  const distDir = ".next";
  // The files tell which pages exist; the running server tells what they contain.
  const routes = Object.keys((await buildCspManifest(path.join(distDir, "server", "app"))).pages).filter((route) => !route.startsWith("/_"));
  if (routes.length === 0) throw new Error("postbuild: no pre-rendered HTML found under .next/server/app");

  const server = await startProductionServer({ CSP_MANIFEST_BUILD: "1" });
  try {
    const manifest: CspManifest = { pages: {}, notFound: await hashesServedAt(server.origin, notFoundProbe) };
    for (const route of routes) manifest.pages[route] = await hashesServedAt(server.origin, route);
    await writeFile(path.join(distDir, "csp-manifest.json"), JSON.stringify(manifest, null, 2));
    console.log(`csp-manifest: ${routes.length} pages; 404 page: ${manifest.notFound.length} inline scripts`);
  } finally {
    server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
