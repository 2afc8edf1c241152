#!/usr/bin/env bash
# What the agent's speech benches need beyond the test suite (which speaks with npm flite):
# Debian's flite and festival as the evaluation's visitor voices (kal for tuning; ked, the slt
# HTS voice and espeak-ng never tuned on), sox for resampling and tempo, and
# pocketsphinx-testdata's recordings of real people for the word error rate on human speech.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/setup/apt-install.sh

missing=()
command -v flite >/dev/null 2>&1 || missing+=(flite)
command -v text2wave >/dev/null 2>&1 || missing+=(festival)
[ -d /usr/share/festival/voices/english/kal_diphone ] || missing+=(festvox-kallpc16k)
[ -d /usr/share/festival/voices/english/ked_diphone ] || missing+=(festvox-kdlpc16k)
ls -d /usr/share/festival/voices/us/cmu_us_slt_arctic_hts >/dev/null 2>&1 || missing+=(festvox-us-slt-hts)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
command -v sox >/dev/null 2>&1 || missing+=(sox)
[ -d /usr/share/pocketsphinx/test/data/librivox ] || missing+=(pocketsphinx-testdata)
install_missing ${missing[@]+"${missing[@]}"}
