import { loadEnvConfig } from "@next/env";
import { describeOriginRule, originRules, type OriginRule } from "@mockingbird/contract/origin-policy";

/**
 * Which pages may open a call on the pushed agents: deployment configuration, not repository
 * content. The committed configs list no host (CI and every fork generate the same files); a push
 * fills the agents' allow-list (platform_settings.auth.allowlist, host names only) from the same
 * origins the signed-URL service allows: ALLOWED_ORIGINS when set, else NEXT_PUBLIC_SITE_URL
 * (lib/signed-url/config.ts), parsed by the contract's `originRules`.
 */

export class DeploymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DeploymentError";
  }
}

export type DeploymentEnv = Readonly<Record<string, string | undefined>>;

/**
 * The environment `npm run agents` runs with: the shell's, then the project's env files as
 * `next build` reads them (.env.production.local, .env.local, .env.production, .env), so a push
 * sees the origins the deployed site was built with.
 */
export function loadDeploymentEnv(projectDir: string): DeploymentEnv {
  const silent = { info: () => undefined, error: () => undefined };
  return loadEnvConfig(projectDir, false, silent, true).combinedEnv;
}

/**
 * Hosts no visitor's browser reaches the production site from: names reserved for documentation
 * and tests (RFC 2606/6761), the IANA example domains and the loopback. An allow-list of them
 * would refuse every real call, so a push naming one is a deployer who forgot to configure it.
 */
export function isPlaceholderHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host === "[::1]" || host === "0.0.0.0" || /^127\.\d+\.\d+\.\d+$/.test(host)) return true;
  return /(^|\.)(example|test|invalid|localhost)$/.test(host) || /(^|\.)example\.(com|net|org)$/.test(host);
}

/**
 * The allow-list entry for an origin. ElevenLabs compares the page's host with each entry, and its
 * authentication guide's examples (`example.com`, `app.example.com`, `localhost:3000`) show a port
 * is part of it: a default port is left out, as the page's origin leaves it out.
 */
const hostOf = (rule: OriginRule) => (rule.kind === "exact" ? new URL(rule.origin).host : rule.hostname);

/** "You can specify up to 10 unique hostnames" (ElevenLabs' agent authentication guide). */
export const ALLOWLIST_MAX_HOSTS = 10;

const howToSet =
  "set ALLOWED_ORIGINS to every origin the site is served from, comma-separated (e.g. ALLOWED_ORIGINS=https://www.your-domain.com,https://your-domain.com,https://preview.your-domain.com), or NEXT_PUBLIC_SITE_URL to the site's public URL, in the shell or in .env.production.local";

/** The variable the origins come from, and the host names the agents' allow-list gets. */
export type DeploymentOrigins = { variable: "ALLOWED_ORIGINS" | "NEXT_PUBLIC_SITE_URL"; hosts: string[] };

/** The allow-list a push sends, or a DeploymentError saying which variable to set and to what. */
export function deploymentOrigins(env: DeploymentEnv): DeploymentOrigins {
  const allowed = env.ALLOWED_ORIGINS?.trim() || undefined;
  const site = env.NEXT_PUBLIC_SITE_URL?.trim() || undefined;
  const variable = allowed !== undefined ? "ALLOWED_ORIGINS" : "NEXT_PUBLIC_SITE_URL";
  const value = allowed ?? site;
  if (value === undefined) throw new DeploymentError(`the agents' allow-list is empty: ${howToSet}. A push without it would leave the agents open to every page, or closed to the site`);
  const parsed = originRules.safeParse(value);
  if (!parsed.success) throw new DeploymentError(`${variable}: ${parsed.error.issues.map((issue) => issue.message).join("; ")}: ${howToSet}`);
  const placeholders = parsed.data.filter((rule) => isPlaceholderHost(rule.kind === "exact" ? new URL(rule.origin).hostname : rule.hostname));
  if (placeholders.length > 0) {
    throw new DeploymentError(
      `${variable} names ${placeholders.map(describeOriginRule).join(", ")}, a placeholder no visitor reaches the site from, so the pushed agents would refuse every call from the real site: ${howToSet}`,
    );
  }
  const hosts = [...new Set(parsed.data.map(hostOf))];
  if (hosts.length > ALLOWLIST_MAX_HOSTS) throw new DeploymentError(`${variable} names ${hosts.length} hosts; an agent's allow-list takes at most ${ALLOWLIST_MAX_HOSTS}: list only the origins the site is served from`);
  return { variable, hosts };
}

/** An agent config file as a push sends it: the folder's config with the deployer's hosts in its allow-list. */
export function withAllowlist<T>(agentConfig: T, hosts: readonly string[]): T {
  const config = structuredClone(agentConfig) as { platform_settings?: { auth?: Record<string, unknown> } };
  config.platform_settings = { ...config.platform_settings, auth: { ...config.platform_settings?.auth, allowlist: hosts.map((hostname) => ({ hostname })) } };
  return config as T;
}
