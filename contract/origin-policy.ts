import { z } from "zod";

/**
 * Which browser origins may ask for a signed URL. A rule is an exact origin
 * (`https://www.example.com`) or a host on any port (`http://localhost:*`), because
 * development servers pick their port freely.
 */
export type OriginRule =
  | { readonly kind: "exact"; readonly origin: string }
  | { readonly kind: "any-port"; readonly protocol: string; readonly hostname: string };

const anyPortSuffix = ":*";

/** Parses one allow-list entry; undefined when the entry is not an origin. */
export function parseOriginRule(entry: string): OriginRule | undefined {
  const text = entry.trim();
  if (text.endsWith(anyPortSuffix)) {
    const url = parseHttpUrl(text.slice(0, -anyPortSuffix.length));
    if (!url || url.port !== "" || !isBareOrigin(url)) return undefined;
    return { kind: "any-port", protocol: url.protocol, hostname: url.hostname };
  }
  const url = parseHttpUrl(text);
  if (!url || !isBareOrigin(url)) return undefined;
  return { kind: "exact", origin: url.origin };
}

/** The rules used when ALLOWED_ORIGINS is not set: the site itself and local development. */
export function defaultOriginRules(siteUrl: string | undefined): OriginRule[] {
  const rules: OriginRule[] = [
    { kind: "any-port", protocol: "http:", hostname: "localhost" },
    { kind: "any-port", protocol: "http:", hostname: "127.0.0.1" },
  ];
  const site = siteUrl === undefined ? undefined : parseHttpUrl(siteUrl);
  if (site) rules.unshift({ kind: "exact", origin: site.origin });
  return rules;
}

export function isAllowedOrigin(origin: string | null, rules: readonly OriginRule[]): boolean {
  // Browsers always send Origin on a cross-origin or POST fetch; its absence (or the
  // opaque "null" of sandboxed frames and file: pages) means no page we serve is asking.
  if (origin === null || origin === "null") return false;
  const url = parseHttpUrl(origin);
  if (!url || url.origin !== origin.toLowerCase()) return false;
  return rules.some((rule) =>
    rule.kind === "exact" ? rule.origin === url.origin : rule.protocol === url.protocol && rule.hostname === url.hostname,
  );
}

export function describeOriginRule(rule: OriginRule): string {
  return rule.kind === "exact" ? rule.origin : `${rule.protocol}//${rule.hostname}${anyPortSuffix}`;
}

function parseHttpUrl(text: string): URL | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
}

/**
 * An origin has no path, query, fragment or credentials, and a plain host name: a
 * wildcard such as `https://*.example.com` parses as a URL but no browser ever sends
 * it, so accepting it would silently allow nothing.
 */
function isBareOrigin(url: URL): boolean {
  const plainHost = /^[a-z0-9.-]+$/.test(url.hostname) || /^\[[0-9a-f:.]+\]$/.test(url.hostname);
  return plainHost && (url.pathname === "/" || url.pathname === "") && url.search === "" && url.hash === "" && url.username === "" && url.password === "";
}

/** ALLOWED_ORIGINS: comma-separated origins (blanks ignored), read alike by the site and the voice agent. */
export const originRules = z.string().transform((text, context): OriginRule[] => {
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const rules: OriginRule[] = [];
  for (const entry of entries) {
    const rule = parseOriginRule(entry);
    if (rule) rules.push(rule);
    else context.addIssue({ code: "custom", message: `"${entry}" is not an origin such as https://www.example.com or http://localhost:*` });
  }
  if (entries.length === 0) context.addIssue({ code: "custom", message: "must list at least one origin" });
  return rules;
});
