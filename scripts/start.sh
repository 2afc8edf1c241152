#!/usr/bin/env bash
# The README's run command: installs what serving lacks (scripts/setup/ensure-serve-deps.sh:
# nothing only the tests need), checks its ports, builds if stale, and serves the site on $PORT
# (3000) through its own Node server (server/site-server.ts), which knows each visitor's address
# from the socket. Without an ElevenLabs key the demo call's voice is the local agent, so it
# starts too (on AGENT_PORT, 8787); the site says it is ready once the agent answers, and both
# stop together.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/setup/ensure-serve-deps.sh

port=${PORT:-3000}
site=(node --import tsx server/site-server.ts --port "$port")
if [ -n "${ELEVENLABS_API_KEY:-}" ]; then
  node --import tsx scripts/setup/check-ports.ts "$port"
  node --import tsx scripts/build/when-stale.ts --server
  exec "${site[@]}"
fi

# `AGENT_PORT=8788 npm start` moves the agent, and the site looks for it there (unless
# LOCAL_AGENT_URL says where); otherwise both read their settings and .env files as usual.
if [ -n "${AGENT_PORT:-}" ] && [ -z "${LOCAL_AGENT_URL:-}" ]; then
  export LOCAL_AGENT_URL="http://127.0.0.1:$AGENT_PORT"
fi
# Both ports before a build that may take minutes: a taken one is named, with how to choose another.
node --import tsx scripts/setup/check-ports.ts "$port" --agent

# Node processes started directly (not through npx), so these PIDs are the servers themselves.
# The agent first: setting up its speech takes seconds, which pass during the build instead of
# after it (the site says it is ready only once the agent answers).
node --import tsx agent/src/main.ts &
agent_pid=$!
site_pid=""
stop() {
  trap - EXIT INT TERM
  kill "$agent_pid" $site_pid 2>/dev/null || true
  wait "$agent_pid" $site_pid 2>/dev/null || true
}
trap stop EXIT
trap 'exit 130' INT TERM
node --import tsx scripts/build/when-stale.ts --server
"${site[@]}" &
site_pid=$!
# Whichever stops first stops the other.
wait -n "$agent_pid" "$site_pid"
