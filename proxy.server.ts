import { NextResponse, type NextRequest } from "next/server";
import { lowercaseRedirectTarget } from "./lib/routing/lowercase-redirect";
import { contentSecurityPolicy } from "./lib/security/csp";
import { loadCspManifest, scriptHashesFor } from "./lib/security/csp-manifest";
import { cspConnectSources } from "./lib/security/connect-sources";
import { wantsReadableSitemap } from "./lib/seo/readable-sitemap";
import { embedFrameAncestors, isEmbeddablePath } from "./lib/security/framing";

const development = process.env.NODE_ENV === "development";

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const lowercase = lowercaseRedirectTarget(pathname, search);
  if (lowercase) return NextResponse.redirect(new URL(lowercase, request.url), 308);

  const readableSitemap = pathname === "/sitemap.xml" && wantsReadableSitemap(request.headers);
  const servedPath = readableSitemap ? "/sitemap" : pathname;
  const response = readableSitemap ? NextResponse.rewrite(new URL("/sitemap", request.url)) : NextResponse.next();
  if (pathname === "/sitemap.xml") response.headers.set("Vary", "Sec-Fetch-Dest, Sec-Fetch-Mode");

  const manifest = development ? null : loadCspManifest();
  const policy = contentSecurityPolicy({
    scriptHashes: manifest ? scriptHashesFor(manifest, servedPath) : [],
    development: development || manifest === null,
    connectSources: cspConnectSources(),
    frameAncestors: isEmbeddablePath(pathname) ? embedFrameAncestors() : [],
    upgradeInsecureRequests: request.nextUrl.protocol === "https:",
  });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  // Hashed build assets, vendored audio worklets and the JSON signed-URL endpoint need no per-page policy;
  // next.config.ts gives them the baseline headers.
  matcher: ["/((?!_next/static|_next/image|functions/|vendor/).*)"],
};
