/**
 * Which request methods the site serves. Pages and files: GET, HEAD, OPTIONS and POST
 * (Next.js answers POST to a page itself). Under /functions/ the signed-URL route also
 * takes PUT, PATCH and DELETE, to answer them with its own JSON 405.
 *
 * Anything else never reaches Next.js (which answers TRACE with a 500 and logs a stack
 * trace per request): a method HTTP defines gets 405 with `Allow`, any other 501.
 */
export const siteMethods = ["GET", "HEAD", "OPTIONS", "POST"] as const;
const functionMethods = [...siteMethods, "PUT", "PATCH", "DELETE"];
/** RFC 9110 §9 and RFC 5789 (PATCH): the methods an origin server is expected to know. */
const httpMethods = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]);

export type MethodVerdict = { readonly serve: true } | { readonly serve: false; readonly status: 405 | 501; readonly allow: string };

export function methodVerdict(method: string | undefined, pathname: string): MethodVerdict {
  const allowed: readonly string[] = pathname.startsWith("/functions/") ? functionMethods : siteMethods;
  const name = method ?? "";
  if (allowed.includes(name)) return { serve: true };
  return { serve: false, status: httpMethods.has(name) ? 405 : 501, allow: allowed.join(", ") };
}
