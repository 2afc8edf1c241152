/**
 * Walking built output: every file (or every HTML page) below a directory, the route a
 * pre-rendered page is served at, and the inline-script hashes of every page.
 */
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { inlineScriptHashes } from "../../lib/security/inline-script-hashes";
import type { CspManifest } from "../../lib/security/csp-manifest";

/** Every file below dir whose name ends with `ending` ("" for all), sorted; none if dir is missing. */
export function filesUnder(dir: string, ending = ""): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, ending));
    else if (entry.isFile() && entry.name.endsWith(ending)) found.push(full);
  }
  return found.sort();
}

export const htmlFiles = (dir: string): string[] => filesUnder(dir, ".html");

/** "product.html" -> "/product", "index.html" -> "/", "blog/x.html" -> "/blog/x", "blog/index.html" -> "/blog". */
export function routeOfHtmlFile(relative: string): string {
  const route = relative.replace(/\\/g, "/").replace(/\.html$/, "").replace(/(^|\/)index$/, "");
  return route === "" ? "/" : `/${route}`;
}

/** Hashes of the inline scripts of every pre-rendered page below htmlRoot. */
export async function buildCspManifest(htmlRoot: string): Promise<CspManifest> {
  const manifest: CspManifest = { pages: {}, notFound: [] };
  for (const file of htmlFiles(htmlRoot)) {
    const route = routeOfHtmlFile(path.relative(htmlRoot, file));
    const hashes = inlineScriptHashes(await readFile(file, "utf8"));
    if (route === "/_not-found" || route === "/404") manifest.notFound = hashes;
    else manifest.pages[route] = hashes;
  }
  return manifest;
}
