/**
 * `npm run bench -- export-cdn`: the static export as Cloudflare's Pages runtime serves it
 * (wrangler pages dev, offline), in figures: routes answering 200, the 404 page's status,
 * header rules applied on the paths they match, redirects for capitals, pages whose policy
 * lists exactly the inline scripts served, and the longest header line. Asserts nothing (the
 * export suite, `npm test -- export-suite`, does); exit 2 when it cannot run. Needs out/.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { inlineScriptHashes } from "../../lib/security/inline-script-hashes";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { serveWithWrangler } from "@mockingbird/testkit/servers/wrangler";
import { caseVariants, metaPolicyOf } from "../build/export-cdn-config";
import { exportFiles, exportRoutes, outDir, ruleMatches, shippedHeaderRules } from "../lib/export-served";

async function main() {
  if (!existsSync(path.join(outDir, "_headers"))) {
    console.error("export figures: no static export in out/: run `npm run build:export` first.");
    process.exit(2);
  }
  const figures = startFigures("export-cdn");
  const site = await serveWithWrangler(outDir);
  try {
    const get = (url: string) => fetch(`${site.origin}${url}`, { redirect: "manual" });
    const routes = exportRoutes();
    let ok = 0;
    let hashed = 0;
    for (const route of routes) {
      const response = await get(route);
      const html = await response.text();
      if (response.status === 200) ok++;
      const allowed = [...(metaPolicyOf(html) ?? "").matchAll(/'(sha256-[^']+)'/g)].map((match) => match[1]).sort();
      if (JSON.stringify(allowed) === JSON.stringify(inlineScriptHashes(html).sort())) hashed++;
    }
    const notFound = await get("/no-such-page");
    await notFound.arrayBuffer();

    const rules = shippedHeaderRules();
    const samples = [...routes, "/no-such-page", "/embed/call.html", ...exportFiles()];
    let applied = 0;
    let checks = 0;
    for (const rule of rules) {
      const paths = samples.filter((sample) => ruleMatches(rule.path, sample)).slice(0, 4);
      let holds = paths.length > 0;
      for (const sample of paths) {
        const response = await get(sample);
        await response.arrayBuffer();
        for (const { key, value } of rule.headers) {
          checks++;
          if (!(response.headers.get(key) ?? "").includes(value)) holds = false;
        }
      }
      if (holds) applied++;
    }

    let redirected = 0;
    let variants = 0;
    for (const route of routes.filter((route) => route !== "/")) {
      for (const variant of caseVariants(route)) {
        variants++;
        const response = await get(variant);
        await response.arrayBuffer();
        if (response.status === 301 && new URL(response.headers.get("location") ?? "", site.origin).pathname === route) redirected++;
      }
    }
    const headerLines = readFileSync(path.join(outDir, "_headers"), "utf8").split("\n");
    const longest = headerLines.reduce((max, line) => (line.length > max.length ? line : max), "");

    const rows = [
      ["routes answering 200", `${ok}/${routes.length}`],
      ["unknown path", String(notFound.status)],
      ["pages whose policy lists exactly their scripts", `${hashed}/${routes.length}`],
      ["`_headers` rules applied where they match", `${applied}/${rules.length} (${checks} header checks)`],
      ["capitalised spellings redirected (301)", `${redirected}/${variants}`],
      ["longest `_headers` line", `${longest.length} characters (limit 2,000): \`${longest.trim()}\``],
    ];
    console.log(`static export on wrangler pages dev (Cloudflare's Pages runtime, ${site.origin})`);
    const width = Math.max(...rows.map(([figure]) => figure!.length));
    for (const [figure, value] of rows) console.log(`  ${`${figure}:`.padEnd(width + 1)} ${value}`);
    figures.record({
      tables: [{ id: "served", title: "`out/` served by `wrangler pages dev` (Cloudflare's Pages runtime on workerd, offline)", columns: ["figure", "value"], rows }],
      headlines: [{ figure: "the static export on Cloudflare's Pages runtime: routes answering 200, pages whose policy lists exactly their scripts, `_headers` rules applied", value: `${ok}/${routes.length}, ${hashed}/${routes.length}, ${applied}/${rules.length}` }],
    });
  } finally {
    site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`export figures: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
