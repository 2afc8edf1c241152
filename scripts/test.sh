#!/usr/bin/env bash
# The README's test command: every check, in the order that fails fastest. Each step is an
# npm script (package.json is the one task table); the quality gates come last, Lighthouse
# last of all and alone. Two production builds in all: the server build (`next start`, the
# end-to-end tests) and the static export (the CDN suite), both made with canary values of
# every server-only secret, which the quality gates then look for in what a browser can fetch.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/setup/ensure-deps.sh

# One token a run: the canaries the builds carry and the secrets gate looks for.
CLIENT_SECRETS_TOKEN=$(node -e 'console.log(require("node:crypto").randomBytes(8).toString("hex"))')
export CLIENT_SECRETS_TOKEN
with_canaries() { node scripts/quality/client-secrets.mjs --with-canaries "$@"; }

step() { printf '\n== %s\n' "$1"; }
step "lockfile";                    npm run -s check:lockfile
step "typecheck";                   npm run -s typecheck
step "lint";                        npm run -s lint
step "unit tests";                  npm run -s test:unit -- --ci
step "build";                       with_canaries npm run -s build
step "static export";               with_canaries npm run -s build:export:e2e
step "end-to-end tests";            npm run -s test:e2e
step "static export on a CDN runtime"; npm run -s test:export
step "other engines (Firefox ESR, WebKitGTK)"; npm run -s test:engines
step "quality gates";               npm run -s check:quality
