/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { updateInitialEnv } from "@next/env";
import { DeploymentError, deploymentOrigins, isPlaceholderHost, loadDeploymentEnv, withAllowlist } from "@/scripts/agents/deployment";

/**
 * The agents' allow-list is the deployer's (scripts/agents/deployment.ts): the origins the
 * signed-URL service allows, as host names, read from the environment and the project's env files.
 */

test("the allow-list is ALLOWED_ORIGINS' hosts when it is set, each once, without scheme or default port, previews and the bare domain included", () => {
  const env = {
    ALLOWED_ORIGINS: "https://www.mockingbird-training.com, https://mockingbird-training.com,https://preview.mockingbird-training.com:8443,http://www.mockingbird-training.com",
    NEXT_PUBLIC_SITE_URL: "https://ignored-when-allowed-origins-is-set.com",
  };
  expect(deploymentOrigins(env)).toEqual({ variable: "ALLOWED_ORIGINS", hosts: ["www.mockingbird-training.com", "mockingbird-training.com", "preview.mockingbird-training.com:8443"] });
});

test("without ALLOWED_ORIGINS, the allow-list is NEXT_PUBLIC_SITE_URL's host, as the signed-URL service allows the site itself", () => {
  expect(deploymentOrigins({ NEXT_PUBLIC_SITE_URL: "https://www.mockingbird-training.com/" })).toEqual({ variable: "NEXT_PUBLIC_SITE_URL", hosts: ["www.mockingbird-training.com"] });
  expect(deploymentOrigins({ ALLOWED_ORIGINS: " ", NEXT_PUBLIC_SITE_URL: "https://www.mockingbird-training.com" }).variable).toBe("NEXT_PUBLIC_SITE_URL");
});

test("no origin at all is refused, naming both variables and an example value", () => {
  expect(() => deploymentOrigins({})).toThrow(DeploymentError);
  expect(() => deploymentOrigins({})).toThrow(/set ALLOWED_ORIGINS to every origin the site is served from, comma-separated \(e\.g\. ALLOWED_ORIGINS=https:\/\/www\.your-domain\.com,/);
});

test.each(["https://www.mockingbird.example", "https://example.com", "https://www.example.org", "https://shop.example.net", "http://localhost:3000", "http://127.0.0.1:8080", "https://site.test", "https://app.localhost"])(
  "a placeholder origin (%s) is refused, naming the variable it came from",
  (origin) => {
    expect(() => deploymentOrigins({ NEXT_PUBLIC_SITE_URL: origin })).toThrow(/^NEXT_PUBLIC_SITE_URL names .* a placeholder no visitor reaches the site from/);
    expect(() => deploymentOrigins({ ALLOWED_ORIGINS: `https://www.mockingbird-training.com,${origin}` })).toThrow(/^ALLOWED_ORIGINS names /);
  },
);

test("more hosts than an agent's allow-list takes are refused", () => {
  const origins = Array.from({ length: 11 }, (_, index) => `https://preview-${index}.mockingbird-training.com`).join(",");
  expect(() => deploymentOrigins({ ALLOWED_ORIGINS: origins })).toThrow(/^ALLOWED_ORIGINS names 11 hosts; an agent's allow-list takes at most 10/);
});

test("an entry that is not an origin is refused with the contract's own message", () => {
  expect(() => deploymentOrigins({ ALLOWED_ORIGINS: "https://*.mockingbird-training.com" })).toThrow(/^ALLOWED_ORIGINS: "https:\/\/\*\.mockingbird-training\.com" is not an origin/);
});

test("real domains that merely contain a reserved word are not placeholders", () => {
  expect(["www.example-corp.com", "examples.com", "testing.io", "mockingbird-training.com"].filter(isPlaceholderHost)).toEqual([]);
});

test("a push's agent config is the folder's with the hosts in its allow-list, and the folder's is left as it was", () => {
  const file = { name: "x", platform_settings: { auth: { enable_auth: true, allowlist: [] as { hostname: string }[] } } };
  expect(withAllowlist(file, ["www.mockingbird-training.com"]).platform_settings.auth).toEqual({ enable_auth: true, allowlist: [{ hostname: "www.mockingbird-training.com" }] });
  expect(file.platform_settings.auth.allowlist).toEqual([]);
});

describe("the env files", () => {
  const saved = { ...process.env };
  let dir: string;
  /** The shell `npm run agents` starts from: @next/env reloads from the environment it first saw, and reads .env*.local only outside NODE_ENV=test. */
  const shell = (env: Record<string, string | undefined>) => updateInitialEnv({ NODE_ENV: "production", ALLOWED_ORIGINS: undefined, NEXT_PUBLIC_SITE_URL: undefined, ...env });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "agents-env-"));
    loadDeploymentEnv(dir);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    updateInitialEnv({ ...saved, ALLOWED_ORIGINS: saved.ALLOWED_ORIGINS, NEXT_PUBLIC_SITE_URL: saved.NEXT_PUBLIC_SITE_URL });
    process.env = { ...saved };
  });

  test("npm run agents reads the origins from the project's env files as next build does, .env.production.local first", () => {
    writeFileSync(join(dir, ".env"), "NEXT_PUBLIC_SITE_URL=https://www.mockingbird.example\n");
    writeFileSync(join(dir, ".env.production.local"), "ALLOWED_ORIGINS=https://www.mockingbird-training.com\n");
    shell({});
    expect(deploymentOrigins(loadDeploymentEnv(dir))).toEqual({ variable: "ALLOWED_ORIGINS", hosts: ["www.mockingbird-training.com"] });
  });

  test("a variable set in the shell wins over the env files", () => {
    writeFileSync(join(dir, ".env.production"), "NEXT_PUBLIC_SITE_URL=https://www.mockingbird.example\n");
    shell({ NEXT_PUBLIC_SITE_URL: "https://www.mockingbird-training.com" });
    expect(deploymentOrigins(loadDeploymentEnv(dir)).hosts).toEqual(["www.mockingbird-training.com"]);
  });
});
