#!/usr/bin/env bash
# What the quality gates need beyond the test suite: Java for the Nu HTML checker, nginx
# and openssl to serve the static export over HTTP/2 and TLS (Lighthouse, the serving
# comparison). Lighthouse comes with ensure-deps.sh (tools/lighthouse) and runs on the
# project's Node.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/setup/apt-install.sh

missing=()
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
install_missing ${missing[@]+"${missing[@]}"}
