#!/usr/bin/env bash
# The README's test command: every check, in the order that fails fastest, the quality gates last
# and Lighthouse last of all, alone. `npm test -- <step>...` runs only the steps named (the list
# is below). Bash because it runs first on a fresh clone: ensure-deps.sh installs the system
# packages and node_modules everything else needs.
#
# A whole run makes two production builds: the server build (`next start`, the end-to-end tests)
# and the static export (the CDN suite), both with canary values of every server-only secret,
# which the quality gates then look for in what a browser can fetch. Steps run alone build
# without canaries, and the secrets gate alone builds a copy of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

all=(lockfile typecheck lint unit build export e2e export-suite engines quality)
for name in "$@"; do
  if [[ ! " ${all[*]} " =~ " $name " ]]; then
    echo "npm test: no step named '$name'; the steps: ${all[*]}" >&2
    exit 2
  fi
done
bash scripts/setup/ensure-deps.sh

if [ $# -eq 0 ]; then
  # One token a run: the canaries the builds carry and the secrets gate looks for.
  CLIENT_SECRETS_TOKEN=$(node -e 'console.log(require("node:crypto").randomBytes(8).toString("hex"))')
  export CLIENT_SECRETS_TOKEN
  with_canaries() { node scripts/quality/client-secrets.mjs --with-canaries "$@"; }
  set -- "${all[@]}"
else
  with_canaries() { "$@"; }
fi

tsx() { node --import tsx "$@"; }
step() { printf '\n== %s\n' "$1"; }
for name in "$@"; do
  case "$name" in
    lockfile)     step "lockfile";                  tsx scripts/setup/check-lockfile.ts ;;
    typecheck)    step "typecheck";                 npm run -s typecheck ;;
    lint)         step "lint";                      npm run -s lint ;;
    unit)         step "unit tests";                npx jest --ci ;;
    build)        step "build";                     with_canaries npm run -s build ;;
    export)       step "static export for the export suite"; with_canaries tsx scripts/build/export-for-tests.ts ;;
    e2e)          step "end-to-end tests";          npx playwright test ;;
    export-suite) step "static export on a CDN runtime"; npx playwright test -c playwright.export.config.ts ;;
    engines)      step "browser engines (Firefox ESR, WebKitGTK; the call's endings in Chromium too)"; tsx --test --test-reporter=spec --test-concurrency=1 tests/engines/*.test.ts ;;
    quality)      step "quality gates";             tsx scripts/quality/run.ts ;;
  esac
done
