/**
 * A loopback stand-in for the voice upstream's `GET /v1/convai/conversation/get-signed-url`
 * (ElevenLabs' or the local agent's), in its own process so it never shares an event loop
 * with the load a bench generates. It answers /health as the local agent does (the site
 * server waits for it), counts the signed URLs it hands out, and can be switched to
 * failing (503) to show that failed calls cost a visitor nothing.
 */
import { spawn } from "node:child_process";

export type FakeSignedUrlUpstream = {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Signed URLs handed out so far. */
  served(): Promise<number>;
  /** true: every get-signed-url call answers 503 until set back. */
  setFailing(failing: boolean): Promise<void>;
  stop(): void;
};

export async function startFakeSignedUrlUpstream(apiKey = "bench-upstream-key"): Promise<FakeSignedUrlUpstream> {
  const source = `
    const http = require("node:http");
    let served = 0;
    let failing = false;
    const server = http.createServer((request, response) => {
      const url = new URL(request.url, "http://upstream");
      if (url.pathname === "/health") return response.end('{"status":"ok"}');
      if (url.pathname === "/served") return response.end(String(served));
      if (url.pathname === "/failing") { failing = url.searchParams.get("on") === "1"; return response.end("ok"); }
      if (url.pathname !== "/v1/convai/conversation/get-signed-url") return response.writeHead(404).end();
      if (request.headers["xi-api-key"] !== ${JSON.stringify(apiKey)}) return response.writeHead(401).end("{}");
      if (failing) return response.writeHead(503, { "Content-Type": "application/json" }).end('{"detail":"overloaded"}');
      served += 1;
      const body = JSON.stringify({ signed_url: "wss://voice.invalid/v1/convai/conversation?conversation_signature=" + served });
      response.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) }).end(body);
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"));
    process.on("disconnect", () => process.exit(0));
  `;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once("data", (data: Buffer) => resolve(Number(String(data).trim())));
    child.once("exit", (code) => reject(new Error(`the fake upstream exited with code ${code}`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    apiKey,
    served: async () => Number(await (await fetch(`${baseUrl}/served`)).text()),
    setFailing: async (failing) => {
      await (await fetch(`${baseUrl}/failing?on=${failing ? 1 : 0}`)).text();
    },
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
    },
  };
}
