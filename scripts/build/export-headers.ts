/**
 * Writes out/_headers (the format Netlify and Cloudflare Pages read) so a CDN serving the
 * static export sends the same security headers as `next start`. CDNs merge every rule
 * that matches a path, and two CSP headers are enforced together, so a per-page policy
 * beside a catch-all one would block the page's own scripts: one site-wide policy allows
 * the inline scripts of every page instead. Other hosts: copy these headers into their config.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { buildCspManifest } from "../lib/html-files";
import { baselineSecurityHeaders, contentSecurityPolicy, frameDenyHeader } from "../../lib/security/csp";
import { embedFrameAncestors, isEmbeddablePath } from "../../lib/security/framing";
import { cspConnectSources } from "../../lib/security/connect-sources";

async function main() {
  const outDir = process.argv[2] ?? "out";
  const manifest = await buildCspManifest(outDir);
  const hashes = [...new Set([...manifest.notFound, ...Object.values(manifest.pages).flat()])].sort();
  // CDNs merge every rule that matches a path and enforce each CSP header. The catch-all
  // policy therefore allows the embed allow-list to frame, and every page but the embeddable
  // widget adds a second, framing-only policy that forbids it (plus X-Frame-Options).
  const policy = contentSecurityPolicy({
    scriptHashes: hashes,
    development: false,
    connectSources: cspConnectSources(process.env, "elevenlabs"),
    frameAncestors: embedFrameAncestors(),
    upgradeInsecureRequests: true,
  });
  const lines = ["/*", ...baselineSecurityHeaders.map((header) => `  ${header.key}: ${header.value}`), `  Content-Security-Policy: ${policy}`];
  for (const route of Object.keys(manifest.pages).sort()) {
    if (isEmbeddablePath(route)) continue;
    for (const variant of route === "/" ? [route, "/index.html"] : [route, `${route}.html`, `${route}/`]) {
      lines.push(variant, `  ${frameDenyHeader.key}: ${frameDenyHeader.value}`, "  Content-Security-Policy: frame-ancestors 'none'");
    }
  }
  await writeFile(path.join(outDir, "_headers"), `${lines.join("\n")}\n`);
  console.log(`export-headers: ${path.join(outDir, "_headers")} with one policy allowing ${hashes.length} inline scripts (${policy.length} bytes)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
