import { baselineSecurityHeaders, contentSecurityPolicy, frameDenyHeader } from "./csp";
import { embedFrameAncestors, isEmbeddablePath } from "./framing";

export type HeaderPair = { readonly key: string; readonly value: string };

export type ResponseHeaderOptions = {
  readonly development?: boolean;
  /** The embed page's allowed framers; EMBED_ALLOWED_ORIGINS by default. */
  readonly embedFrameAncestors?: readonly string[];
};

/**
 * The security headers every response of a path carries, whatever produced it: a page,
 * a redirect, a 404, a 405, an error or a static file. Pages get a stricter per-page
 * Content-Security-Policy from the proxy (proxy.server.ts) on top; this policy, with no
 * script hashes, is the floor for everything else. Framing: only /embed/call may be
 * framed, by the origins EMBED_ALLOWED_ORIGINS lists (lib/security/framing.ts).
 */
export function securityHeadersFor(pathname: string, options: ResponseHeaderOptions = {}): HeaderPair[] {
  const embeddable = isEmbeddablePath(pathname);
  const policy = contentSecurityPolicy({
    scriptHashes: [],
    development: options.development ?? false,
    frameAncestors: embeddable ? (options.embedFrameAncestors ?? embedFrameAncestors()) : [],
  });
  return [...baselineSecurityHeaders, { key: "Content-Security-Policy", value: policy }, ...(embeddable ? [] : [frameDenyHeader])];
}

/** Statuses whose Cache-Control the cache policy decides; errors and redirects keep their own. */
export function isCacheableSuccess(status: number): boolean {
  return status === 200 || status === 203 || status === 204 || status === 206 || status === 304;
}
