/**
 * The local voice agent in its own process on a free loopback port, answering /health, for the
 * site's tests and benches. The process handling lives with the agent's own benches
 * (agent/bench/support/local-agent.ts), which measure it too; this is the site's view of it.
 */
import { startLocalAgent as startAgentProcess } from "../../agent/bench/support/local-agent";
import type { Server } from "./next-start";

export async function startLocalAgent(env: Record<string, string> = {}): Promise<Server> {
  const agent = await startAgentProcess({ env });
  return { origin: agent.origin, child: agent.child, stop: () => void agent.stop() };
}
