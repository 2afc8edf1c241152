import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { defaultScenarioId } from "@mockingbird/contract/scenarios";
import { DEBRIEF_TOOL_NAME } from "@mockingbird/contract/debrief";
import { freePort } from "@mockingbird/testkit/ports";
import { doubleAgent, serveServiceDouble, type ServedDouble } from "@mockingbird/testkit/fakes/elevenlabs-service";
import { copyWithoutIds, serveManagementDouble, type ServedManagementDouble } from "@mockingbird/testkit/fakes/elevenlabs-management";
import { startProductionServer, type Server } from "@mockingbird/testkit/servers/next-start";
import { limitsForTests } from "@mockingbird/testkit/test-limits";
import { signedUrlMessages } from "../../lib/signed-url/messages";
import { ConfigShapeError } from "../../scripts/agents/api-shapes";
import { pushAgents } from "../../scripts/agents/push";
import { callerSettings, scenarioPlaybooks } from "../../scripts/agents/sources";
import { agentConfigPath, elevenlabsDir, jsonText, readRegistries } from "../../scripts/agents/tree";
import { callWidget, defaultLaunchArgs, defaultLaunchOptions, expectFailure, heldFirmDebrief, startTypedCall, text, typeReply } from "./support/call-widget";

/**
 * A deploy rehearsed on this machine, as docs/deploy.md has a deployer do it: the production
 * callers generated and pushed (npm run agents -- push's own code) to the double of ElevenLabs'
 * management API; the site served on the deployment's origin (ALLOWED_ORIGINS, from its
 * environment) with the service's signed-URL endpoint (ELEVENLABS_API_BASE) at the double of the
 * voice service, which holds each call to the pushed agent. The agents take calls by signed URL
 * only, so the origins are held where the URLs are signed: the site's own service. The deployer's
 * domain resolves to this machine in the browser only (--host-resolver-rules): nothing leaves it.
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
  // The deployment's origins, which the site's signed-URL service allows.
  const deployment = { ALLOWED_ORIGINS: siteOrigin };
  management = await serveManagementDouble({ apiKey });
  dir = copyWithoutIds(elevenlabsDir);
  await pushAgents({ dir, playbooks: scenarioPlaybooks(), settings: callerSettings(dir), apiKey, baseUrl: management.baseUrl, only: [defaultScenarioId] });
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

test("a page on an origin the deployment does not list cannot start a call, and the service never hears of it", async ({ page }) => {
  const sessions = service.sessions.length;
  await page.goto(`http://${foreignHost}:${new URL(siteOrigin).port}/`);
  const widget = callWidget(page);
  await widget.typedButton.click();
  await expectFailure(widget, text.errors.signedUrlFailed(signedUrlMessages.originNotAllowed));
  expect(service.sessions.length).toBe(sessions);
});

test("a push of an agent with an allow-list beside its signed URLs stops before any request", async () => {
  const requests = management.requests.length;
  const conflicting = copyWithoutIds(elevenlabsDir);
  try {
    const path = `${conflicting}/${agentConfigPath(defaultScenarioId)}`;
    const config = JSON.parse(readFileSync(path, "utf8")) as { platform_settings: { auth: Record<string, unknown> } };
    config.platform_settings.auth.allowlist = [{ hostname: siteHost }];
    writeFileSync(path, jsonText(config));
    const push = pushAgents({ dir: conflicting, playbooks: scenarioPlaybooks(), settings: callerSettings(conflicting), apiKey, baseUrl: management.baseUrl });
    await expect(push).rejects.toThrow(ConfigShapeError);
    await expect(push).rejects.toThrow(/signed URLs \(enable_auth\) and an allowlist together/);
  } finally {
    rmSync(conflicting, { recursive: true, force: true });
  }
  expect(management.requests.length).toBe(requests);
});
