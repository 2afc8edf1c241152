import type { NextConfig } from "next";
import { assertLaunchReady } from "./lib/config/launch-readiness";
import { validatePublicEnv } from "./lib/config/public-env-schema";
import { cacheControlFor } from "./lib/security/cache-policy";
import { baselineSecurityHeaders, contentSecurityPolicy, frameDenyHeader } from "./lib/security/csp";

// NEXT_PUBLIC_* are checked at build and start-up; a bad one stops here, named.
validatePublicEnv();
// A production NEXT_PUBLIC_SITE_URL needs every value in content/launch-signoff.ts confirmed.
assertLaunchReady();

/** `npm run build:export` sets this: a CDN-ready out/ with every page and no server code. */
const staticExport = process.env.STATIC_EXPORT === "1";

const nextConfig: NextConfig = {
  output: staticExport ? "export" : undefined,
  // Files ending in .server.ts (the proxy, the signed-URL route) exist only where a server runs.
  pageExtensions: staticExport ? ["tsx", "ts"] : ["tsx", "ts", "server.ts"],
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  // The build checks the app it ships; `tsc -p .` in the test command checks tests, scripts and the agent too.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  // marked is ESM-only and @mockingbird/contract (contract/) ships TypeScript source; listing them
  // also lets next/jest transform them for unit tests.
  transpilePackages: ["marked", "@mockingbird/contract"],
  turbopack: {
    // The voice SDK imports livekit-client for WebRTC sessions; the widget only opens websocket
    // sessions, so a throwing stub saves ~150 KB gzip in the call chunk (docs/protocol.md §6).
    resolveAlias: { "livekit-client": "./lib/call/livekit-client-stub.ts" },
  },
  reactStrictMode: true,
  images: { formats: ["image/avif", "image/webp"], unoptimized: staticExport },
  async headers() {
    if (staticExport) return [];
    // Pages get a per-page policy with script hashes from the proxy; this baseline covers the rest.
    const baselineCsp = contentSecurityPolicy({ scriptHashes: [], development: process.env.NODE_ENV === "development" });
    return [
      {
        source: "/:path*",
        headers: [...baselineSecurityHeaders, { key: "Content-Security-Policy", value: baselineCsp }],
      },
      // Everything but the embeddable widget (lib/security/framing.ts), whose frame-ancestors the proxy sets.
      { source: "/((?!embed/call/?$).*)", headers: [frameDenyHeader] },
      // For Next.js hosts other than `npm start` (whose server applies lib/security/cache-policy.ts
      // to every response): the lifetimes Next.js would otherwise leave at max-age=0.
      {
        source: "/vendor/voice/:file([^/]+[.-][0-9a-f]{8,}\\.[a-z0-9.]+)",
        headers: [{ key: "Cache-Control", value: cacheControlFor("/vendor/voice/file.0123abcd.js") }],
      },
      { source: "/og/:path*", headers: [{ key: "Cache-Control", value: cacheControlFor("/og/home.png") }] },
    ];
  },
};

export default nextConfig;
