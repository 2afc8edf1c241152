/**
 * After the export build: makes out/ ready for any CDN (design: scripts/build/export-cdn-config.ts,
 * docs/deploy.md). Puts each page's Content-Security-Policy in the page, the case fallback in
 * the 404 page, and writes `_headers` (security headers, framing, cache lifetimes),
 * `_redirects` and `vercel.json` from lib/security.
 *
 *   npx tsx scripts/build/export-cdn.ts [out]
 *
 * Environment, read at build time like the rest of the export: NEXT_PUBLIC_SUPABASE_URL (the
 * Edge Function's project, allowed in connect-src), EMBED_ALLOWED_ORIGINS (who may frame
 * /embed/call), AGENT_PUBLIC_URL (a self-hosted voice agent the function hands calls to).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { baselineSecurityHeaders, frameDenyHeader } from "../../lib/security/csp";
import { cspConnectSources } from "../../lib/security/connect-sources";
import { embedFrameAncestors, isEmbeddablePath } from "../../lib/security/framing";
import { inlineScriptHashes } from "../../lib/security/inline-script-hashes";
import { cacheControlFor, cacheRules, revalidateEveryTime } from "../../lib/security/cache-policy";
import { filesUnder, htmlFiles, routeOfHtmlFile } from "../lib/html-files";
import {
  cacheHeaderRules,
  headerRules,
  headersFile,
  insertAtHeadStart,
  lowercaseFallbackScript,
  metaContentSecurityPolicy,
  metaPolicyTag,
  redirectLines,
  redirectsFile,
  vercelConfig,
} from "./export-cdn-config";

const notFoundRoutes = new Set(["/404", "/_not-found"]);

/** Where the export's pages may connect: the voice provider, the function's project and a self-hosted agent if any. */
function connectSources(env: NodeJS.ProcessEnv): string[] {
  const sources = cspConnectSources(env, "elevenlabs");
  if (env.AGENT_PUBLIC_URL) sources.push(new URL(env.AGENT_PUBLIC_URL).origin.replace(/^http/, "ws"));
  return [...new Set(sources)];
}

function main(): void {
  const outDir = process.argv[2] ?? "out";
  const files = htmlFiles(outDir);
  if (files.length === 0) throw new Error(`${outDir}/ holds no pages: run the export build first`);
  const pages = files.map((file) => ({ file, route: routeOfHtmlFile(path.relative(outDir, file)) }));
  const routes = pages.map((page) => page.route).filter((route) => !notFoundRoutes.has(route));

  const connect = connectSources(process.env);
  // Upgrading would turn a deliberately plain http:// function or ws:// agent (local tests) into failing https.
  const upgradeInsecureRequests = connect.every((source) => /^(https|wss):/.test(source));
  let longestMeta = 0;
  for (const { file, route } of pages) {
    const original = readFileSync(file, "utf8");
    if (original.includes('http-equiv="Content-Security-Policy"')) throw new Error(`${file} already has a policy: rebuild the export`);
    const fallback = notFoundRoutes.has(route) ? `<script>${lowercaseFallbackScript(routes)}</script>` : "";
    const withFallback = fallback ? insertAtHeadStart(original, fallback) : original;
    const policy = metaContentSecurityPolicy({ scriptHashes: inlineScriptHashes(withFallback), development: false, connectSources: connect, upgradeInsecureRequests });
    longestMeta = Math.max(longestMeta, policy.length);
    writeFileSync(file, insertAtHeadStart(withFallback, metaPolicyTag(policy)));
  }

  const rules = headerRules(
    { routes, embeddable: isEmbeddablePath },
    {
      siteWide: baselineSecurityHeaders,
      frameDeny: frameDenyHeader,
      embedFrameAncestors: embedFrameAncestors(),
      extraRules: cacheHeaderRules(
        filesUnder(outDir).map((file) => `/${path.relative(outDir, file).split(path.sep).join("/")}`),
        { rules: cacheRules, cacheControlFor, hostDefault: revalidateEveryTime },
      ),
    },
  );
  const headers = headersFile(rules);
  writeFileSync(path.join(outDir, "_headers"), headers);
  const redirects = redirectLines(routes);
  writeFileSync(path.join(outDir, "_redirects"), redirectsFile(redirects));
  writeFileSync(path.join(outDir, "vercel.json"), `${JSON.stringify(vercelConfig(rules, routes), null, 2)}\n`);

  const longestHeaderLine = Math.max(...headers.split("\n").map((line) => line.length));
  console.log(
    `export-cdn: ${pages.length} pages with their own policy (longest ${longestMeta} characters); ` +
      `_headers: ${rules.length} rules, longest line ${longestHeaderLine} characters; _redirects: ${redirects.length}; vercel.json`,
  );
}

try {
  main();
} catch (error) {
  console.error(`export-cdn: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
