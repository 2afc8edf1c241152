#!/usr/bin/env bash
# The quality gates on the production build, each failing the run when its bar is not met.
# The test command (scripts/test.sh) runs this after the end-to-end tests, which hold the
# axe, security-header and CSP-injection gates (tests/e2e); `npm run check:quality` runs it
# alone (it builds what is missing or stale first). Lighthouse times pages, so it runs last,
# when nothing else is running.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/setup/ensure-quality-deps.sh
bash scripts/build/if-stale.sh
bash scripts/build/export-if-stale.sh

step() { printf '\n== %s\n' "$1"; }
# The test command built with canaries (CLIENT_SECRETS_TOKEN): look for them. Alone: build a
# copy with canaries, the server build and the export, and look there.
if [ -n "${CLIENT_SECRETS_TOKEN:-}" ]; then secrets=(--scan-canaries .next out public); else secrets=(--static-export); fi
step "secrets: no server-only value in .next/static, out/ or any HTML"; node scripts/quality/client-secrets.mjs "${secrets[@]}"
step "HTML: the W3C Nu checker on every built page";                      npx tsx scripts/quality/html-validity.ts
step "links: every internal link and anchor resolves";                    npx tsx scripts/quality/links.ts
step "budgets: own JS, no voice SDK and no third party before intent";    npx tsx scripts/quality/budgets.ts
step "Lighthouse: every route, mobile preset, median of 3";               npx tsx scripts/quality/lighthouse.ts
