#!/usr/bin/env bash
# What the quality gates need beyond the test suite: Java for the Nu HTML checker, nginx
# and openssl to serve the static export over HTTP/2 and TLS (Lighthouse, the serving
# comparison), and Lighthouse with its own Node 22 in tools/lighthouse
# (apart from the site's node_modules, so its node binary never shadows the site's).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/setup/apt-install.sh

missing=()
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
install_missing ${missing[@]+"${missing[@]}"}

tools=tools/lighthouse
stamp=$tools/node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ $tools/package-lock.json -nt "$stamp" ]; then
  echo "ensure-quality-deps: npm ci in $tools"
  # Errors only: npm would warn that lighthouse wants Node >= 22 (EBADENGINE), checking it against
  # the Node that runs npm, not the Node 22 this folder installs for it (its `node` package's
  # install script, the one allowScripts allows there).
  npm ci --prefix "$tools" --no-audit --no-fund --loglevel=error
fi
