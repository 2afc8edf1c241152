/**
 * `npm test -- lockfile` (the first step of `npm test`): fails, naming each problem, when
 * package-lock.json no longer lets `npm ci` install this project on every supported system
 * (scripts/lib/lockfile.ts has the rules), then asks the npm that runs it too
 * (`npm ci --dry-run`, which changes nothing). `--print-engines` prints the Node range every
 * locked package accepts, the most package.json's `engines` may claim.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { checkLockfile, patchedPackage, platformName, projectNode, supportedPlatforms, type Lockfile, type PackageJson } from "../lib/lockfile";

const root = path.resolve(__dirname, "../..");
const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), "utf8")) as T;

const pkg = read<PackageJson>("package.json");
const workspaces = Object.fromEntries((pkg.workspaces ?? []).map((folder) => [folder, read<PackageJson>(path.join(folder, "package.json"))]));
const lock = read<Lockfile>("package-lock.json");
const versionFiles = Object.fromEntries([".nvmrc", ".node-version"].map((file) => [file, existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), "utf8") : ""]));
const patched = readdirSync(path.join(root, "patches")).flatMap((file) => patchedPackage(file) ?? []);
const report = checkLockfile(pkg, lock, { workspaces, versionFiles, patched });

if (process.argv.includes("--print-engines")) {
  console.log(report.supportedNode ?? "(no Node version in common)");
} else if (report.problems.length > 0) {
  console.error(`package-lock.json is out of shape (${report.problems.length} problems):`);
  for (const problem of report.problems) console.error(`- ${problem}`);
  console.error("Regenerate it with `npm run relock` (docs/install.md), then review allowScripts and engines in package.json.");
  process.exit(1);
} else {
  // Through `npm run` the npm that runs this is known; else the one on PATH.
  const npmCli = process.env.npm_execpath;
  const args = ["ci", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund"];
  const dryRun = npmCli
    ? spawnSync(process.execPath, [npmCli, ...args], { cwd: root, encoding: "utf8" })
    : spawnSync("npm", args, { cwd: root, encoding: "utf8", shell: process.platform === "win32" });
  if (dryRun.status !== 0) {
    console.error(`npm ci refuses package-lock.json (npm ${args.join(" ")}):\n${dryRun.stderr || dryRun.error}`);
    console.error("Regenerate it with `npm run relock` (docs/install.md).");
    process.exit(1);
  }
  const scripts = Object.entries(pkg.allowScripts ?? {});
  console.log(
    `lockfile: in sync with package.json, npm ci accepts it; ${report.nativePackages.length} native packages with binaries for ${supportedPlatforms.map(platformName).join(", ")}; ` +
      `install scripts allowed: ${scripts.filter(([, allowed]) => allowed).map(([name]) => name).join(", ") || "none"}, denied: ${scripts.filter(([, allowed]) => !allowed).length}; ` +
      `engines ${pkg.engines?.node} (the locked packages accept ${report.supportedNode}), the project's Node ${projectNode(lock) ?? "(none)"}; patched once: ${patched.map(({ name }) => name).join(", ") || "nothing"}`,
  );
}
