/**
 * Only the embeddable call widget may be framed, and only by the origins a deployment lists
 * in EMBED_ALLOWED_ORIGINS; every other page keeps frame-ancestors 'none' and X-Frame-Options DENY.
 */
export const EMBED_PATH = "/embed/call";

export function isEmbeddablePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return path === EMBED_PATH;
}

/**
 * The frame-ancestors sources for the embed page: 'self' (the site may show its own widget
 * in a frame) plus each listed origin. Entries that are not http(s) origins are dropped, so a
 * typo can never widen the list to a wildcard.
 */
export function embedFrameAncestors(env: Record<string, string | undefined> = process.env): string[] {
  const sources = new Set<string>(["'self'"]);
  for (const entry of (env.EMBED_ALLOWED_ORIGINS ?? "").split(",")) {
    const origin = embedOrigin(entry.trim());
    if (origin) sources.add(origin);
  }
  return [...sources];
}

function embedOrigin(entry: string): string | null {
  if (entry === "") return null;
  try {
    const url = new URL(entry);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    // URL accepts "*", ";" and "," in a host: any of them would widen or break the policy.
    if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) return null;
    return url.origin;
  } catch {
    return null;
  }
}
