/**
 * A step of a build or check script: a child process on this terminal. A failed step stops the
 * script with the step's exit code, as `set -e` would; no shell, so the same on every system.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export type Step = readonly [command: string, ...args: string[]];

/** `node --import tsx <script> ...args`: a TypeScript step run by this same Node. */
export const tsxStep = (script: string, ...args: string[]): Step => [process.execPath, "--import", "tsx", script, ...args];

/** The file a package names as its command `name` in package.json's "bin" (read directly: "exports" may hide it from require.resolve). */
function packageBin(packageName: string, name = packageName): string {
  for (const dir of require.resolve.paths(packageName) ?? []) {
    const manifest = path.join(dir, packageName, "package.json");
    if (!existsSync(manifest)) continue;
    const bin = (JSON.parse(readFileSync(manifest, "utf8")) as { bin?: string | Record<string, string> }).bin;
    const file = typeof bin === "string" ? bin : bin?.[name];
    if (file) return path.join(dir, packageName, file);
  }
  throw new Error(`no command ${name} in the installed package ${packageName}: run npm ci`);
}

/** A package's own command (`next`, `next-sitemap`) run by this same Node. */
export const binStep = (packageName: string, ...args: string[]): Step => [process.execPath, packageBin(packageName), ...args];

/** `npm run <script>`; npm is a .cmd file on Windows, which only a shell starts. */
export const npmStep = (script: string): Step => ["npm", "run", "-s", script];

export function runStep([command, ...args]: Step, env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env }, shell: command === "npm" && process.platform === "win32" });
  if (result.status !== 0) {
    console.error(`${[command, ...args].join(" ")} ${result.error ? `could not start: ${result.error.message}` : `stopped with exit code ${result.status ?? result.signal}`}`);
    process.exit(result.status || 1);
  }
}
