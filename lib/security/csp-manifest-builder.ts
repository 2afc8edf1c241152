import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { inlineScriptHashes } from "./inline-script-hashes";
import type { CspManifest } from "./csp-manifest";

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return htmlFiles(full);
      return Promise.resolve(entry.name.endsWith(".html") ? [full] : []);
    }),
  );
  return nested.flat();
}

/** "product.html" -> "/product", "index.html" -> "/", "blog/x.html" -> "/blog/x". */
export function routeOfHtmlFile(relative: string): string {
  const route = relative.replace(/\\/g, "/").replace(/\.html$/, "").replace(/(^|\/)index$/, "");
  return route === "" ? "/" : `/${route}`;
}

/** Hashes of the inline scripts of every pre-rendered page below htmlRoot. */
export async function buildCspManifest(htmlRoot: string): Promise<CspManifest> {
  const manifest: CspManifest = { pages: {}, notFound: [] };
  for (const file of await htmlFiles(htmlRoot)) {
    const route = routeOfHtmlFile(path.relative(htmlRoot, file));
    const hashes = inlineScriptHashes(await readFile(file, "utf8"));
    if (route === "/_not-found" || route === "/404") manifest.notFound = hashes;
    else manifest.pages[route] = hashes;
  }
  return manifest;
}
