#!/usr/bin/env bash
# Installs what this machine lacks for running and testing the site: Debian packages
# (as root, through apt) and node_modules (npm ci, when the lockfile changed).
set -euo pipefail
cd "$(dirname "$0")/.."

apt_packages=(chromium redis-server)
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "ensure-deps: installing ${missing[*]} with apt"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "ensure-deps: missing ${missing[*]}; install them with: sudo apt-get install -y ${apt_packages[*]}" >&2
    exit 1
  fi
fi

stamp=node_modules/.package-lock.json
if [ ! -d node_modules ] || [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "ensure-deps: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi
