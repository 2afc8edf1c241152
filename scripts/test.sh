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
# Every run prints each step's wall time and the total, passed or failed, so a slow step shows in
# any run's log (the budget of a clean clone's run: docs/quality.md#the-test-command).
# EPOCHREALTIME (bash 5) in microseconds: no bc or date on a bare machine needed.
micros() { echo "${EPOCHREALTIME/./}"; }
seconds_since() { local us=$(( $(micros) - $1 )); printf '%d.%d' $((us / 1000000)) $((us % 1000000 / 100000)); }
run_started=$(micros)
timings=()
current=""
step_started=0
step() { printf '\n== %s\n' "$2"; current=$1; step_started=$(micros); }
step_done() { timings+=("$(printf '%-13s %8s s' "$current" "$(seconds_since "$step_started")")"); current=""; }
report() {
  local status=$?
  [ -n "$current" ] && timings+=("$(printf '%-13s %8s s  (failed)' "$current" "$(seconds_since "$step_started")")")
  printf '\n== wall time per step\n'
  [ ${#timings[@]} -gt 0 ] && printf '%s\n' "${timings[@]}"
  printf '%-13s %8s s\n' "total" "$(seconds_since "$run_started")"
  return "$status"
}
trap report EXIT

step setup "what the tests need (scripts/setup/ensure-deps.sh)"
bash scripts/setup/ensure-deps.sh
step_done

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
for name in "$@"; do
  case "$name" in
    lockfile)     step "$name" "lockfile"; tsx scripts/setup/check-lockfile.ts ;;
    typecheck)    step "$name" "typecheck"; npm run -s typecheck ;;
    lint)         step "$name" "lint"; npm run -s lint ;;
    unit)         step "$name" "unit tests"; npx jest --ci ;;
    build)        step "$name" "build"; with_canaries npm run -s build ;;
    export)       step "$name" "static export for the export suite"; with_canaries tsx scripts/build/export-for-tests.ts ;;
    e2e)          step "$name" "end-to-end tests"; npx playwright test ;;
    export-suite) step "$name" "static export on a CDN runtime"; npx playwright test -c playwright.export.config.ts ;;
    engines)      step "$name" "browser engines (Firefox ESR, WebKitGTK; the call's endings in Chromium too)"; tsx --test --test-reporter=spec --test-concurrency=1 tests/engines/*.test.ts ;;
    quality)      step "$name" "quality gates"; tsx scripts/quality/run.ts ;;
  esac
  step_done
done
