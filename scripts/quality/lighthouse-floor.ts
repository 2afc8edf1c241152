/**
 * The framework's floor for the Lighthouse gate: tools/lighthouse/floor, a bare App Router page
 * (a layout and an <h1>), exported as the site's pages are and built by the site's own `next`
 * from the site's node_modules, so that it ships exactly the framework and React the site ships
 * and nothing else. What it costs is what any page of these versions costs on this machine now.
 *
 * The export is rebuilt when it is missing, when next, react or react-dom changed version, or
 * when the floor's sources changed (a stamp in its out/ says which it was built from): ~20 s.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { binStep, runStep } from "../lib/run-step";

export const floorDir = path.resolve("tools/lighthouse/floor");
const outDir = path.join(floorDir, "out");
const stampFile = path.join(outDir, "floor-build.json");

/** The versions the site's node_modules hold, which the site's build used too. */
export function frameworkVersions(): Record<"next" | "react" | "react-dom", string> {
  const version = (name: string) => (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as { version: string }).version;
  return { next: version("next"), react: version("react"), "react-dom": version("react-dom") };
}

function sourcesHash(): string {
  const hash = createHash("sha256");
  const files = ["next.config.mjs", ...readdirSync(path.join(floorDir, "app")).map((file) => path.join("app", file))].sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(floorDir, file)));
  return hash.digest("hex");
}

/** The floor's static export (its out/), built first when missing or stale. */
export function floorExport(): string {
  const stamp = JSON.stringify({ ...frameworkVersions(), sources: sourcesHash() });
  if (existsSync(path.join(outDir, "index.html")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return outDir;
  console.log(`Building the framework floor (${floorDir}) with the site's next ${frameworkVersions().next}...`);
  runStep(binStep("next", "build", floorDir));
  writeFileSync(stampFile, stamp);
  return outDir;
}
