/**
 * The path and query a request names, whatever form its request target takes.
 *
 * HTTP/1.1 allows an absolute-form target (`GET http://evil.com/product HTTP/1.1`), meant
 * for proxies. Next.js builds its redirects from it, so a site that passes it through
 * answers `308 Location: http://evil.com/product`. The site is never a proxy: the
 * authority in the target is dropped and only the path and query are served, as RFC 9112
 * §3.2.2 lets an origin server do.
 */
export type RequestTarget =
  | { readonly kind: "path"; readonly target: string; readonly pathname: string }
  /** `OPTIONS *`: a question about the server, answered without a resource. */
  | { readonly kind: "server-wide" }
  | { readonly kind: "invalid" };

const parseBase = "http://origin.invalid";

export function requestTargetOf(raw: string | undefined): RequestTarget {
  if (raw === undefined || raw === "") return { kind: "invalid" };
  if (raw === "*") return { kind: "server-wide" };
  let pathAndQuery: string;
  if (raw.startsWith("/")) {
    pathAndQuery = raw;
  } else if (/^https?:\/\//i.test(raw) && URL.canParse(raw)) {
    const url = new URL(raw);
    pathAndQuery = `${url.pathname}${url.search}`;
  } else {
    return { kind: "invalid" };
  }
  // `//evil.com/x` is a path, but some code resolves it as a host: one leading slash only.
  const target = pathAndQuery.replace(/^\/{2,}/, "/");
  if (!URL.canParse(target, parseBase)) return { kind: "invalid" };
  return { kind: "path", target, pathname: new URL(target, parseBase).pathname };
}
