#!/usr/bin/env bash
# The README's test command: every check, the quality gates last and Lighthouse last of all,
# alone. `npm test -- <step>...` runs only the steps named (the list is below), one after another.
# Bash because it runs first on a fresh clone: ensure-deps.sh installs the system packages and
# node_modules everything else needs.
#
# A whole run makes two production builds: the server build (`next start`, the end-to-end tests)
# and the static export (the CDN suite), both with canary values of every server-only secret,
# which the quality gates then look for in what a browser can fetch. Steps run alone build
# without canaries, and the secrets gate alone builds a copy of its own.
#
# A whole run follows `schedule`: its phases one after another, and in a phase its chains side by
# side. Most of the suites' time is waiting (on a call's timeouts, a browser, a server), so on 2
# cores one suite leaves room for another; what is timed stays apart. The quality step is split
# there into the gates that time nothing (`gates`) and Lighthouse (`lighthouse`). Output from
# chains side by side is tagged with their steps' names. Every run prints each step's wall time
# and the total.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

all=(lockfile typecheck lint unit build export e2e export-suite engines quality)
# One line a phase; " | " separates the chains of a phase, whose steps run in the order written.
# - The lockfile check first: a bad lockfile makes everything after it meaningless.
# - The unit tests alone: the agent's speech tests time its decoders against the clock (one
#   failed by 15 ms with the type check beside it; the unit step runs the most sensitive,
#   *.realtime.test.ts, after the rest and alone).
# - The two builds in turn: they share .next (the export moves it aside).
# - The end-to-end suite (two workers) beside the engine suites (one file at a time): both spend
#   most of their time waiting on a call's timeouts (the production silence timeout alone is 30 s
#   a test); on a loaded 2-core machine the two together took 12 minutes where one after the
#   other took 19. The export suite waits for them: beside the end-to-end suite's two browsers,
#   its own two made axe's page checks time out.
# - The gates that time nothing (secrets, HTML, links, budgets) beside the export suite, and
#   Lighthouse, which times pages, last and alone.
schedule=(
  "lockfile"
  "typecheck | lint"
  "unit"
  "build export"
  "e2e | engines"
  "export-suite | gates"
  "lighthouse"
)
for name in "$@"; do
  if [[ ! " ${all[*]} " =~ " $name " ]]; then
    echo "npm test: no step named '$name'; the steps: ${all[*]}" >&2
    exit 2
  fi
done

# EPOCHREALTIME (bash 5) in microseconds: no bc or date on a bare machine needed.
micros() { echo "${EPOCHREALTIME/./}"; }
seconds_since() { local us=$(($(micros) - $1)); printf '%d.%d' $((us / 1000000)) $((us % 1000000 / 100000)); }
run_started=$(micros)
# One line per step, appended by whichever chain ran it (short appends do not interleave).
timings=$(mktemp)
report() {
  local status=$?
  printf '\n== wall time per step\n'
  cat "$timings"
  printf '%-13s %8s s\n' "total" "$(seconds_since "$run_started")"
  rm -f "$timings"
  return "$status"
}
trap report EXIT

tsx() { node --import tsx "$@"; }
title() {
  case "$1" in
    setup) echo "what the tests need (scripts/setup/ensure-deps.sh)" ;;
    lockfile) echo "lockfile" ;;
    typecheck) echo "typecheck" ;;
    lint) echo "lint" ;;
    unit) echo "unit tests" ;;
    build) echo "build" ;;
    export) echo "static export for the export suite" ;;
    e2e) echo "end-to-end tests" ;;
    export-suite) echo "static export on a CDN runtime" ;;
    engines) echo "browser engines (Firefox ESR, WebKitGTK; the call's endings in Chromium too)" ;;
    quality) echo "quality gates" ;;
    gates) echo "quality gates that time nothing" ;;
    lighthouse) echo "Lighthouse, alone" ;;
  esac
}
commands() {
  case "$1" in
    setup) bash scripts/setup/ensure-deps.sh ;;
    lockfile) tsx scripts/setup/check-lockfile.ts ;;
    typecheck) npm run -s typecheck ;;
    lint) npm run -s lint ;;
    # The files that time the agent's decoders against the clock (*.realtime.test.ts) alone,
    # after the rest: beside another worker, a decode came back too late for them.
    unit) npx jest --ci --testPathIgnorePatterns='\.realtime\.test\.ts$' && npx jest --ci --runInBand --testPathPatterns='\.realtime\.test\.ts$' ;;
    build) with_canaries npm run -s build ;;
    export) with_canaries tsx scripts/build/export-for-tests.ts ;;
    e2e) npx playwright test ;;
    export-suite) npx playwright test -c playwright.export.config.ts ;;
    # Two files at a time (each has its own sound sink and browsers, and mostly waits); one
    # beside the end-to-end suite in a whole run. The files whose agent runs with its default
    # settings share one site and agent, which the global setup starts.
    engines) tsx --test --test-reporter=spec --test-global-setup=tests/engines/support/global-setup.mjs --test-concurrency="${engine_files_at_once:-2}" tests/engines/*.test.ts ;;
    quality) tsx scripts/quality/run.ts ;;
    gates) tsx scripts/quality/run.ts --without-lighthouse ;;
    lighthouse) tsx scripts/quality/run.ts --lighthouse ;;
  esac
}
# step <name>: runs it, then records its wall time, passed or failed.
step() {
  local started status=0
  printf '\n== %s\n' "$(title "$1")"
  started=$(micros)
  commands "$1" || status=$?
  printf '%-13s %8s s%s\n' "$1" "$(seconds_since "$started")" "$([ "$status" = 0 ] || echo "  (failed, exit $status)")" >>"$timings"
  return "$status"
}

step setup

if [ $# -gt 0 ]; then
  with_canaries() { "$@"; }
  for name in "$@"; do step "$name"; done
  exit 0
fi

# One token a run: the canaries the builds carry and the secrets gate looks for.
CLIENT_SECRETS_TOKEN=$(node -e 'console.log(require("node:crypto").randomBytes(8).toString("hex"))')
export CLIENT_SECRETS_TOKEN
with_canaries() { node scripts/quality/client-secrets.mjs --with-canaries "$@"; }
engine_files_at_once=1

# chain <step>...: the steps in turn, stopping at the first that fails.
chain() {
  local name
  for name in "$@"; do step "$name" || return; done
}
# Each chain of a phase in its own process group (started under set -m), so a failure stops the
# others whole, servers and browsers included, and the run fails as soon as one chain does.
running=()
stop_running() {
  local pid
  for pid in ${running[@]+"${running[@]}"}; do kill -TERM -- "-$pid" 2>/dev/null || true; done
}
trap 'stop_running; exit 130' INT TERM
for phase in "${schedule[@]}"; do
  IFS='|' read -ra chains <<<"$phase"
  if [ ${#chains[@]} -eq 1 ]; then
    # shellcheck disable=SC2086 # a chain is its steps' names, split on spaces
    chain ${chains[0]}
    continue
  fi
  running=()
  set -m
  for steps in "${chains[@]}"; do
    read -ra names <<<"$steps"
    # The output of chains side by side, each line tagged with its step's chain.
    tag=$(printf '%s' "${names[*]}" | tr ' ' '+')
    (set -o pipefail; chain "${names[@]}" 2>&1 | sed -u "s/^/[$tag] /") &
    running+=($!)
  done
  # Job control only to give each chain its group; off again, bash announces no job's end.
  set +m
  failed=0
  for _ in "${running[@]}"; do
    if ! wait -n; then
      failed=1
      stop_running
    fi
  done
  [ "$failed" = 0 ] || exit 1
done
