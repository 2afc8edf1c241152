/**
 * The local voice agent in its own process on a free loopback port, answering /health, for the
 * site's tests and benches: the Server view of ./agent-process.ts, which the agent's own benches
 * use whole (memory and CPU figures).
 */
import { startLocalAgent as startAgentProcess } from "./agent-process";
import type { Server } from "./next-start";

export async function startLocalAgent(env: Record<string, string> = {}): Promise<Server> {
  const agent = await startAgentProcess({ env });
  return { origin: agent.origin, child: agent.child, stop: () => void agent.stop() };
}
