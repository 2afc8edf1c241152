/**
 * `npm run build:export`: the static export for CDN hosting: out/ with every page (each carrying
 * its own CSP), the 404 page, sitemap, robots, RSS, and what hosts read beside the files:
 * _headers, _redirects, vercel.json (scripts/build/export-cdn.ts). The signed URL then comes from
 * the Supabase Edge Function; build-time variables and hosts: docs/deploy.md.
 */
import { existsSync, renameSync, rmSync } from "node:fs";
import { binStep, runStep, tsxStep } from "../lib/run-step";

// An export build rewrites .next even with another distDir, which would break the server build
// `npm start` and the tests serve: keep it aside and put it back, whatever happens.
const saved = ".next.server-build";
const hadServerBuild = existsSync(".next");
if (hadServerBuild) {
  rmSync(saved, { recursive: true, force: true });
  renameSync(".next", saved);
}
process.on("exit", () => {
  rmSync(".next", { recursive: true, force: true });
  if (hadServerBuild) renameSync(saved, ".next");
});

rmSync("out", { recursive: true, force: true });
runStep(tsxStep("scripts/build/assets.ts"));
runStep(binStep("next", "build"), { STATIC_EXPORT: "1", NEXT_DIST_DIR: "out" });
runStep(binStep("next-sitemap"), { SITEMAP_OUT_DIR: "out" });
runStep(tsxStep("scripts/build/sitemap-stylesheet.ts", "out"));
runStep(tsxStep("scripts/build/export-cdn.ts", "out"));
