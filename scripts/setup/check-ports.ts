/**
 * `npm start` checks its ports before it builds anything: the site's (the first argument, on all
 * addresses) and, with `--agent`, the local agent's, read as the agent reads it (AGENT_HOST and
 * AGENT_PORT from the environment or the .env files, 127.0.0.1:8787 by default). A port another
 * program holds is named, with the command that starts on a free one; exit 1 if any.
 */
import { loadEnvConfig } from "@next/env";
import { loadConfig } from "@mockingbird/agent/config";
import { canListen, describePortInUse, type BusyPort } from "@mockingbird/contract/ports";

function agentPort(): BusyPort | null {
  loadEnvConfig(process.cwd(), false, { info: () => undefined, error: () => undefined });
  try {
    const { host, port } = loadConfig(process.env).server;
    // Port 0 takes any free port; a bad setting is the agent's to explain when it starts.
    return port === 0 ? null : { who: "npm start", port, host, setting: "AGENT_PORT", restart: (free) => `AGENT_PORT=${free} npm start` };
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const sitePort = Number(process.argv[2]);
  const ports: BusyPort[] = [{ who: "npm start", port: sitePort, host: "0.0.0.0", setting: "PORT", restart: (free) => `PORT=${free} npm start` }];
  const agent = process.argv.includes("--agent") ? agentPort() : null;
  if (agent) ports.push(agent);
  let busy = 0;
  for (const port of ports) {
    if (await canListen(port.port, port.host)) continue;
    busy += 1;
    console.error(await describePortInUse(port));
  }
  process.exit(busy === 0 ? 0 : 1);
}

void main();
