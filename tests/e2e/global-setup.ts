import { startLocalAgent, type LocalAgent } from "@mockingbird/testkit/servers/agent-process";
import { startSiteServer, type SiteServer } from "@mockingbird/testkit/servers/site-server";
import { limitsForTests } from "@mockingbird/testkit/test-limits";
import { agentKey, agentOrigin, baseURL, partnerOrigin, shortCallAgent } from "../../playwright.config";

/**
 * The servers every spec shares, started once, side by side, before any browser of this suite:
 * the local voice agent the site hands calls to, the one with a 14 s call limit for the official
 * client's conformance, and the site as `npm start` serves it (which says it is ready once its
 * agent answers). An agent sets up its speech for several seconds; started by a spec beside
 * running browsers, one once missed a 60 s wait. Each wait here is long (testkit/servers: npm
 * test runs other suites beside this one) and ends at once if its server exits. Returns the
 * teardown, which stops them all.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = (origin: string) => Number(new URL(origin).port);
  const starting: Promise<LocalAgent | SiteServer>[] = [
    startLocalAgent({ port: port(agentOrigin), env: { LOCAL_AGENT_API_KEY: agentKey } }),
    startLocalAgent({ port: port(shortCallAgent.origin), env: { LOCAL_AGENT_API_KEY: shortCallAgent.key, AGENT_MAX_CALL_SECONDS: String(shortCallAgent.maxCallSeconds) } }),
    startSiteServer(
      { LOCAL_AGENT_URL: agentOrigin, LOCAL_AGENT_API_KEY: agentKey, ...limitsForTests, EMBED_ALLOWED_ORIGINS: partnerOrigin },
      // Past a minute without its agent the site says so and serves anyway: the agent's own wait decides.
      { port: port(baseURL), showErrors: true, readyTimeoutMs: 180_000 },
    ),
  ];
  const started = await Promise.allSettled(starting);
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stopAll = async () => void (await Promise.all(servers.map((server) => server.stop())));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}
