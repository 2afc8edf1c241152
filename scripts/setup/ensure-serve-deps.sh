#!/usr/bin/env bash
# What `npm start` needs to build the site and serve it with its demo call, and nothing only the
# tests need (scripts/setup/ensure-deps.sh adds those, for `npm test` and .ci/run):
# - Debian packages (as root, through apt) for the local voice agent, which plays the demo's
#   caller when no ElevenLabs key is set: pocketsphinx's library and US English model (speech
#   recognition; without them the agent answers typed turns only), festival and its slt HTS voice
#   (the caller's voice; without them it speaks with npm flite);
# - node_modules without the devDependencies (npm ci --omit=dev, when missing or older than the
#   lockfile or a patch): package.json's dependencies are what building, serving and the agent use, its
#   devDependencies what only the tests, benches and tooling do (Playwright, jest, wrangler, Deno,
#   the Nu checker...: half of a full install; docs/install.md). npm 11 runs only the install
#   scripts package.json's allowScripts allows. It brings the project's own Node (the optional
#   dependency `node`): every npm script finds it first on PATH, whatever Node the machine has.
# The build runs no browser (the one-pager PDF is committed: `npm run one-pager` prints it), and
# the server keeps its limits in memory unless REDIS_URL names a Redis of the deployment's own.
#
# Usage: ensure-serve-deps.sh [--all] [apt-package...]. ensure-deps.sh passes --all (the
# devDependencies too) and the tests' own packages, so that one npm ci and one apt run, side by
# side, install everything.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/setup/apt-install.sh

omit=(--omit=dev)
if [ "${1:-}" = "--all" ]; then
  omit=()
  shift
fi
missing=("$@")
[ -d /usr/share/pocketsphinx/model/en-us ] || missing+=(pocketsphinx-en-us)
ls /usr/lib/*/libpocketsphinx.so.3 >/dev/null 2>&1 || missing+=(libpocketsphinx3)
command -v festival >/dev/null 2>&1 || missing+=(festival)
[ -d /usr/share/festival/voices/us/cmu_us_slt_arctic_hts ] || missing+=(festvox-us-slt-hts)

install_missing_in_background ${missing[@]+"${missing[@]}"}

stamp=node_modules/.package-lock.json
# A patch changed since the install (a pull, a checkout): postinstall applied the old one, so the
# patched package is installed afresh.
patched_since_install() {
  [ -n "$(find patches -type f -newer "$stamp" 2>/dev/null | head -1)" ]
}
# After `npm start` installed without them, the first `npm test` installs the devDependencies.
lacks_dev_dependencies() {
  [ ${#omit[@]} -eq 0 ] && ! node -e 'const fs = require("node:fs"); process.exit(Object.keys(require("./package.json").devDependencies).every((name) => fs.existsSync(`node_modules/${name}`)) ? 0 : 1)'
}
if [ ! -d node_modules ] || [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || patched_since_install || lacks_dev_dependencies; then
  echo "ensure-serve-deps: npm ci ${omit[*]+"${omit[*]}"}"
  # No fallback: a lockfile npm ci refuses is a bug of the commit (npm test -- lockfile names
  # the problem, npm run relock fixes it), and installing anything else would hide it.
  # Errors only when the Node running npm is older than the project's (a fresh clone on Debian's
  # Node 20): npm would warn (EBADENGINE) about every package that wants the Node this very
  # install brings. Through an npm script (npm start, npm test) npm runs on the project's Node.
  loglevel=$(node -p 'const major = (v) => Number(v.split(".")[0]); major(process.versions.node) < major(require("./package.json").optionalDependencies.node) ? "error" : "warn"')
  npm ci ${omit[@]+"${omit[@]}"} --no-audit --no-fund --loglevel="$loglevel"
fi

[ -z "$apt_pid" ] || wait "$apt_pid"

# The Node every npm script runs on: the project's own (which engines admits: the lockfile check),
# or, where the registry had no binary of it for this platform (the optional dependency then
# installs nothing), the machine's, which must then be one package.json supports (.nvmrc names it).
# npm's own semver: the project's is a devDependency, absent after npm ci --omit=dev.
semver="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/semver"
if [ ! -x node_modules/.bin/node ] && ! node -e 'process.exit(require(process.argv[1]).satisfies(process.versions.node, require("./package.json").engines.node) ? 0 : 1)' "$semver"; then
  echo "ensure-serve-deps: the project's Node (npm package node@$(node -p 'require("./package.json").optionalDependencies.node')) did not install, and this machine's Node $(node --version) is not one package.json supports ($(node -p 'require("./package.json").engines.node')): install that Node (.nvmrc names it), then run this again" >&2
  exit 1
fi
