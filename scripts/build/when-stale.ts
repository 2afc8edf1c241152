/**
 * Builds what is missing or older than its sources, for the scripts that serve a build (the
 * quality gates, the Lighthouse bench, `npm start`, the one-pager):
 * - `--server`: the production build (.next/), when there is none or a source file is newer;
 * - `--export`: the static export (out/), when there is none or the server build is newer, so
 *   both come from the same sources.
 * Files the build itself writes into public/ (sitemap, robots, the vendored voice worklets, the
 * rendered illustrations) and the one-pager PDF are not sources.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { npmStep, runStep } from "../lib/run-step";

const sources = ["app", "components", "content", "lib", "public", "proxy.server.ts", "next.config.ts", "next-sitemap.config.js", "package-lock.json"];
const builtIntoPublic = (file: string) =>
  file.startsWith("public/vendor/") || file.startsWith("public/illustrations/") || /^sitemap.*\.xml$/.test(path.basename(file)) || path.basename(file) === "robots.txt" || file.endsWith(".pdf");

const modified = (file: string) => statSync(file).mtimeMs;

function anyNewerThan(time: number, entry: string): boolean {
  if (!existsSync(entry)) return false;
  if (!statSync(entry).isDirectory()) return !builtIntoPublic(entry) && modified(entry) > time;
  return readdirSync(entry).some((name) => anyNewerThan(time, path.posix.join(entry, name)));
}

export function serverBuildIsStale(): boolean {
  const marker = ".next/csp-manifest.json";
  return !existsSync(marker) || sources.some((source) => anyNewerThan(modified(marker), source));
}

export function staticExportIsStale(): boolean {
  return !existsSync("out/index.html") || !existsSync(".next/BUILD_ID") || modified(".next/BUILD_ID") > modified("out/index.html");
}

if (require.main === module) {
  if (process.argv.includes("--server") && serverBuildIsStale()) runStep(npmStep("build"));
  if (process.argv.includes("--export") && staticExportIsStale()) runStep(npmStep("build:export"));
}
