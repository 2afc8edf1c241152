/** @jest-environment node */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { EnvConfigError } from "@/lib/config/env-schema";
import { createEdgeSignedUrlService, type EdgeSignedUrlService } from "@/supabase/functions/elevenlabs-auth/edge-service";
import { installEdgeFunctionFixture } from "./support/edge-function-fixtures";
import { anonKey, callRequest } from "./support/signed-url-requests";

const projectRoot = path.resolve(__dirname, "../../..");
const functionDir = path.join(projectRoot, "supabase/functions/elevenlabs-auth");

const fixture = installEdgeFunctionFixture();
const functionEnv = fixture.env;

function service(env: Record<string, string>): EdgeSignedUrlService {
  const created = createEdgeSignedUrlService(env);
  fixture.stopAfterTest(() => created.close());
  return created;
}

describe("the Supabase Edge Function", () => {
  it("checks the anon key Supabase injects, or NEXT_PUBLIC_SUPABASE_ANON_KEY when that is set", async () => {
    const env = functionEnv({ SUPABASE_ANON_KEY: "legacy-jwt-anon-key-000000000" });
    const injected = service(env).handle;
    const overridden = service({ ...env, NEXT_PUBLIC_SUPABASE_ANON_KEY: anonKey }).handle;

    expect((await injected(callRequest({ key: "legacy-jwt-anon-key-000000000" }))).status).toBe(200);
    expect((await overridden(callRequest({ key: anonKey }))).status).toBe(200);
    expect((await overridden(callRequest({ key: "legacy-jwt-anon-key-000000000" }))).status).toBe(401);
  });

  it("refuses to start without the static site's origin (NEXT_PUBLIC_SITE_URL or ALLOWED_ORIGINS)", () => {
    const env: Record<string, string> = functionEnv();
    delete env.NEXT_PUBLIC_SITE_URL;
    const start = () => service(env);

    expect(start).toThrow(EnvConfigError);
    expect(start).toThrow(/NEXT_PUBLIC_SITE_URL/);
  });

  it("refuses to start without SUPABASE_DB_URL, where its limits live", () => {
    const env: Record<string, string> = functionEnv();
    delete env.SUPABASE_DB_URL;

    expect(() => service(env)).toThrow(/SUPABASE_DB_URL: missing/);
  });

  it("resolves every module it loads through its deno.json import map, as Deno requires", () => {
    const { visited, unresolved } = walkDenoModuleGraph(path.join(functionDir, "index.ts"));

    expect(unresolved).toEqual([]);
    expect(visited).toContain("lib/signed-url/handler.ts");
    expect(visited).toContain("lib/config/server-env.ts");
  });

  it("type-checks with Deno's APIs and without Node or jest types (tsc -p supabase)", async () => {
    const tsc = path.join(projectRoot, "node_modules/typescript/bin/tsc");

    const result = await promisify(execFile)(process.execPath, [tsc, "-p", path.join(projectRoot, "supabase")], { cwd: projectRoot }).then(
      () => "no errors",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );

    expect(result).toBe("no errors");
  }, 120_000);
});

/**
 * Follows the imports from the function's entry point the way Deno does: explicit
 * `.ts` paths load as written, extensionless relative paths (what Next.js code uses)
 * only through an exact import-map entry, bare names only through the map.
 */
function walkDenoModuleGraph(entry: string): { visited: string[]; unresolved: string[] } {
  const { imports } = JSON.parse(fs.readFileSync(path.join(functionDir, "deno.json"), "utf8")) as { imports: Record<string, string> };
  const mappedPaths = new Map(
    Object.entries(imports)
      .filter(([key]) => key.startsWith("."))
      .map(([key, target]) => [path.resolve(functionDir, key), path.resolve(functionDir, target)]),
  );
  const visited = new Set<string>();
  const unresolved: string[] = [];
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (visited.has(file)) continue;
    visited.add(file);
    const source = fs.readFileSync(file, "utf8");
    const specifiers = [...source.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']/g)].map((match) => match[1] ?? match[2] ?? "");
    for (const specifier of specifiers) {
      const importer = path.relative(projectRoot, file);
      if (!specifier.startsWith(".")) {
        if (!(specifier in imports)) unresolved.push(`${importer}: "${specifier}" is not in the import map`);
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier);
      const resolved = specifier.endsWith(".ts") ? target : mappedPaths.get(target);
      if (resolved === undefined) unresolved.push(`${importer}: "${specifier}" has no import-map entry`);
      else if (!fs.existsSync(resolved)) unresolved.push(`${importer}: "${specifier}" resolves to a missing file`);
      else pending.push(resolved);
    }
  }
  return { visited: [...visited].map((file) => path.relative(projectRoot, file)), unresolved };
}
