#!/usr/bin/env bash
# What the quality gates need beyond the test suite: Java for the Nu HTML checker, nginx
# and openssl to serve the static export over HTTP/2 and TLS (Lighthouse, the serving
# comparison). Lighthouse and its Node 22 come with ensure-deps.sh (tools/lighthouse), since the
# unit step's conformance test runs ElevenLabs' client in that Node 22 too.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/setup/apt-install.sh

missing=()
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
install_missing ${missing[@]+"${missing[@]}"}
