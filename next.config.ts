import type { NextConfig } from "next";
import { validatePublicEnv } from "./lib/config/public-env-schema";
import { baselineSecurityHeaders, contentSecurityPolicy } from "./lib/security/csp";

// NEXT_PUBLIC_* are checked at build and start-up; a bad one stops here, named.
validatePublicEnv();

/** `npm run build:export` sets this: a CDN-ready out/ with every page and no server code. */
const staticExport = process.env.STATIC_EXPORT === "1";

const nextConfig: NextConfig = {
  output: staticExport ? "export" : undefined,
  // Files ending in .server.ts (the proxy, the signed-URL route) exist only where a server runs.
  pageExtensions: staticExport ? ["tsx", "ts"] : ["tsx", "ts", "server.ts"],
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  // ESM-only; listing it also lets next/jest transform it for unit tests.
  transpilePackages: ["marked"],
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
    ];
  },
};

export default nextConfig;
