#!/usr/bin/env bash
# Static export for CDN hosting: out/ with every page (each carrying its own CSP), the 404
# page, sitemap, robots, RSS, and what hosts read beside the files: _headers, _redirects,
# vercel.json (scripts/build/export-cdn.ts). The signed URL then comes from the Supabase
# Edge Function; build-time variables and hosts: docs/deploy.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NEXT_TELEMETRY_DISABLED=1

# An export build rewrites .next even with another distDir, which would break the server
# build `npm start` and the tests serve: keep it aside and put it back, whatever happens.
saved=""
if [ -d .next ]; then
  saved=".next.server-build"
  rm -rf "$saved"
  mv .next "$saved"
fi
restore() {
  rm -rf .next
  if [ -n "$saved" ]; then mv "$saved" .next; fi
}
trap restore EXIT

rm -rf out
npm run -s assets
STATIC_EXPORT=1 NEXT_DIST_DIR=out npx next build
SITEMAP_OUT_DIR=out npx next-sitemap
npx tsx scripts/build/sitemap-stylesheet.ts out
npx tsx scripts/build/export-cdn.ts out
