#!/usr/bin/env bash
# What `npm start` needs to build the site and serve it with its demo call, and nothing only the
# tests need (scripts/setup/ensure-deps.sh adds those, for `npm test` and .ci/run):
# - Debian packages (as root, through apt) for the local voice agent, which plays the demo's
#   caller when no ElevenLabs key is set: pocketsphinx's library and US English model (speech
#   recognition; without them the agent answers typed turns only), festival and its slt HTS voice
#   (the caller's voice; without them it speaks with npm flite);
# - node_modules (npm ci, when missing or older than the lockfile; npm 11 runs only the install
#   scripts package.json's allowScripts allows, see docs/install.md), which brings the project's
#   own Node (the optional dependency `node`): every npm script finds it first on PATH, whatever
#   Node the machine has.
# The build runs no browser (the one-pager PDF is committed: `npm run one-pager` prints it), and
# the server keeps its limits in memory unless REDIS_URL names a Redis of the deployment's own.
#
# Arguments: more Debian packages to install in the same apt run (ensure-deps.sh's), which runs
# beside npm ci rather than before it.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/setup/apt-install.sh

missing=("$@")
[ -d /usr/share/pocketsphinx/model/en-us ] || missing+=(pocketsphinx-en-us)
ls /usr/lib/*/libpocketsphinx.so.3 >/dev/null 2>&1 || missing+=(libpocketsphinx3)
command -v festival >/dev/null 2>&1 || missing+=(festival)
[ -d /usr/share/festival/voices/us/cmu_us_slt_arctic_hts ] || missing+=(festvox-us-slt-hts)

install_missing_in_background ${missing[@]+"${missing[@]}"}

stamp=node_modules/.package-lock.json
if [ ! -d node_modules ] || [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "ensure-serve-deps: npm ci"
  # No fallback: a lockfile npm ci refuses is a bug of the commit (npm test -- lockfile names
  # the problem, npm run relock fixes it), and installing anything else would hide it.
  # Errors only when the Node running npm is older than the project's (a fresh clone on Debian's
  # Node 20): npm would warn (EBADENGINE) about every package that wants the Node this very
  # install brings. Through an npm script (npm start, npm test) npm runs on the project's Node.
  loglevel=$(node -p 'const major = (v) => Number(v.split(".")[0]); major(process.versions.node) < major(require("./package.json").optionalDependencies.node) ? "error" : "warn"')
  npm ci --no-audit --no-fund --loglevel="$loglevel"
fi

[ -z "$apt_pid" ] || wait "$apt_pid"

# The Node every npm script runs on: the project's own (which engines admits: the lockfile check),
# or, where the registry had no binary of it for this platform (the optional dependency then
# installs nothing), the machine's, which must then be one package.json supports (.nvmrc names it).
if [ ! -x node_modules/.bin/node ] && ! node -e 'process.exit(require("semver").satisfies(process.versions.node, require("./package.json").engines.node) ? 0 : 1)'; then
  echo "ensure-serve-deps: the project's Node (npm package node@$(node -p 'require("./package.json").optionalDependencies.node')) did not install, and this machine's Node $(node --version) is not one package.json supports ($(node -p 'require("./package.json").engines.node')): install that Node (.nvmrc names it), then run this again" >&2
  exit 1
fi
