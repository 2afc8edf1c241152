import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import WebSocket from "ws";
import { busyReason } from "@mockingbird/contract/close-reasons";
import { startLocalAgent } from "@mockingbird/testkit/servers/local-agent";
import { agentOrigin, agentSocketPattern, callWidget, expectFailure, signedUrlPattern } from "./support/call-widget";

/**
 * Over capacity, for real: a second local agent with a single line, that line taken by
 * another caller. The page's call goes to the shared agent's origin (the one its CSP allows)
 * and is relayed frame by frame to the busy agent, whose refusal reaches the page unchanged.
 */
const apiKey = "e2e-busy-agent-key";
let agent: ChildProcess;
let busyOrigin: string;
let lineHolder: WebSocket | undefined;

async function signedUrl(): Promise<string> {
  const response = await fetch(`${busyOrigin}/v1/convai/conversation/get-signed-url?agent_id=it-helpdesk-mfa-reset`, { headers: { "xi-api-key": apiKey } });
  return ((await response.json()) as { signed_url: string }).signed_url;
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  ({ origin: busyOrigin, child: agent } = await startLocalAgent({ LOCAL_AGENT_API_KEY: apiKey, AGENT_MAX_CONCURRENT_CALLS: "1" }));

  // Someone else is on the only line: a client that completes the handshake and stays.
  lineHolder = new WebSocket(await signedUrl(), ["convai"]);
  const holder = lineHolder;
  await new Promise<void>((resolve, reject) => {
    holder.once("error", reject);
    holder.once("open", () => holder.send(JSON.stringify({ type: "conversation_initiation_client_data" })));
    holder.on("message", (data) => {
      if ((JSON.parse(data.toString()) as { type?: string }).type === "conversation_initiation_metadata") resolve();
    });
  });
  const health = (await (await fetch(`${busyOrigin}/health`)).json()) as { calls: { active: number; limit: number } };
  expect(health.calls).toEqual({ active: 1, limit: 1 });
});

test.afterAll(async () => {
  lineHolder?.close();
  if (agent && agent.exitCode === null) {
    const exited = new Promise((resolve) => agent.once("exit", resolve));
    agent.kill("SIGTERM");
    await exited;
  }
});

test("a call while every line is busy shows the agent's 'All lines are busy' reason", async ({ page }) => {
  const busyUrl = new URL(await signedUrl());
  // The page is handed a URL on the shared agent's origin, which its CSP allows ...
  await page.route(signedUrlPattern, (route) => route.fulfill({ json: { signedUrl: `${agentOrigin.replace(/^http/, "ws")}${busyUrl.pathname}${busyUrl.search}` } }));
  // ... and its socket is relayed, query and subprotocol unchanged, to the busy agent.
  await page.routeWebSocket(agentSocketPattern, (socket) => {
    const target = new URL(socket.url());
    const upstream = new WebSocket(`${busyOrigin.replace(/^http/, "ws")}${target.pathname}${target.search}`, ["convai"]);
    const pending: string[] = [];
    socket.onMessage((message) => (upstream.readyState === WebSocket.OPEN ? upstream.send(message) : pending.push(String(message))));
    upstream.on("open", () => pending.splice(0).forEach((message) => upstream.send(message)));
    upstream.on("message", (data) => socket.send(data.toString()));
    upstream.on("close", (code, reason) => void socket.close({ code, reason: reason.toString() }));
    socket.onClose(() => upstream.close());
  });

  await page.goto("/");
  const widget = callWidget(page);
  await widget.typedButton.click();
  await expectFailure(widget, busyReason);
});
