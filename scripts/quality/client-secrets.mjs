#!/usr/bin/env node
/**
 * Proves that no server-only value reaches what a browser can download.
 *
 *   node scripts/quality/client-secrets.mjs [--static-export]
 *     Builds the site with distinctive canary values for every server-only variable and
 *     searches everything a visitor can fetch for them. The build runs in a temporary
 *     copy of the project (node_modules hard-linked), so the working tree, its .next/
 *     and tsconfig.json stay untouched. Takes one production build's time; with
 *     --static-export it also builds the CDN export (out/) and searches that too.
 *
 *   node scripts/quality/client-secrets.mjs --scan <dir> [<dir>...]
 *     Searches existing build output (.next, out) for the values the server-only
 *     variables have in this environment: for a build already made with those values.
 *
 *   CLIENT_SECRETS_TOKEN=<token> node scripts/quality/client-secrets.mjs --with-canaries <command...>
 *   CLIENT_SECRETS_TOKEN=<token> node scripts/quality/client-secrets.mjs --scan-canaries <dir>...
 *     The test command's way, which costs no extra build: it makes its own builds with the
 *     token's canary values (the first form runs a build command with them), then scans
 *     those builds for them (the second). The positive control there is
 *     NEXT_PUBLIC_DOCS_URL, a footer link: the site's origin stays what the tests expect.
 *
 * What is searched: .next/static (every JS/CSS chunk), the pre-rendered HTML and RSC
 * payloads under .next/server/{app,pages}, public/, and any out/ directory. Server code
 * is not searched: it may hold secrets at run time by design.
 *
 * A positive control guards the scan itself: NEXT_PUBLIC_SITE_URL gets a canary too,
 * and it must be found (it is inlined in every page), or the check fails as blind.
 * Exit code 0: nothing leaked; 1: a leak, a blind scan or a failed build.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The server-only variables of lib/config/server-env.ts whose values are secrets or internals. */
const serverOnlySecrets = ["ELEVENLABS_API_KEY", "ELEVENLABS_AGENT_ID", "ELEVENLABS_AGENT_IDS", "LOCAL_AGENT_API_KEY", "REDIS_URL"];

const copyExclusions = new Set([".git", "node_modules", "out", "test-results", "playwright-report", "coverage", ".vercel", ".turbo"]);
const maxScannedFileBytes = 50 * 1024 * 1024;

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === "--scan") {
    const dirs = args.slice(1);
    if (dirs.length === 0) fail("--scan needs at least one directory, e.g. --scan .next");
    const needles = serverOnlySecrets.flatMap((name) => needlesFor(name, process.env[name]));
    if (needles.length === 0) fail(`none of ${serverOnlySecrets.join(", ")} is set: there is nothing to search for`);
    const files = dirs.flatMap((dir) => clientFacingFiles(path.resolve(dir)));
    report(scan(files, needles), files.length, undefined);
    return;
  }
  if (args[0] === "--with-canaries") {
    if (args.length < 2) fail("--with-canaries needs a command to run, e.g. --with-canaries npm run build");
    // Not the site's origin: the builds under test keep the origin their tests expect.
    const canaries = canaryEnvironment(canaryToken());
    delete canaries.NEXT_PUBLIC_SITE_URL;
    const [command, ...commandArgs] = args.slice(1);
    await run(command, commandArgs, process.cwd(), { ...process.env, ...canaries });
    return;
  }
  if (args[0] === "--scan-canaries") {
    const dirs = args.slice(1);
    if (dirs.length === 0) fail("--scan-canaries needs at least one directory, e.g. --scan-canaries .next out public");
    const canaries = canaryEnvironment(canaryToken());
    const files = dirs.flatMap((dir) => clientFacingFiles(path.resolve(dir)));
    const needles = serverOnlySecrets.flatMap((name) => needlesFor(name, canaries[name]));
    const control = needlesFor("NEXT_PUBLIC_DOCS_URL (positive control)", canaries.NEXT_PUBLIC_DOCS_URL);
    report(scan(files, needles), files.length, scan(files, control).length > 0);
    return;
  }
  const staticExport = args.includes("--static-export");
  const unknown = args.filter((arg) => arg !== "--static-export");
  if (unknown.length > 0) fail(`unknown arguments: ${unknown.join(" ")}`);
  await buildAndScan(staticExport);
}

async function buildAndScan(staticExport) {
  const token = randomBytes(6).toString("hex");
  const canaries = canaryEnvironment(token);
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), "mockingbird-client-secrets-"));
  try {
    console.log(`copying the project to ${workspace} ...`);
    copyProject(projectRoot, workspace);
    console.log("building with canary values (next build) ...");
    const next = path.join(workspace, "node_modules/next/dist/bin/next");
    await run(process.execPath, [next, "build"], workspace, buildEnvironment(canaries));
    if (staticExport) {
      console.log("building the static export with canary values (STATIC_EXPORT=1 next build) ...");
      // As scripts/build/export.ts does: its own distDir, pages written to out/.
      await run(process.execPath, [next, "build"], workspace, { ...buildEnvironment(canaries), STATIC_EXPORT: "1", NEXT_DIST_DIR: ".next-export" });
    }

    const outputs = [".next", "public", ...(staticExport ? ["out"] : [])].map((dir) => path.join(workspace, dir));
    const files = outputs.flatMap(clientFacingFiles);
    const needles = serverOnlySecrets.flatMap((name) => needlesFor(name, canaries[name]));
    const control = needlesFor("NEXT_PUBLIC_SITE_URL (positive control)", canaries.NEXT_PUBLIC_SITE_URL);
    const controlFound = scan(files, control).length > 0;
    report(scan(files, needles), files.length, controlFound);
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

function canaryToken() {
  const token = process.env.CLIENT_SECRETS_TOKEN;
  if (!token || !/^[a-z0-9]{8,}$/.test(token)) fail("set CLIENT_SECRETS_TOKEN to 8 or more lowercase letters and digits (the test command makes one per run)");
  return token;
}

/** Plausible values that cannot occur by chance; each carries the run's token. */
function canaryEnvironment(token) {
  return {
    ELEVENLABS_API_KEY: `sk_canary_api_key_${token}`,
    ELEVENLABS_AGENT_ID: `agent_canary_default_${token}`,
    ELEVENLABS_AGENT_IDS: JSON.stringify({
      "it-helpdesk-mfa-reset": `agent_canary_helpdesk_${token}`,
      "ceo-urgent-wire": `agent_canary_ceo_${token}`,
      "hr-payroll-update": `agent_canary_payroll_${token}`,
    }),
    LOCAL_AGENT_API_KEY: `local_canary_key_${token}`,
    REDIS_URL: `redis://default:canary_redis_password_${token}@redis-canary-${token}.internal:6379/0`,
    NEXT_PUBLIC_SITE_URL: `https://site-canary-${token}.example`,
    NEXT_PUBLIC_DOCS_URL: `https://docs.mockingbird.example/canary-${token}`,
  };
}

function buildEnvironment(canaries) {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...canaries };
  // The copy builds into its own default .next whatever the caller's shell says.
  delete env.NEXT_DIST_DIR;
  delete env.STATIC_EXPORT;
  return env;
}

/**
 * What to look for: the whole value, and each distinctive piece of a structured value
 * (the agent ids inside the JSON map, the password inside the Redis URL), since a leak
 * may carry only a part.
 */
function needlesFor(name, value) {
  if (value === undefined || value === "") return [];
  const pieces = new Set([value]);
  if (name === "ELEVENLABS_AGENT_IDS") {
    try {
      for (const agentId of Object.values(JSON.parse(value))) if (typeof agentId === "string") pieces.add(agentId);
    } catch {
      // Not JSON: the whole value is still searched.
    }
  }
  if (name === "REDIS_URL" && URL.canParse(value)) {
    const { password } = new URL(value);
    if (password) pieces.add(decodeURIComponent(password));
  }
  // Short values would match by accident (a Redis URL without a password, "default").
  return [...pieces].filter((piece) => piece.length >= 8).map((piece) => ({ name, piece }));
}

/** Files a browser can download from a build: chunks, pre-rendered pages and payloads, public files. */
function clientFacingFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  const isNextDistDir = fs.existsSync(path.join(dir, "BUILD_ID"));
  const roots = isNextDistDir
    ? [path.join(dir, "static"), path.join(dir, "server", "app"), path.join(dir, "server", "pages")]
    : [dir];
  const servedFromServerDir = /\.(html|rsc|body|meta|json|txt|xml)$/;
  return roots.flatMap((root) =>
    walk(root).filter((file) => !isNextDistDir || !file.startsWith(path.join(dir, "server")) || servedFromServerDir.test(file)),
  );
}

function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.isFile() ? [full] : [];
  });
}

function scan(files, needles) {
  const leaks = [];
  for (const file of files) {
    if (fs.statSync(file).size > maxScannedFileBytes) continue;
    const text = fs.readFileSync(file).toString("latin1");
    for (const { name, piece } of needles) {
      // Also in the escaped forms a bundler or serializer writes (JSON strings, URLs).
      const forms = new Set([piece, JSON.stringify(piece).slice(1, -1), encodeURIComponent(piece)]);
      for (const form of forms) {
        const index = text.indexOf(form);
        if (index === -1) continue;
        leaks.push({ name, file, context: text.slice(Math.max(0, index - 60), index + form.length + 20).replace(/\s+/g, " ") });
        break;
      }
    }
  }
  return leaks;
}

function report(leaks, fileCount, controlFound) {
  console.log(`scanned ${fileCount} client-facing files`);
  if (fileCount === 0) fail("no client-facing files found: is this a build directory?");
  if (controlFound === false) {
    fail("the positive control (a NEXT_PUBLIC_* canary every page inlines) is nowhere in the output, so this scan could not see a leak either");
  }
  if (leaks.length > 0) {
    for (const leak of leaks) console.error(`LEAK ${leak.name} in ${leak.file}\n  ...${leak.context}...`);
    fail(`${leaks.length} server-only value(s) reached client-facing output`);
  }
  console.log(`no server-only value (${serverOnlySecrets.join(", ")}) in any client-facing file${controlFound ? "; positive control found" : ""}`);
}

/** A fresh tree to build in: sources copied, node_modules hard-linked (no copy of its bytes where the filesystem allows). */
function copyProject(from, to) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const name = entry.name;
    // Build output, other checkouts' state and local env files (which may hold real secrets) stay behind.
    if (copyExclusions.has(name) || name.startsWith(".next") || (name.startsWith(".env") && name !== ".env.example")) continue;
    fs.cpSync(path.join(from, name), path.join(to, name), { recursive: true, verbatimSymlinks: true });
  }
  const linked = spawnSync("cp", ["-al", path.join(from, "node_modules"), path.join(to, "node_modules")], { stdio: "ignore" });
  if (linked.status !== 0) {
    console.log("hard links unavailable here; copying node_modules instead (slower) ...");
    fs.rmSync(path.join(to, "node_modules"), { recursive: true, force: true });
    fs.cpSync(path.join(from, "node_modules"), path.join(to, "node_modules"), { recursive: true, verbatimSymlinks: true });
  }
}

function run(command, args, cwd, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(" ")} exited with code ${code}`))));
  });
}

class CheckFailed extends Error {}

/** Throws rather than exits, so the temporary copy is removed on the way out. */
function fail(message) {
  throw new CheckFailed(message);
}

main().catch((error) => {
  console.error(`check-client-secrets: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
