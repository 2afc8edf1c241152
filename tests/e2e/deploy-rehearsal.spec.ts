import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { defaultScenarioId } from "@mockingbird/contract/scenarios";
import { DEBRIEF_TOOL_NAME } from "@mockingbird/contract/debrief";
import { freePort } from "@mockingbird/testkit/ports";
import { doubleAgent, originRefused, serveServiceDouble, type ServedDouble } from "@mockingbird/testkit/fakes/elevenlabs-service";
import { copyWithoutIds, serveManagementDouble, type ServedManagementDouble } from "@mockingbird/testkit/fakes/elevenlabs-management";
import { startProductionServer, type Server } from "@mockingbird/testkit/servers/next-start";
import { limitsForTests } from "@mockingbird/testkit/test-limits";
import { pushAgents } from "../../scripts/agents/push";
import { DeploymentError } from "../../scripts/agents/deployment";
import { callerSettings, scenarioPlaybooks } from "../../scripts/agents/sources";
import { agentConfigPath, elevenlabsDir, readRegistries } from "../../scripts/agents/tree";
import { callWidget, defaultLaunchArgs, defaultLaunchOptions, heldFirmDebrief, startTypedCall, text, typeReply } from "./support/call-widget";

/**
 * A deploy rehearsed on this machine, as docs/deploy.md has a deployer do it: the production
 * callers generated and pushed (npm run agents -- push's own code) to the double of ElevenLabs'
 * management API with the deployment's origins from its environment; the site served on one of
 * those origins with the service's signed-URL endpoint (ELEVENLABS_API_BASE) at the double of
 * the voice service, which holds each call to the pushed agent. The deployer's domain resolves
 * to this machine in the browser only (--host-resolver-rules): nothing leaves it.
 */
const siteHost = "www.mockingbird-training.com";
const foreignHost = "intranet.another-company.com";
test.use({
  launchOptions: { ...defaultLaunchOptions, args: [...defaultLaunchArgs, `--host-resolver-rules=MAP ${siteHost} 127.0.0.1, MAP ${foreignHost} 127.0.0.1`] },
});

// One deployment for the file's tests: in one worker, in order.
test.describe.configure({ mode: "serial" });

const apiKey = "sk_rehearsal";
let siteOrigin = "";
let management: ServedManagementDouble;
let service: ServedDouble;
let site: Server;
let dir = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  siteOrigin = `http://${siteHost}:${port}`;
  // What the deployer sets once, read alike by the push and by the site's signed-URL service.
  const deployment = { ALLOWED_ORIGINS: siteOrigin };
  management = await serveManagementDouble({ apiKey });
  dir = copyWithoutIds(elevenlabsDir);
  await pushAgents({ dir, playbooks: scenarioPlaybooks(), settings: callerSettings(dir), apiKey, env: deployment, baseUrl: management.baseUrl, only: [defaultScenarioId] });
  const agentId = readRegistries(dir).agents.agents.find((entry) => entry.config === agentConfigPath(defaultScenarioId))!.id!;
  const pushed = await new ElevenLabsClient({ apiKey, baseUrl: management.baseUrl, maxRetries: 0 }).conversationalAi.agents.get(agentId);
  service = await serveServiceDouble({
    greeting: pushed.conversationConfig.agent?.firstMessage ?? "",
    agent: doubleAgent(pushed),
    msPerChar: 30,
    answer: () => [{ say: "Fine. Goodbye." }, { clientTool: DEBRIEF_TOOL_NAME, parameters: heldFirmDebrief }, { endCall: true }],
  });
  site = await startProductionServer(
    {
      ...deployment,
      ELEVENLABS_API_KEY: "xi_rehearsal",
      ELEVENLABS_API_BASE: service.origin,
      ELEVENLABS_AGENT_ID: agentId,
      ELEVENLABS_AGENT_IDS: JSON.stringify({ [defaultScenarioId]: agentId }),
      ...limitsForTests,
    },
    undefined,
    port,
  );
});

test.afterAll(async () => {
  site?.stop();
  await service?.close();
  await management?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("the site served on a pushed origin starts a call through the service and gets the caller's debrief", async ({ page }) => {
  await page.goto(`${siteOrigin}/`);
  const widget = callWidget(page);
  await startTypedCall(widget);
  await typeReply(widget, "No, I will call the service desk myself.");
  await expect(widget.debrief).toBeVisible({ timeout: 20_000 });
  await expect(widget.debrief).toHaveAttribute("data-source", "caller");
  await expect(widget.debrief.getByTestId("call-ending")).toHaveText(`${text.debrief.ended}. ${text.debrief.endings.caller}`);
});

test("the service refuses a call opened from an origin the push did not list", async ({ page }) => {
  // The site's own page on a foreign host: its CSP lets it reach the service, and the service alone must refuse it.
  await page.goto(`http://${foreignHost}:${new URL(siteOrigin).port}/`);
  const signedUrl = service.signedUrl();
  const closed = await page.evaluate(
    (url) =>
      new Promise<{ code: number; reason: string }>((resolve) => {
        const socket = new WebSocket(url, ["convai"]);
        socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason }));
      }),
    signedUrl,
  );
  expect(closed).toEqual(originRefused);
});

test("a push with a placeholder origin stops before any request", async () => {
  const requests = management.requests.length;
  const placeholderDir = copyWithoutIds(elevenlabsDir);
  try {
    const push = pushAgents({ dir: placeholderDir, playbooks: scenarioPlaybooks(), settings: callerSettings(placeholderDir), apiKey, env: { NEXT_PUBLIC_SITE_URL: "https://www.mockingbird.example" }, baseUrl: management.baseUrl });
    await expect(push).rejects.toThrow(DeploymentError);
    await expect(push).rejects.toThrow(/NEXT_PUBLIC_SITE_URL|ALLOWED_ORIGINS/);
  } finally {
    rmSync(placeholderDir, { recursive: true, force: true });
  }
  expect(management.requests.length).toBe(requests);
});
