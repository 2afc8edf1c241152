import { readFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { expect, test } from "@playwright/test";
import WebSocket from "ws";
import { agentOrigin, baseURL } from "../../playwright.config";
import { freePort } from "@mockingbird/testkit/ports";
import { runNginx, type NginxRun } from "@mockingbird/testkit/servers/nginx";
import { publicEnv } from "../../lib/config/public-env";
import { routes } from "./routes";

/**
 * docs/deploy/nginx.conf, the deploy guide's nginx in front of `npm start`, run as written
 * with only its ports, upstreams and certificate swapped for this suite's.
 */

let nginx: NginxRun;
let httpsOrigin: string;
let httpOrigin: string;
const agentKey = "e2e-local-agent-key";

test.beforeAll(async () => {
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  httpsOrigin = `https://127.0.0.1:${httpsPort}`;
  httpOrigin = `http://127.0.0.1:${httpPort}`;
  const documented = readFileSync("docs/deploy/nginx.conf", "utf8");
  nginx = await runNginx(
    (dir) =>
      documented
        .replace(/^\s*listen \[::\].*$/gm, "")
        .replace("listen 80;", `listen 127.0.0.1:${httpPort};`)
        .replace("listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`)
        .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${dir}/cert.pem;`)
        .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${dir}/key.pem;`)
        .replace("server 127.0.0.1:3000;", `server ${new URL(baseURL).host};`)
        .replace("server 127.0.0.1:8787;", `server ${new URL(agentOrigin).host};`),
    `${httpsOrigin}/`,
  );
});

test.afterAll(() => nginx?.stop());

test.use({ ignoreHTTPSErrors: true });

test("nginx serves every page over TLS with the site's own security headers and compression", async ({ request }) => {
  for (const route of routes) {
    const response = await request.get(`${httpsOrigin}${route.path}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status(), route.path).toBe(200);
    const headers = response.headers();
    expect(headers["content-security-policy"], route.path).toContain("script-src 'self' 'sha256-");
    expect(headers["strict-transport-security"]).toContain("max-age=");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-encoding"]).toBe("gzip");
  }
});

test("plain HTTP is redirected to HTTPS, and a path with capitals to its lowercase page", async ({ request }) => {
  const plain = await request.get(`${httpOrigin}/product`, { maxRedirects: 0 });
  expect(plain.status()).toBe(308);
  expect(plain.headers().location).toBe("https://127.0.0.1/product");
  const capitals = await request.get(`${httpsOrigin}/PRODUCT`, { maxRedirects: 0 });
  expect(capitals.status()).toBe(308);
  expect(new URL(capitals.headers().location!, httpsOrigin).pathname).toBe("/product");
});

test("the signed-URL route answers through nginx", async ({ request }) => {
  // The suite's server allows its own origins (a deployment's is NEXT_PUBLIC_SITE_URL's).
  const response = await request.post(`${httpsOrigin}/functions/v1/elevenlabs-auth`, {
    headers: { origin: baseURL, authorization: `Bearer ${publicEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY}`, apikey: publicEnv.NEXT_PUBLIC_SUPABASE_ANON_KEY },
    data: { scenario: "it-helpdesk-mfa-reset" },
  });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { signedUrl: string }).signedUrl).toMatch(/^wss?:\/\//);
});

test("the agent's websocket is upgraded through nginx, and its signed-URL endpoint is not public", async () => {
  const signed = (await (await fetch(`${agentOrigin}/v1/convai/conversation/get-signed-url?agent_id=it-helpdesk-mfa-reset`, { headers: { "xi-api-key": agentKey } })).json()) as { signed_url: string };
  const url = new URL(signed.signed_url);
  const throughNginx = `wss://127.0.0.1:${new URL(httpsOrigin).port}${url.pathname}${url.search}`;
  const opened = await new Promise<string>((resolve, reject) => {
    const socket = new WebSocket(throughNginx, "convai", { rejectUnauthorized: false });
    socket.once("open", () => {
      socket.close();
      resolve("open");
    });
    socket.once("error", reject);
  });
  expect(opened).toBe("open");
  const status = await new Promise<number>((resolve, reject) => {
    const request = httpsRequest(`${httpsOrigin}/v1/convai/conversation/get-signed-url?agent_id=x`, { rejectUnauthorized: false, headers: { "xi-api-key": agentKey } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once("error", reject);
    request.end();
  });
  // The site's 404: the request reached next start, not the agent.
  expect(status).toBe(404);
});
