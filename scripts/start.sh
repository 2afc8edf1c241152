#!/usr/bin/env bash
# The README's run command: installs what is missing, builds if stale, and serves the
# site on $PORT (3000). Without an ElevenLabs key the demo call's voice is the local
# agent, so it starts too, and both stop together.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/ensure-deps.sh
bash scripts/build-if-stale.sh

if [ -n "${ELEVENLABS_API_KEY:-}" ]; then
  exec npx next start --port "${PORT:-3000}"
fi

npx tsx agent/src/main.ts &
agent_pid=$!
trap 'kill "$agent_pid" 2>/dev/null || true; wait "$agent_pid" 2>/dev/null || true' EXIT
trap 'exit 130' INT TERM
npx next start --port "${PORT:-3000}" &
site_pid=$!
# Whichever stops first stops the other.
wait -n "$agent_pid" "$site_pid"
kill "$site_pid" 2>/dev/null || true
