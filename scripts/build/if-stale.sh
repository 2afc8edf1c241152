#!/usr/bin/env bash
# Builds the production site when there is no build or a source file is newer than it.
# Files the build itself writes into public/ (sitemap, robots, the vendored voice worklets,
# the rendered illustrations) and the one-pager PDF are not sources.
set -euo pipefail
cd "$(dirname "$0")/../.."
marker=.next/csp-manifest.json
newer=$(find app components content lib public proxy.server.ts next.config.ts next-sitemap.config.js package-lock.json \
  -type f -newer "$marker" -not -path 'public/vendor/*' -not -path 'public/illustrations/*' \
  -not -name 'sitemap*.xml' -not -name 'robots.txt' -not -name '*.pdf' -print -quit 2>/dev/null || true)
if [ ! -f "$marker" ] || [ -n "$newer" ]; then
  npm run build
fi
