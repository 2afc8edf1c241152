#!/usr/bin/env bash
# Builds the static export when there is none or the server build is newer: both must come
# from the same sources. Run after scripts/build/if-stale.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ ! -f out/index.html ] || [ .next/BUILD_ID -nt out/index.html ]; then npm run build:export; fi
