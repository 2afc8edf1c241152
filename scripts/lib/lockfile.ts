/**
 * What keeps `npm ci` working on a fresh clone on every supported system, read from
 * package.json and package-lock.json alone (pure: no file, no network):
 * - the lockfile is whole and in sync: every dependency of every entry, optional ones of every
 *   platform included, is locked at a version its range accepts, and nothing else is locked;
 * - every native package (a package that ships its binary in per-platform optional packages)
 *   has that binary locked for each supported platform;
 * - every install script in the tree is either allowed or denied in `allowScripts` (npm 11's
 *   policy), and the policy names nothing else;
 * - `engines.node` admits only Node versions that every locked package accepts and that are
 *   still supported (scripts/lib/node-releases.ts), the Node the project installs among them,
 *   and `.nvmrc` / `.node-version` name that Node;
 * - each package `patches/` patches is locked once, at the patched version, so no copy can
 *   escape the patch.
 * scripts/setup/check-lockfile.ts runs it on the repository; tests/unit/lockfile.test.ts
 * shows each rule failing.
 */
import semver from "semver";
import { commonRange, intersectRanges } from "./node-range";
import { endedNodeRanges } from "./node-releases";

export type Dependencies = Record<string, string>;

export type LockEntry = {
  name?: string;
  version?: string;
  link?: boolean;
  /** A link's target (a workspace's folder). */
  resolved?: string;
  /** The root's workspaces (folders). */
  workspaces?: string[];
  dependencies?: Dependencies;
  optionalDependencies?: Dependencies;
  peerDependencies?: Dependencies;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Dependencies;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  engines?: Record<string, string> | string[];
  hasInstallScript?: boolean;
};

export type Lockfile = { lockfileVersion?: number; packages: Record<string, LockEntry> };

export type PackageJson = {
  dependencies?: Dependencies;
  devDependencies?: Dependencies;
  optionalDependencies?: Dependencies;
  peerDependencies?: Dependencies;
  overrides?: Record<string, unknown>;
  engines?: { node?: string };
  workspaces?: string[];
  allowScripts?: Record<string, boolean>;
};

export type Platform = { os: string; cpu: string; libc?: string };

/** The systems a clone must install on (Linux x64 is where CI runs). */
export const supportedPlatforms: readonly Platform[] = [
  { os: "linux", cpu: "x64", libc: "glibc" },
  { os: "linux", cpu: "arm64", libc: "glibc" },
  { os: "darwin", cpu: "arm64" },
  { os: "darwin", cpu: "x64" },
  { os: "win32", cpu: "x64" },
];

/**
 * The packages known to ship platform binaries (Next.js's SWC, Tailwind's oxide, lightningcss,
 * esbuild, Deno, workerd, sharp, the ESLint resolver, Jest's watcher, koffi): each must be found
 * native, so that none can drop out of the platform rule unnoticed.
 */
export const expectedNativePackages = ["next", "@tailwindcss/oxide", "lightningcss", "esbuild", "deno", "workerd", "sharp", "unrs-resolver", "@parcel/watcher", "koffi"] as const;

export const platformName = ({ os, cpu, libc }: Platform) => `${os}-${cpu}${libc ? `-${libc}` : ""}`;

const dependencyFields = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"] as const;

/** The package name an entry at `location` installs ("node_modules/a/node_modules/@b/c" -> "@b/c"). */
export function packageName(location: string, entry: LockEntry): string {
  if (entry.name) return entry.name;
  return location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
}

/** The entry at a location known to be locked (one `resolveFrom` found, or a key of `packages`). */
function entryAt(lock: Lockfile, location: string): LockEntry {
  const entry = lock.packages[location];
  if (!entry) throw new Error(`${location} is not in the lockfile`);
  return entry;
}

/** Where Node finds `name` from the entry at `from`: its own node_modules, then each parent's. */
export function resolveFrom(lock: Lockfile, from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

/** npm-install-checks' rule for `os`, `cpu` and `libc` lists: "!x" excludes, any plain entry must match. */
function listAccepts(list: readonly string[] | undefined, value: string | undefined): boolean {
  if (!list || list.length === 0 || value === undefined) return true;
  if (list.includes(`!${value}`)) return false;
  const wanted = list.filter((item) => !item.startsWith("!"));
  return wanted.length === 0 || wanted.includes(value) || wanted.includes("any");
}

export function installsOn(entry: LockEntry, platform: Platform): boolean {
  return listAccepts(entry.os, platform.os) && listAccepts(entry.cpu, platform.cpu) && (platform.os !== "linux" || listAccepts(entry.libc, platform.libc));
}

const isPlatformSpecific = (entry: LockEntry) => Boolean(entry.os?.length || entry.cpu?.length);

/** The range a dependency spec asks of the locked version, or null for specs that are not ranges (git, file, tags). */
function wantedRange(spec: string): string | null {
  const alias = /^npm:(?:@[^/]+\/)?[^@]+@(.+)$/.exec(spec);
  const range = alias?.[1] ?? spec;
  return semver.validRange(range) ? range : null;
}

/**
 * The version package.json's `overrides` force on `name` everywhere (only the plain `"name": "version"`
 * form, or `"$name"`: the project's own range for it).
 */
function overrideFor(pkg: PackageJson, name: string): string | null {
  const value = pkg.overrides?.[name];
  if (typeof value !== "string") return null;
  if (!value.startsWith("$")) return value;
  const own = value.slice(1);
  return pkg.dependencies?.[own] ?? pkg.devDependencies?.[own] ?? pkg.optionalDependencies?.[own] ?? null;
}

type Edge = { from: string; name: string; spec: string; kind: (typeof dependencyFields)[number]; optional: boolean };

function edgesOf(location: string, entry: LockEntry, projects: ReadonlySet<string>): Edge[] {
  const edges: Edge[] = [];
  for (const kind of dependencyFields) {
    // Only the project's own dev dependencies (and its workspaces') are installed, never those of a dependency.
    if (kind === "devDependencies" && !projects.has(location)) continue;
    for (const [name, spec] of Object.entries(entry[kind] ?? {})) {
      const optional = kind === "optionalDependencies" || (kind === "peerDependencies" && Boolean(entry.peerDependenciesMeta?.[name]?.optional));
      edges.push({ from: location, name, spec, kind, optional });
    }
  }
  return edges;
}

/**
 * The root entry must list exactly package.json's dependencies (that is what `npm ci` compares
 * first), and each workspace's entry its own package.json's.
 */
function projectProblems(pkg: PackageJson, lock: Lockfile, location = ""): string[] {
  const entry = lock.packages[location];
  const where = location === "" ? "the lockfile's root" : `the lockfile's ${location}`;
  if (!entry) return [location === "" ? 'the lockfile has no root entry (packages[""])' : `the lockfile has no entry for the workspace ${location}`];
  const problems: string[] = [];
  for (const field of dependencyFields) {
    const wanted = pkg[field] ?? {};
    const locked = entry[field] ?? {};
    for (const name of new Set([...Object.keys(wanted), ...Object.keys(locked)])) {
      if (wanted[name] !== locked[name]) {
        problems.push(`${location ? `${location}: ` : ""}${field}.${name}: package.json says ${wanted[name] ?? "nothing"}, ${where} says ${locked[name] ?? "nothing"}`);
      }
    }
  }
  return problems;
}

/** Every dependency locked where Node will find it, at a version its range (or an override) accepts; nothing locked that nothing needs. */
function treeProblems(pkg: PackageJson, lock: Lockfile): string[] {
  const problems: string[] = [];
  // The root and each workspace are projects: npm installs their dependencies, dev ones included,
  // and links each workspace into node_modules under its name.
  const workspaces = lock.packages[""]?.workspaces ?? [];
  const projects = new Set(["", ...workspaces]);
  const reached = new Set<string>(projects);
  for (const workspace of workspaces) {
    if (!lock.packages[workspace]) problems.push(`missing: the workspace ${workspace} is not in the lockfile`);
    const link = Object.entries(lock.packages).find(([, entry]) => entry.link && entry.resolved === workspace);
    if (link) reached.add(link[0]);
    else problems.push(`missing: the workspace ${workspace} is not linked into node_modules`);
  }
  const queue = [...projects].filter((location) => lock.packages[location]);
  while (queue.length > 0) {
    const location = queue.shift()!;
    const entry = entryAt(lock, location);
    if (entry.link) continue;
    for (const edge of edgesOf(location, entry, projects)) {
      const found = resolveFrom(lock, location, edge.name);
      const owner = location || "package.json";
      if (!found) {
        if (edge.kind === "peerDependencies" && edge.optional) continue;
        problems.push(`missing: ${edge.name}@${edge.spec} (${edge.kind} of ${owner}) is not in the lockfile`);
        continue;
      }
      const range = overrideFor(pkg, edge.name) ?? wantedRange(edge.spec);
      const version = entryAt(lock, found).version;
      if (range && version && !semver.satisfies(version, range, { includePrerelease: true })) {
        problems.push(`wrong version: ${found} is ${version}, but ${owner} wants ${edge.name}@${range}`);
      }
      if (!reached.has(found)) {
        reached.add(found);
        queue.push(found);
      }
    }
  }
  for (const location of Object.keys(lock.packages)) {
    if (!reached.has(location)) problems.push(`extraneous: ${location} is locked but nothing depends on it`);
  }
  return problems;
}

/** The optional dependencies of `location` that are platform packages. */
function platformPackagesOf(lock: Lockfile, location: string): LockEntry[] {
  return Object.keys(entryAt(lock, location).optionalDependencies ?? {})
    .map((name) => resolveFrom(lock, location, name))
    .filter((found): found is string => found !== null)
    .map((found) => entryAt(lock, found))
    .filter(isPlatformSpecific);
}

/**
 * A native package ships one optional package per platform (two or more of them); a package with a
 * single platform's extra (fsevents on macOS) is not one. Each native package must have a binary
 * for each supported platform it installs on.
 */
function platformProblems(lock: Lockfile, platforms: readonly Platform[], expected: readonly string[]): string[] {
  const problems: string[] = [];
  const native = new Map<string, string[]>();
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (location === "") continue;
    const binaries = platformPackagesOf(lock, location);
    if (binaries.length < 2) continue;
    const name = packageName(location, entry);
    native.set(name, [...(native.get(name) ?? []), location]);
    for (const platform of platforms) {
      if (!installsOn(entry, platform)) continue;
      if (!binaries.some((binary) => installsOn(binary, platform))) {
        problems.push(`no ${platformName(platform)} binary: ${location}@${entry.version} has none of its platform packages for it in the lockfile`);
      }
    }
  }
  for (const name of expected) {
    if (!native.has(name)) problems.push(`not native: ${name} should ship per-platform binaries, but the lockfile locks none for it`);
  }
  return problems;
}

/** Every locked install script is allowed or denied by name in `allowScripts`, and every entry there names a package with one. */
function installScriptProblems(pkg: PackageJson, lock: Lockfile): string[] {
  const policy = pkg.allowScripts ?? {};
  const problems: string[] = [];
  const withScripts = new Set<string>();
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (location === "" || !entry.hasInstallScript) continue;
    const name = packageName(location, entry);
    withScripts.add(name);
    if (typeof policy[name] !== "boolean") {
      problems.push(`install script not reviewed: ${name}@${entry.version} (${location}) is in neither direction of allowScripts`);
    }
  }
  for (const [key, value] of Object.entries(policy)) {
    if (typeof value !== "boolean") problems.push(`allowScripts.${key} must be true or false`);
    // The lockfile records no registry addresses (.npmrc), so npm cannot verify a pinned version: it
    // ignores "name@1.2.3" allows. Entries name packages.
    if (key.replace(/^@[^/]+\//, "").includes("@")) {
      problems.push(`allowScripts.${key}: name the package without a version`);
    } else if (!withScripts.has(key)) {
      problems.push(`allowScripts.${key}: no locked package of that name has an install script`);
    }
  }
  return problems;
}

/**
 * Each locked package's `engines.node`, where it says one, for the packages that install on a
 * supported platform (a binary for Windows on 32-bit Intel constrains nobody here).
 */
function nodeRequirements(lock: Lockfile, platforms: readonly Platform[]): { location: string; version?: string; node: string }[] {
  const requirements: { location: string; version?: string; node: string }[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (location === "" || !entry.engines || Array.isArray(entry.engines)) continue;
    const node = entry.engines.node;
    if (!node || !semver.validRange(node)) continue;
    if (!platforms.some((platform) => installsOn(entry, platform))) continue;
    requirements.push({ location, version: entry.version, node });
  }
  return requirements;
}

/** The Node versions every locked package accepts (`engines.node`); null when they share none. */
export function supportedNodeRange(lock: Lockfile, platforms: readonly Platform[] = supportedPlatforms): string | null {
  return commonRange(nodeRequirements(lock, platforms).map(({ node }) => node));
}

/** Which locked packages accept fewer Node versions than `declared` (the ones that set the range). */
export function narrowerEngines(lock: Lockfile, declared: string, platforms: readonly Platform[] = supportedPlatforms): string[] {
  return nodeRequirements(lock, platforms)
    .filter(({ node }) => !semver.subset(declared, node))
    .map(({ location, version, node }) => `${location}@${version} (${node})`);
}

/** The version of Node the project installs for its scripts (the `node` package), if it does. */
export function projectNode(lock: Lockfile): string | null {
  return lock.packages["node_modules/node"]?.version ?? null;
}

function engineProblems(pkg: PackageJson, lock: Lockfile, platforms: readonly Platform[], today: string, versionFiles: Readonly<Record<string, string>>): string[] {
  const declared = pkg.engines?.node;
  const supported = supportedNodeRange(lock, platforms);
  if (supported === null) return ["engines: the locked packages accept no Node version in common"];
  if (!declared || !semver.validRange(declared)) return [`engines.node must be a range within the one every locked package accepts: ${supported}`];
  const problems: string[] = [];
  if (!semver.subset(declared, supported)) {
    const narrower = narrowerEngines(lock, declared, platforms);
    const shown = narrower.slice(0, 8).join(", ") + (narrower.length > 8 ? ` and ${narrower.length - 8} more` : "");
    problems.push(`engines.node is "${declared}", but the locked packages accept only "${supported}"; narrower: ${shown}`);
  }
  const ended = endedNodeRanges(today).filter((range) => intersectRanges(declared, range) !== null);
  if (ended.length > 0) problems.push(`engines.node is "${declared}", which admits Node past its end of life on ${today}: ${ended.join(", ")}`);
  const own = projectNode(lock);
  if (own) {
    if (!semver.satisfies(own, declared)) problems.push(`engines.node is "${declared}", which refuses the Node the project installs (node@${own})`);
    for (const [file, text] of Object.entries(versionFiles)) {
      if (text.trim().replace(/^v/, "") !== own) problems.push(`${file} says ${text.trim() || "nothing"}, but the project installs node@${own}`);
    }
  }
  return problems;
}

/** The package and version a patch-package file patches ("@scope+name+1.2.3.patch" -> @scope/name 1.2.3); null for a patch of a nested copy. */
export function patchedPackage(fileName: string): { name: string; version: string } | null {
  const match = /^((?:@[^+]+\+)?[^+]+)\+(\d[^+]*)\.patch$/.exec(fileName);
  return match ? { name: match[1]!.replace("+", "/"), version: match[2]! } : null;
}

/** Each patched package is locked exactly once, at the patched version: patch-package patches only the top-level copy. */
function patchProblems(lock: Lockfile, patched: readonly { name: string; version: string }[]): string[] {
  const problems: string[] = [];
  for (const { name, version } of patched) {
    const copies = Object.entries(lock.packages).filter(([location, entry]) => location !== "" && !entry.link && packageName(location, entry) === name);
    const shown = copies.map(([location, entry]) => `${location}@${entry.version}`).join(", ");
    if (copies.length !== 1 || copies[0]![0] !== `node_modules/${name}` || copies[0]![1].version !== version) {
      problems.push(`patched: patches/ patches ${name}@${version}, so it must be locked once at node_modules/${name}; locked: ${shown || "none"} (pin it in overrides)`);
    }
  }
  return problems;
}

export type LockfileReport = {
  problems: string[];
  nativePackages: string[];
  supportedNode: string | null;
};

export function checkLockfile(
  pkg: PackageJson,
  lock: Lockfile,
  {
    platforms = supportedPlatforms,
    expectedNative = expectedNativePackages,
    workspaces = {},
    today = new Date().toISOString().slice(0, 10),
    versionFiles = {},
    patched = [],
  }: {
    platforms?: readonly Platform[];
    expectedNative?: readonly string[];
    /** Each workspace's package.json, by folder. */
    workspaces?: Readonly<Record<string, PackageJson>>;
    /** The day (YYYY-MM-DD) whose supported Node releases engines must keep to. */
    today?: string;
    /** The version managers' files (.nvmrc, .node-version) and their text. */
    versionFiles?: Readonly<Record<string, string>>;
    /** The packages patches/ patches. */
    patched?: readonly { name: string; version: string }[];
  } = {},
): LockfileReport {
  const problems: string[] = [];
  if (lock.lockfileVersion !== 3) problems.push(`lockfileVersion is ${lock.lockfileVersion}; npm 7 and later write 3`);
  const listed = pkg.workspaces ?? [];
  if (JSON.stringify(listed) !== JSON.stringify(lock.packages[""]?.workspaces ?? [])) problems.push(`workspaces: package.json lists ${JSON.stringify(listed)}, the lockfile's root ${JSON.stringify(lock.packages[""]?.workspaces ?? [])}`);
  for (const folder of listed) problems.push(...(workspaces[folder] ? projectProblems(workspaces[folder], lock, folder) : [`workspaces: no package.json given for ${folder}`]));
  problems.push(...projectProblems(pkg, lock), ...treeProblems(pkg, lock), ...platformProblems(lock, platforms, expectedNative), ...installScriptProblems(pkg, lock), ...engineProblems(pkg, lock, platforms, today, versionFiles), ...patchProblems(lock, patched));
  const nativePackages = Object.keys(lock.packages).filter((location) => location !== "" && platformPackagesOf(lock, location).length >= 2);
  return { problems, nativePackages, supportedNode: supportedNodeRange(lock, platforms) };
}
