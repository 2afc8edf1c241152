/**
 * The production server `npm start` runs: Next.js (its documented custom-server API, the
 * production build in .next/) behind a guard that owns the socket (server/guard.ts).
 *
 *   node --import tsx server/site-server.ts [--hostname 0.0.0.0] [--port 3000]
 *
 * Facing visitors directly (TRUST_PROXY_HEADER unset), it writes X-Forwarded-For from
 * the socket and tells the signed-URL service to trust exactly that, so rate limits are
 * per visitor with no configuration. Behind a proxy, set TRUST_PROXY_HEADER as
 * docs/signed-url.md describes and the forwarding headers pass through untouched.
 *
 * It says "ready" once the pages are served and, when demo calls go to the local voice
 * agent, once that agent answers too.
 */
import { createServer } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import next from "next";
import { canListen, describePortInUse, isAddressInUse } from "@mockingbird/contract/ports";
import { guardConnections, guardRequests, socketTimeouts } from "./guard";

const projectRoot = path.resolve(__dirname, "..");

function options(): { hostname: string; port: string } {
  try {
    const { values } = parseArgs({ options: { hostname: { type: "string", default: "0.0.0.0" }, port: { type: "string", default: process.env.PORT ?? "3000" } } });
    return values;
  } catch (error) {
    // An unknown option or one without its value: named, with the usage, not a stack trace.
    console.error(`[site] ${error instanceof Error ? error.message : String(error)}\n[site] usage: site-server.ts [--hostname 0.0.0.0] [--port 3000]`);
    process.exit(2);
  }
}

const { hostname, port: portText } = options();
const port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`[site] --port/PORT must be a port number from 1 to 65535`);
  process.exit(2);
}

// Decided before Next.js loads the signed-URL service, which reads these once.
const ownsClientAddress = (process.env.TRUST_PROXY_HEADER ?? "") === "";
if (ownsClientAddress) {
  process.env.TRUST_PROXY_HEADER = "x-forwarded-for";
  process.env.TRUST_PROXY_HOPS = "1";
}
process.env.NEXT_TELEMETRY_DISABLED = "1";

/** A taken port is named with the way out, before Next.js spends seconds preparing and again if it is taken meanwhile. */
const portInUse = () =>
  describePortInUse({ who: "[site]", port, host: hostname, setting: "PORT", restart: (free) => `PORT=${free} npm start, or --port ${free}` });

async function main(): Promise<void> {
  if (!(await canListen(port, hostname))) {
    console.error(await portInUse());
    process.exit(1);
  }
  const app = next({ dev: false, dir: projectRoot, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer(guardRequests((request, response) => handle(request, response), { ownsClientAddress }));
  guardConnections(server);
  server.headersTimeout = socketTimeouts.headersMs;
  server.requestTimeout = socketTimeouts.requestMs;
  server.keepAliveTimeout = socketTimeouts.keepAliveMs;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve());
  });
  const shown = hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
  const siteUrl = `http://${shown}:${port}`;
  const addressNote = ownsClientAddress ? "limits per visitor, by socket address" : `client address from ${process.env.TRUST_PROXY_HEADER}`;

  const stop = () => {
    server.close();
    server.closeAllConnections();
    void app.close().finally(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);

  const voice = await voiceUpstreamStatus();
  console.log(`[site] Mockingbird is ready on ${siteUrl} (${addressNote}; ${voice})`);
}

/**
 * Demo calls need their voice upstream: without an ElevenLabs key that is the local
 * agent, which `npm start` starts beside this server. Wait for it (a minute at most)
 * before calling the site ready.
 */
async function voiceUpstreamStatus(): Promise<string> {
  if (process.env.ELEVENLABS_API_KEY) return "demo calls through ElevenLabs";
  const agentUrl = (process.env.LOCAL_AGENT_URL || "http://127.0.0.1:8787").replace(/\/+$/, "");
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const healthy = await fetch(`${agentUrl}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return `demo calls through the local voice agent at ${agentUrl}`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`[site] the local voice agent at ${agentUrl} does not answer /health: pages are served, demo calls fail until it does`);
  return "voice agent not answering";
}

main().catch(async (error: unknown) => {
  console.error(isAddressInUse(error) ? await portInUse() : `[site] could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
