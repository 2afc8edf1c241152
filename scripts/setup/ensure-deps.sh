#!/usr/bin/env bash
# What `npm test` (and .ci/run) needs: everything serving needs (scripts/setup/ensure-serve-deps.sh,
# which `npm start` runs alone), every devDependency (the same npm ci), and the browsers and tools
# only the tests use, installed in the same apt run:
# - chromium: the end-to-end and export suites (Playwright), the engine suites' endings, the
#   one-pager and the benches;
# - firefox-esr, webkit2gtk-driver and libwebkit2gtk-4.1-0 (WebKitWebDriver and MiniBrowser), xvfb,
#   and pulseaudio (a null sink, so their audio starts without a sound card): the engine suites
#   (npm test -- engines);
# - redis-server and postgresql: the shared rate limits' tests (Node instances, the Supabase
#   function) and the export suite's Edge Function;
# - nginx and openssl: the deploy guide's nginx, run by the end-to-end tests;
# - Lighthouse (the quality gates), installed apart from the site's node_modules, whose lockfile
#   would otherwise carry its large tree; it runs under the project's Node.
# The quality gates' Java (the Nu HTML checker) comes with scripts/setup/ensure-quality-deps.sh,
# which the quality step runs.
set -euo pipefail
cd "$(dirname "$0")/../.."

tests_need=()
command -v chromium >/dev/null 2>&1 || tests_need+=(chromium)
command -v firefox-esr >/dev/null 2>&1 || tests_need+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || tests_need+=(webkit2gtk-driver)
ls /usr/lib/*/webkit2gtk-4.1/MiniBrowser >/dev/null 2>&1 || tests_need+=(libwebkit2gtk-4.1-0)
command -v Xvfb >/dev/null 2>&1 || tests_need+=(xvfb)
command -v pulseaudio >/dev/null 2>&1 || tests_need+=(pulseaudio)
command -v redis-server >/dev/null 2>&1 || tests_need+=(redis-server)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || tests_need+=(postgresql)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || tests_need+=(nginx)
command -v openssl >/dev/null 2>&1 || tests_need+=(openssl)

bash scripts/setup/ensure-serve-deps.sh --all ${tests_need[@]+"${tests_need[@]}"}

tools=tools/lighthouse
stamp=$tools/node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ $tools/package-lock.json -nt "$stamp" ]; then
  echo "ensure-deps: npm ci in $tools"
  # Errors only: lighthouse wants Node >= 22, which a fresh clone's npm may not run on.
  npm ci --prefix "$tools" --no-audit --no-fund --loglevel=error
fi
