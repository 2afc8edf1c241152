#!/usr/bin/env bash
# Installs what this machine lacks for running and testing the site: Debian packages
# (as root, through apt) and node_modules (npm ci, when the lockfile changed; npm 11 runs only
# the install scripts package.json's allowScripts allows, see docs/install.md). node_modules
# brings the project's own Node (the optional dependency `node`): every npm script finds it
# first on PATH, whatever Node the machine has.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/setup/apt-install.sh

# chromium: browser tests and the one-pager; redis-server and postgresql: shared rate
# limits (Node instances, the Supabase function); pocketsphinx: the local voice agent's
# speech recognition; festival and festvox-us-slt-hts: the caller's voice (the agent falls back
# to npm flite without them); nginx and openssl: the deploy guide's nginx, run by the end-to-end tests;
# firefox-esr, webkit2gtk-driver (WebKitWebDriver and MiniBrowser), xvfb and pulseaudio (a null
# sink, so their audio starts without a sound card): the engine suites (npm test -- engines).
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
  # No fallback: a lockfile npm ci refuses is a bug of the commit (npm test -- lockfile names
  # the problem, npm run relock fixes it), and installing anything else would hide it.
  # Errors only when the Node running npm is older than the project's (a fresh clone on Debian's
  # Node 20): npm would warn (EBADENGINE) about every package that wants the Node this very
  # install brings. Through an npm script (npm start, npm test) npm runs on the project's Node.
  loglevel=$(node -p 'const major = (v) => Number(v.split(".")[0]); major(process.versions.node) < major(require("./package.json").optionalDependencies.node) ? "error" : "warn"')
  npm ci --no-audit --no-fund --loglevel="$loglevel"
fi

# Lighthouse (the quality gates): installed apart from the site's node_modules, whose lockfile
# would otherwise carry its large tree; it runs under the project's Node.
tools=tools/lighthouse
stamp=$tools/node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ $tools/package-lock.json -nt "$stamp" ]; then
  echo "ensure-deps: npm ci in $tools"
  # Errors only, as above: lighthouse wants Node >= 22, which a fresh clone's npm may not run on.
  npm ci --prefix "$tools" --no-audit --no-fund --loglevel=error
fi

# The Node every npm script runs on: the project's own (which engines admits: the lockfile check),
# or, where the registry had no binary of it for this platform (the optional dependency then
# installs nothing), the machine's, which must then be one package.json supports (.nvmrc names it).
if [ ! -x node_modules/.bin/node ] && ! node -e 'process.exit(require("semver").satisfies(process.versions.node, require("./package.json").engines.node) ? 0 : 1)'; then
  echo "ensure-deps: the project's Node (npm package node@$(node -p 'require("./package.json").optionalDependencies.node')) did not install, and this machine's Node $(node --version) is not one package.json supports ($(node -p 'require("./package.json").engines.node')): install that Node (.nvmrc names it), then run this again" >&2
  exit 1
fi
