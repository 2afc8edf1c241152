#!/usr/bin/env bash
# The README's run command: installs what is missing, builds if stale, serves the site.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/ensure-deps.sh
bash scripts/build-if-stale.sh
exec npx next start --port "${PORT:-3000}"
