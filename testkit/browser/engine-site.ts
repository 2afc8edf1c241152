/**
 * The site as the engine suites use it: the production build (`next start`) and the local
 * voice agent, each in its own process on a free port, behind a small proxy that can break
 * one thing on request. A page sets the cookie `fault=worklets` and the proxy answers 404 for
 * the self-hosted audio worklets, as a CDN that lost them would; everything else passes through.
 * A second origin serves one page, /frame, that embeds the widget without allow="microphone":
 * there the browser itself refuses the microphone (Permissions Policy), in any engine.
 */
import { createServer, request, type Server } from "node:http";
import { serveServiceDouble, type DoubleScript, type ServedDouble } from "../fakes/elevenlabs-service";
import { startLocalAgent } from "../servers/local-agent";
import { startProductionServer } from "../servers/next-start";
import { limitsForTests } from "../test-limits";

const agentKey = "engines-local-agent-key";

export type Site = {
  origin: string;
  agentOrigin: string;
  /** A page on another origin that frames /embed/call without allowing the microphone. */
  refusingFrameUrl: string;
  stop(): Promise<void>;
};

/**
 * The files whose agent runs with its default settings share one site and one agent, which the
 * suites' global setup starts (tests/engines/support/global-setup.mjs) and names here; a file run
 * without it starts its own.
 */
const sharedSiteVariable = "ENGINES_SHARED_SITE";

/** `agentEnv`: the local agent's settings for the file (a short time limit, say); none: the shared site, when there is one. */
export async function startSite(agentEnv: Record<string, string> = {}): Promise<Site> {
  const shared = process.env[sharedSiteVariable];
  if (shared && Object.keys(agentEnv).length === 0) return { ...(JSON.parse(shared) as Omit<Site, "stop">), stop: async () => {} };
  return startOwnSite(agentEnv);
}

/** A site and agent for the whole engines run, named to every file (startSite); stop it after the run. */
export async function startSharedSite(): Promise<Site> {
  const site = await startOwnSite();
  const { origin, agentOrigin, refusingFrameUrl } = site;
  process.env[sharedSiteVariable] = JSON.stringify({ origin, agentOrigin, refusingFrameUrl });
  return site;
}

async function startOwnSite(agentEnv: Record<string, string> = {}): Promise<Site> {
  const agent = await startLocalAgent({ ...agentEnv, LOCAL_AGENT_API_KEY: agentKey });
  let next: Awaited<ReturnType<typeof startProductionServer>> | undefined;
  let proxyOrigin = "";
  const framing = await listen(
    createServer((_, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><title>A site that embeds the call</title><iframe src="${proxyOrigin}/embed/call" title="Try a vishing call" width="640" height="900" style="border:0"></iframe>`);
    }),
  );
  const framingOrigin = `http://localhost:${framing.port}`;
  try {
    next = await startProductionServer({
      LOCAL_AGENT_URL: agent.origin,
      LOCAL_AGENT_API_KEY: agentKey,
      ...limitsForTests,
      EMBED_ALLOWED_ORIGINS: framingOrigin,
    });
    const proxy = await listen(faultProxy(next.origin));
    proxyOrigin = `http://127.0.0.1:${proxy.port}`;
    const running = next;
    return {
      origin: proxyOrigin,
      agentOrigin: agent.origin,
      refusingFrameUrl: `${framingOrigin}/frame`,
      stop: async () => {
        await proxy.close();
        await framing.close();
        running.stop();
        agent.stop();
      },
    };
  } catch (error) {
    next?.stop();
    agent.stop();
    await framing.close();
    throw error;
  }
}

/** The production build whose signed-URL service hands calls to the double of ElevenLabs' service, as it would to the local agent. */
export async function startSiteOnDouble(script: DoubleScript | (() => DoubleScript)): Promise<{ origin: string; double: ServedDouble; stop(): Promise<void> }> {
  const double = await serveServiceDouble(script);
  try {
    const site = await startProductionServer({ LOCAL_AGENT_URL: double.origin, LOCAL_AGENT_API_KEY: "engines-double-key", ...limitsForTests });
    return {
      origin: site.origin,
      double,
      stop: async () => {
        site.stop();
        await double.close();
      },
    };
  } catch (error) {
    await double.close();
    throw error;
  }
}

async function listen(server: Server): Promise<{ port: number; close(): Promise<void> }> {
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("a test server has no address");
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function faultProxy(target: string): Server {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const faults = /(?:^|;\s*)fault=([a-z-]+)/.exec(incoming.headers.cookie ?? "")?.[1];
    if (faults === "worklets" && incoming.url?.startsWith("/vendor/voice/")) {
      outgoing.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (response) => {
        // The worklets are immutable, so the browser would keep them from an earlier test and a
        // fault test after it would never reach this proxy: here they are never stored.
        const headers = incoming.url?.startsWith("/vendor/voice/") ? { ...response.headers, "cache-control": "no-store" } : response.headers;
        outgoing.writeHead(response.statusCode ?? 502, headers);
        response.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.headersSent || outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  return server;
}
