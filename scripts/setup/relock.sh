#!/usr/bin/env bash
# `npm run relock`: regenerates package-lock.json from package.json alone, the way a clean clone
# needs it. npm resolves in an empty directory (no node_modules, no old lockfile), so the lockfile
# records every platform's optional binaries (macOS, Windows, Linux arm64...), not only the ones
# this machine installed; install scripts never run, and nothing but the npm registry is asked.
# The new lockfile replaces the old one only when npm succeeded, and then it is checked
# (scripts/setup/check-lockfile.ts): run this after merging branches that change dependencies.
#
#   npm run relock                          newest versions package.json allows
#   npm run relock -- --before=2026-11-25   as the registry stood then (reproduces a relock)
set -euo pipefail
cd "$(dirname "$0")/../.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp package.json .npmrc "$work/"
# The workspaces' own package.json files (the agent's), which the lockfile records too.
for workspace in $(node -p 'require("./package.json").workspaces.join(" ")'); do
  mkdir -p "$work/$workspace" && cp "$workspace/package.json" "$work/$workspace/"
done

# Within each range npm prefers the versions whose `engines` accept the Node running it, so the
# oldest Node major package.json supports runs this: the lockfile then keeps that Node supported,
# and the result does not depend on which Node runs it. `npm run relock` puts node_modules/.bin
# first on PATH, so after `npm ci` this is the project's own Node (the `node` devDependency).
# npm's own semver (not `npm root -g`: under a Node from node_modules npm places its global root
# beside that Node, where npm is not).
semver="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/semver"
oldest=$(node -p 'require(process.argv[1]).minVersion(require("./package.json").engines.node).major' "$semver")
running=$(node -p 'process.versions.node')
if [ "${running%%.*}" != "$oldest" ]; then
  echo "relock: run this under Node $oldest, the oldest major package.json supports (this is Node $running): \`npm ci\` installs the project's own, then \`npm run relock\` uses it" >&2
  exit 1
fi

echo "relock: resolving package.json in an empty directory (Node $running, npm $(npm --version))"
# The flags repeat .npmrc and npm's defaults, so a user's own npm config cannot change the result.
(cd "$work" && npm install --package-lock-only --ignore-scripts --no-audit --no-fund \
  --omit-lockfile-registry-resolved --no-legacy-peer-deps --no-strict-peer-deps --install-links=false \
  --loglevel=warn "$@")

cp "$work/package-lock.json" package-lock.json
echo "relock: package-lock.json written"

if [ -x node_modules/.bin/tsx ]; then
  node --import tsx scripts/setup/check-lockfile.ts
else
  echo "relock: run npm ci, then npm test -- lockfile"
fi
