#!/usr/bin/env bash
# The README's test command: every check, in the order that fails fastest; the quality
# gates (scripts/quality/run.sh: secrets, HTML validity, links, budgets) last.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/ensure-deps.sh

step() { printf '\n== %s\n' "$1"; }
step "typecheck";  npx tsc --noEmit -p .
step "lint";       npx eslint . --max-warnings=0
step "unit tests"; npx jest --ci
step "build";      npm run build
step "static export"; npm run build:export
step "end-to-end tests"; npx playwright test
step "other engines (Firefox ESR, WebKitGTK)"; npm run -s test:engines
step "quality gates"; bash scripts/quality/run.sh
