#!/usr/bin/env bash
# What the agent's speech benches need beyond the test suite (which speaks with npm flite):
# Debian's flite and festival as the evaluation's visitor voices, and pocketsphinx-testdata's
# recordings of real people for the word error rate on human speech.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/setup/apt-install.sh

missing=()
command -v flite >/dev/null 2>&1 || missing+=(flite)
command -v text2wave >/dev/null 2>&1 || missing+=(festival)
[ -d /usr/share/festival/voices/english/kal_diphone ] || missing+=(festvox-kallpc16k)
[ -d /usr/share/pocketsphinx/test/data/librivox ] || missing+=(pocketsphinx-testdata)
install_missing ${missing[@]+"${missing[@]}"}
