/** @jest-environment node */
/**
 * `npm start` installs package.json's dependencies only (npm ci --omit=dev,
 * scripts/setup/ensure-serve-deps.sh), while the tests run on a full install: a devDependency
 * that the build, the server or the local agent reaches would pass every test and break a fresh
 * machine's `npm start`. So everything `npm start` runs is walked from where it starts, and each
 * package it needs must be a dependency of the package that needs it (docs/install.md).
 */
import { builtinModules } from "node:module";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
type Manifest = { name?: string; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; devDependencies?: Record<string, string>; scripts?: Record<string, string>; workspaces?: string[] };
const rootManifest = JSON.parse(read("package.json")) as Manifest;

/** Each workspace folder and its manifest, and the root's: the package a file belongs to decides what it may import. */
const packages = [...(rootManifest.workspaces ?? []).map((folder) => ({ folder: `${folder}/`, manifest: JSON.parse(read(`${folder}/package.json`)) as Manifest })), { folder: "", manifest: rootManifest }];
const packageOf = (file: string) => packages.find(({ folder }) => file.startsWith(folder))!;
const workspaceFolder = new Map(packages.filter(({ folder }) => folder !== "").map(({ folder, manifest }) => [manifest.name!, folder]));
const installedFor = (manifest: Manifest) => new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {})]);

/** Next.js resolves these itself (its compiled copies), whatever is installed. */
const providedByNext = new Set(["server-only", "client-only"]);
const builtins = new Set(builtinModules);

const packageName = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
const sourceFile = /\.(ts|tsx|mts|js|mjs|cjs|css)$/;
const extensions = ["", ".ts", ".tsx", ".js", ".mjs", ".cjs", "/index.ts", "/index.tsx", "/index.js"];

function resolveFile(fromFile: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/") ? specifier.slice(2) : path.posix.join(path.posix.dirname(fromFile), specifier);
  return extensions.map((extension) => base + extension).find((candidate) => existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile());
}

/** What a source file loads: modules (import, export from, require, import()), CSS imports and plugins, and scripts it runs by path (runStep(tsxStep("scripts/..."))). */
function loads(file: string): { specifiers: string[]; scripts: string[] } {
  const text = read(file);
  const specifiers = [
    ...text.matchAll(/(?:^|[\s;])(?:import|export)\s[^"'`;]*?from\s*["']([^"']+)["']/gm),
    ...text.matchAll(/(?:^|[\s;])import\s*["']([^"']+)["']/gm),
    ...text.matchAll(/\b(?:require|import)\(\s*["']([^"']+)["']\s*\)/g),
    ...text.matchAll(/@(?:import|plugin)\s+["']([^"']+)["']/g),
  ].map((match) => match[1]!);
  const scripts = [...text.matchAll(/["']((?:scripts|server|agent\/src)\/[\w./-]+\.tsx?)["']/g)].map((match) => match[1]!);
  return { specifiers, scripts };
}

/** Every file of a folder, for what Next.js loads by convention (routes, the proxy) rather than by import. */
const filesUnder = (folder: string): string[] =>
  readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(`${folder}/${entry.name}`) : sourceFile.test(entry.name) ? [`${folder}/${entry.name}`] : []));

/** Where `npm start` begins: scripts/start.sh's Node scripts, the build script's, and what `next build` and `next start` load themselves. */
function entryPoints(): string[] {
  const startScript = read("scripts/start.sh");
  const buildScript = rootManifest.scripts?.build ?? "";
  const named = [...startScript.matchAll(/node --import tsx ([\w./-]+\.ts)/g), ...buildScript.matchAll(/\btsx ([\w./-]+\.tsx?)/g)].map((match) => match[1]!);
  const nextLoads = ["next.config.ts", "next-sitemap.config.js", "postcss.config.mjs", "proxy.server.ts", "instrumentation.ts"].filter((file) => existsSync(path.join(root, file)));
  return [...named, ...nextLoads, ...filesUnder("app")];
}

/** The packages each reached file needs, as "file: package" for those its own package installs only as devDependencies (or not at all). */
function devOnlyImports(): { reached: number; wrong: string[] } {
  const seen = new Set<string>();
  const queue = entryPoints();
  const wrong: string[] = [];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const { specifiers, scripts } = loads(file);
    queue.push(...scripts.filter((script) => existsSync(path.join(root, script))));
    for (const specifier of specifiers) {
      if (specifier.startsWith("node:") || builtins.has(specifier)) continue;
      if (specifier.startsWith(".") || specifier.startsWith("@/")) {
        const target = resolveFile(file, specifier);
        if (target && sourceFile.test(target)) queue.push(target);
        continue;
      }
      const name = packageName(specifier);
      const own = packageOf(file).manifest;
      // npm links every workspace, --omit=dev too; what the workspace's files import is checked
      // against its own manifest as the walk reaches them.
      if (workspaceFolder.has(name)) {
        const target = resolveFile(`${workspaceFolder.get(name)!}x`, `./${specifier.slice(name.length + 1)}`);
        if (target) queue.push(target);
        continue;
      }
      if (!providedByNext.has(name) && !installedFor(own).has(name)) wrong.push(`${file}: ${name}`);
    }
  }
  return { reached: seen.size, wrong };
}

describe("what npm start installs (dependencies, not devDependencies)", () => {
  it("holds every package the build, the server and the local agent load", () => {
    const { reached, wrong } = devOnlyImports();
    expect(reached).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it("holds every tool the build and the install run, and the PostCSS plugins the build loads", () => {
    // A command's tool is its first word after any VAR=value; cross-env's is the word after its variables.
    const tools = (command: string) =>
      command.split("&&").flatMap((part) => {
        const words = part.trim().split(/\s+/).filter((word) => !/^[A-Z_]+=/.test(word));
        return words[0] === "cross-env" ? words.slice(0, 2) : words.slice(0, 1);
      });
    const binaries = [...tools(rootManifest.scripts?.build ?? ""), ...tools(rootManifest.scripts?.postinstall ?? ""), "tsx"];
    // Which installed package provides each binary (node_modules/.bin is built from these).
    const topLevel = readdirSync(path.join(root, "node_modules")).flatMap((name) => (name.startsWith("@") ? readdirSync(path.join(root, "node_modules", name)).map((scoped) => `${name}/${scoped}`) : [name]));
    const provider = new Map<string, string>();
    for (const name of topLevel) {
      const manifest = path.join(root, "node_modules", name, "package.json");
      if (!existsSync(manifest)) continue;
      const bin = (JSON.parse(readFileSync(manifest, "utf8")) as { bin?: string | Record<string, string> }).bin;
      for (const binary of typeof bin === "string" ? [name.split("/").at(-1)!] : Object.keys(bin ?? {})) if (!provider.has(binary) || binary === name) provider.set(binary, name);
    }
    const postcssPlugins = [...(read("postcss.config.mjs").match(/plugins:\s*\{([^}]*)\}/)?.[1] ?? "").matchAll(/["']([^"']+)["']\s*:/g)].map((match) => match[1]!);
    const needed = [...new Set([...binaries.map((binary) => provider.get(binary) ?? `(no package provides ${binary})`), ...postcssPlugins])];
    expect(needed).toEqual(expect.arrayContaining(["tsx", "next", "cross-env", "next-sitemap", "patch-package", "@tailwindcss/postcss"]));
    expect(needed.filter((name) => !installedFor(rootManifest).has(name))).toEqual([]);
  });
});
