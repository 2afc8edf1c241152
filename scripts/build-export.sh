#!/usr/bin/env bash
# Static export for CDN hosting: out/ with every page, the 404 page, sitemap, robots and
# a _headers file carrying the same security headers (the signed URL then comes from the
# Supabase Edge Function; see README "Deployment modes").
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# With output: 'export', Next.js writes the site into distDir; using out/ also keeps the
# server build in .next untouched.
rm -rf out
STATIC_EXPORT=1 NEXT_DIST_DIR=out npx next build
SITEMAP_OUT_DIR=out npx next-sitemap
npx tsx scripts/sitemap-stylesheet.ts out
npx tsx scripts/export-headers.ts out
