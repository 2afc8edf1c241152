#!/usr/bin/env bash
# Installs what this machine lacks for running and testing the site: Debian packages
# (as root, through apt) and node_modules (npm ci, when the lockfile changed).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/apt-install.sh

# chromium: browser tests and the one-pager; redis-server and postgresql: shared rate
# limits (Node instances, the Supabase function); pocketsphinx: the local voice agent's
# speech recognition; festival and festvox-us-slt-hts: the caller's voice (the agent falls back
# to npm flite without them); nginx and openssl: the deploy guide's nginx, run by the end-to-end tests;
# firefox-esr, webkit2gtk-driver (WebKitWebDriver and MiniBrowser), xvfb and pulseaudio (a null
# sink, so their audio starts without a sound card): the engine suites (npm run test:engines).
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
ls /usr/lib/*/webkit2gtk-4.1/MiniBrowser >/dev/null 2>&1 || missing+=(libwebkit2gtk-4.1-0)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v pulseaudio >/dev/null 2>&1 || missing+=(pulseaudio)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=(postgresql)
[ -d /usr/share/pocketsphinx/model/en-us ] || missing+=(pocketsphinx-en-us)
ls /usr/lib/*/libpocketsphinx.so.3 >/dev/null 2>&1 || missing+=(libpocketsphinx3)
command -v festival >/dev/null 2>&1 || missing+=(festival)
[ -d /usr/share/festival/voices/us/cmu_us_slt_arctic_hts ] || missing+=(festvox-us-slt-hts)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)

install_missing ${missing[@]+"${missing[@]}"}

stamp=node_modules/.package-lock.json
if [ ! -d node_modules ] || [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "ensure-deps: npm ci"
  # npm 11 refuses this lockfile in `npm ci` because it lacks entries for other platforms'
  # optional binaries (tailwind oxide, next swc), a known npm fault; `npm install` then
  # installs the same locked versions and leaves the lockfile as it is.
  if ! npm ci --no-audit --no-fund --loglevel=error; then
    echo "ensure-deps: npm ci refused the lockfile; installing the locked versions with npm install"
    npm install --no-audit --no-fund --loglevel=error
  fi
fi

# Deno (npm `deno`, the Supabase function's runtime) ships its binary in an optional
# platform package; when npm skipped the package's install script or that package, the
# rebuild brings it, from the npm registry like every other dependency.
if ! node_modules/.bin/deno --version >/dev/null 2>&1; then
  echo "ensure-deps: the deno binary does not run; rebuilding the deno package"
  npm rebuild deno --foreground-scripts --loglevel=error
  node_modules/.bin/deno --version >/dev/null
fi
