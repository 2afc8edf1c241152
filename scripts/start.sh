#!/usr/bin/env bash
# The README's run command: installs what is missing, builds if stale, and serves the
# site on $PORT (3000) through its own Node server (server/site-server.ts), which knows
# each visitor's address from the socket. Without an ElevenLabs key the demo call's voice
# is the local agent, so it starts too; the site says it is ready once the agent answers,
# and both stop together.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/setup/ensure-deps.sh
bash scripts/build/if-stale.sh

site=(node --import tsx server/site-server.ts --port "${PORT:-3000}")
if [ -n "${ELEVENLABS_API_KEY:-}" ]; then
  exec "${site[@]}"
fi

# Node processes started directly (not through npx), so these PIDs are the servers themselves.
node --import tsx agent/src/main.ts &
agent_pid=$!
"${site[@]}" &
site_pid=$!
stop() {
  trap - EXIT INT TERM
  kill "$agent_pid" "$site_pid" 2>/dev/null || true
  wait "$agent_pid" "$site_pid" 2>/dev/null || true
}
trap stop EXIT
trap 'exit 130' INT TERM
# Whichever stops first stops the other.
wait -n "$agent_pid" "$site_pid"
