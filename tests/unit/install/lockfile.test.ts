/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { checkLockfile, expectedNativePackages, installsOn, patchedPackage, projectNode, resolveFrom, type Lockfile, type PackageJson } from "@/scripts/lib/lockfile";

const root = path.resolve(__dirname, "../../..");
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), "utf8")) as T;

const linuxX64 = { os: "linux", cpu: "x64", libc: "glibc" };
const darwinArm64 = { os: "darwin", cpu: "arm64" };
const platforms = [linuxX64, darwinArm64];

/**
 * A small project: one native package ("tool") with a binary for each platform, one plain
 * dependency, and the Node it installs for its scripts (the `node` package).
 */
function project(): { pkg: PackageJson; lock: Lockfile } {
  const pkg: PackageJson = {
    dependencies: { tool: "^1.0.0", plain: "2.0.0" },
    devDependencies: { node: "24.21.0" },
    engines: { node: "^24.11.0 || >=26" },
    allowScripts: { tool: true, node: true },
  };
  const lock: Lockfile = {
    lockfileVersion: 3,
    packages: {
      "": { dependencies: { tool: "^1.0.0", plain: "2.0.0" }, devDependencies: { node: "24.21.0" } },
      "node_modules/tool": {
        version: "1.2.0",
        hasInstallScript: true,
        optionalDependencies: { "@tool/linux-x64": "1.2.0", "@tool/darwin-arm64": "1.2.0" },
        engines: { node: ">=22.12.0" },
      },
      "node_modules/@tool/linux-x64": { version: "1.2.0", os: ["linux"], cpu: ["x64"], libc: ["glibc"] },
      "node_modules/@tool/darwin-arm64": { version: "1.2.0", os: ["darwin"], cpu: ["arm64"] },
      "node_modules/plain": { version: "2.0.0", engines: { node: "^22.13.0 || >=24" } },
      "node_modules/node": { version: "24.21.0", hasInstallScript: true },
    },
  };
  return { pkg, lock };
}

type Options = Parameters<typeof checkLockfile>[2];
const today = "2026-11-27";
const check = ({ pkg, lock }: { pkg: PackageJson; lock: Lockfile }, options: Options = {}) =>
  checkLockfile(pkg, lock, { platforms, expectedNative: ["tool"], today, ...options }).problems;

describe("the lockfile check", () => {
  it("passes a whole, in-sync lockfile", () => {
    expect(check(project())).toEqual([]);
  });

  it("fails when package.json lists a dependency the lockfile's root does not", () => {
    const p = project();
    p.pkg.dependencies = { ...p.pkg.dependencies, added: "^1.0.0" };
    expect(check(p)).toContainEqual(expect.stringMatching(/^dependencies\.added: package.json says \^1\.0\.0, the lockfile's root says nothing/));
  });

  it("holds a workspace to its own package.json, dev dependencies installed and the workspace linked", () => {
    const p = project();
    p.pkg.workspaces = ["agent"];
    p.lock.packages[""]!.workspaces = ["agent"];
    p.lock.packages["agent"] = { name: "@x/agent", version: "1.0.0", devDependencies: { plain: "2.0.0" } };
    p.lock.packages["node_modules/@x/agent"] = { resolved: "agent", link: true };
    const agent: PackageJson = { devDependencies: { plain: "2.0.0" } };
    const checkWith = (workspace: PackageJson) => check(p, { workspaces: { agent: workspace } });
    expect(checkWith(agent)).toEqual([]);
    expect(checkWith({ devDependencies: { plain: "2.0.0", added: "^1.0.0" } })).toEqual(["agent: devDependencies.added: package.json says ^1.0.0, the lockfile's agent says nothing"]);
    delete p.lock.packages["node_modules/@x/agent"];
    expect(checkWith(agent)).toContain("missing: the workspace agent is not linked into node_modules");
  });

  it("fails when another platform's optional binary is missing, as npm ci does", () => {
    const p = project();
    delete p.lock.packages["node_modules/@tool/darwin-arm64"];
    expect(check(p)).toEqual(
      expect.arrayContaining([
        "missing: @tool/darwin-arm64@1.2.0 (optionalDependencies of node_modules/tool) is not in the lockfile",
        "not native: tool should ship per-platform binaries, but the lockfile locks none for it",
      ]),
    );
  });

  it("fails when a native package has no binary for a supported platform", () => {
    const p = project();
    p.lock.packages["node_modules/tool"]!.optionalDependencies = { "@tool/linux-x64": "1.2.0", "@tool/win32-x64": "1.2.0" };
    p.lock.packages["node_modules/@tool/win32-x64"] = { version: "1.2.0", os: ["win32"], cpu: ["x64"] };
    delete p.lock.packages["node_modules/@tool/darwin-arm64"];
    expect(check(p)).toContainEqual("no darwin-arm64 binary: node_modules/tool@1.2.0 has none of its platform packages for it in the lockfile");
  });

  it("fails when a locked version is outside the range that asks for it", () => {
    const p = project();
    p.lock.packages["node_modules/plain"]!.version = "2.1.0";
    expect(check(p)).toContainEqual("wrong version: node_modules/plain is 2.1.0, but package.json wants plain@2.0.0");
  });

  it("takes package.json's overrides as the wanted version", () => {
    const p = project();
    p.lock.packages["node_modules/tool"]!.dependencies = { plain: "^3.0.0" };
    expect(check(p)).toContainEqual("wrong version: node_modules/plain is 2.0.0, but node_modules/tool wants plain@^3.0.0");
    p.pkg.overrides = { plain: "2.0.0" };
    expect(check(p)).toEqual([]);
  });

  it("fails on a locked package nothing depends on", () => {
    const p = project();
    p.lock.packages["node_modules/left-over"] = { version: "1.0.0" };
    expect(check(p)).toContainEqual("extraneous: node_modules/left-over is locked but nothing depends on it");
  });

  it("fails on an install script that allowScripts neither allows nor denies", () => {
    const p = project();
    p.pkg.allowScripts = {};
    expect(check(p)).toContainEqual("install script not reviewed: tool@1.2.0 (node_modules/tool) is in neither direction of allowScripts");
  });

  it("accepts a denied install script as reviewed", () => {
    const p = project();
    p.pkg.allowScripts = { tool: false, node: true };
    expect(check(p)).toEqual([]);
  });

  it("fails on an allowScripts entry for a package without an install script, or pinned to a version", () => {
    const p = project();
    p.pkg.allowScripts = { tool: true, node: true, plain: true, "tool@1.2.0": true, "@scope/name@1.0.0": false };
    expect(check(p)).toEqual([
      "allowScripts.plain: no locked package of that name has an install script",
      "allowScripts.tool@1.2.0: name the package without a version",
      "allowScripts.@scope/name@1.0.0: name the package without a version",
    ]);
  });

  it("fails when engines claims Node versions a locked package refuses, naming it", () => {
    const p = project();
    p.pkg.engines = { node: "^22.0.0 || ^24.11.0 || >=26" };
    expect(check(p)).toEqual([
      'engines.node is "^22.0.0 || ^24.11.0 || >=26", but the locked packages accept only "^22.13.0 || >=24.0.0"; narrower: node_modules/tool@1.2.0 (>=22.12.0), node_modules/plain@2.0.0 (^22.13.0 || >=24)',
    ]);
  });

  it("fails when engines admits a Node release line past its end of life", () => {
    const p = project();
    p.pkg.engines = { node: "^22.13.0 || >=24" };
    expect(check(p)).toEqual(['engines.node is "^22.13.0 || >=24", which admits Node past its end of life on 2026-11-27: >=25.0.0 <26.0.0']);
    expect(check(project(), { today: "2028-04-30" })).toEqual(['engines.node is "^24.11.0 || >=26", which admits Node past its end of life on 2028-04-30: >=24.0.0 <25.0.0']);
  });

  it("fails when engines refuses the Node the project installs", () => {
    const p = project();
    p.pkg.engines = { node: ">=26" };
    expect(check(p)).toEqual(['engines.node is ">=26", which refuses the Node the project installs (node@24.21.0)']);
  });

  it("fails when a version manager's file names another Node than the one the project installs", () => {
    expect(check(project(), { versionFiles: { ".nvmrc": "24.21.0\n", ".node-version": "v24.21.0\n" } })).toEqual([]);
    expect(check(project(), { versionFiles: { ".nvmrc": "22\n", ".node-version": "" } })).toEqual([
      ".nvmrc says 22, but the project installs node@24.21.0",
      ".node-version says nothing, but the project installs node@24.21.0",
    ]);
  });

  it("fails on a second copy of a patched package, which patch-package would leave unpatched", () => {
    const p = project();
    const patched = [{ name: "plain", version: "2.0.0" }];
    expect(check(p, { patched })).toEqual([]);
    p.lock.packages["node_modules/tool"]!.dependencies = { plain: "2.1.0" };
    p.lock.packages["node_modules/tool/node_modules/plain"] = { version: "2.1.0" };
    expect(check(p, { patched })).toEqual([
      "patched: patches/ patches plain@2.0.0, so it must be locked once at node_modules/plain; locked: node_modules/plain@2.0.0, node_modules/tool/node_modules/plain@2.1.0 (pin it in overrides)",
    ]);
  });

  it("holds every copy of a package to the version an override forces, the project's own range by $name", () => {
    const p = project();
    p.lock.packages["node_modules/tool"]!.dependencies = { plain: "^3.0.0" };
    p.pkg.overrides = { plain: "$plain" };
    expect(check(p)).toEqual([]);
    p.pkg.dependencies = { ...p.pkg.dependencies, plain: "2.1.0" };
    p.lock.packages[""]!.dependencies = { ...p.pkg.dependencies };
    expect(check(p)).toContainEqual("wrong version: node_modules/plain is 2.0.0, but package.json wants plain@2.1.0");
  });

  it("leaves out the engines of binaries for platforms nobody supports", () => {
    const p = project();
    p.lock.packages["node_modules/tool"]!.optionalDependencies!["@tool/win32-ia32"] = "1.2.0";
    p.lock.packages["node_modules/@tool/win32-ia32"] = { version: "1.2.0", os: ["win32"], cpu: ["ia32"], engines: { node: "^18.0.0" } };
    expect(check(p)).toEqual([]);
  });
});

describe("where a dependency is found", () => {
  const lock: Lockfile = {
    packages: { "": {}, "node_modules/a": {}, "node_modules/b": {}, "node_modules/a/node_modules/b": {}, "node_modules/@s/c": {} },
  };

  it("is the entry's own node_modules first, then its parents'", () => {
    expect(resolveFrom(lock, "node_modules/a", "b")).toBe("node_modules/a/node_modules/b");
    expect(resolveFrom(lock, "node_modules/@s/c", "b")).toBe("node_modules/b");
    expect(resolveFrom(lock, "node_modules/a/node_modules/b", "@s/c")).toBe("node_modules/@s/c");
    expect(resolveFrom(lock, "", "missing")).toBeNull();
  });
});

describe("which platforms a package installs on", () => {
  it("follows npm's os, cpu and libc lists, negations included", () => {
    expect(installsOn({ os: ["linux"], cpu: ["x64"], libc: ["musl"] }, linuxX64)).toBe(false);
    expect(installsOn({ os: ["!win32"] }, darwinArm64)).toBe(true);
    expect(installsOn({ os: ["!darwin"] }, darwinArm64)).toBe(false);
    expect(installsOn({ libc: ["glibc"] }, darwinArm64)).toBe(true);
  });
});

describe("the patch files' names", () => {
  it("name the package and version patched", () => {
    expect(patchedPackage("@elevenlabs+client+1.25.0.patch")).toEqual({ name: "@elevenlabs/client", version: "1.25.0" });
    expect(patchedPackage("left-pad+1.3.0.patch")).toEqual({ name: "left-pad", version: "1.3.0" });
  });
});

describe("the project's own lockfile", () => {
  const pkg = readJson<PackageJson>("package.json");
  const lock = readJson<Lockfile>("package-lock.json");
  const workspaces = Object.fromEntries((pkg.workspaces ?? []).map((folder) => [folder, readJson<PackageJson>(path.join(folder, "package.json"))]));
  const versionFiles = { ".nvmrc": readFileSync(path.join(root, ".nvmrc"), "utf8"), ".node-version": readFileSync(path.join(root, ".node-version"), "utf8") };
  const patched = readdirSync(path.join(root, "patches")).flatMap((file) => patchedPackage(file) ?? []);
  const report = checkLockfile(pkg, lock, { workspaces, versionFiles, patched });

  it("has no problem", () => {
    expect(report.problems).toEqual([]);
  });

  it("finds every package known to ship platform binaries native", () => {
    const names = new Set(report.nativePackages.map((location) => location.slice(location.lastIndexOf("node_modules/") + 13)));
    expect([...expectedNativePackages].filter((name) => !names.has(name))).toEqual([]);
  });

  it("installs Node 24, the version everything runs on", () => {
    expect(projectNode(lock)).toMatch(/^24\./);
  });

  it("keeps the patched ElevenLabs client the only one", () => {
    expect(patched.map(({ name }) => name)).toContain("@elevenlabs/client");
  });
});
