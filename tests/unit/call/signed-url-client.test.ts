/** @jest-environment node */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readSignedUrl, requestSignedUrl, SignedUrlError } from "@/lib/call/signed-url-client";

type Reply = { status: number; body: string; contentType?: string };
type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

const anonKey = "test-anon-key-0123456789abcdef";

/** A loopback stand-in for the elevenlabs-auth function: answers every request with `reply`. */
async function startService(reply: Reply | null) {
  const received: Received[] = [];
  let requestArrived: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    requestArrived = resolve;
  });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      requestArrived();
      if (reply === null) return; // never answers
      response.writeHead(reply.status, { "Content-Type": reply.contentType ?? "application/json" });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    arrived,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let service: Awaited<ReturnType<typeof startService>> | undefined;

afterEach(async () => {
  jest.useRealTimers();
  await service?.close();
  service = undefined;
});

async function ask(reply: Reply | null) {
  service = await startService(reply);
  return requestSignedUrl({ supabaseUrl: service.url, anonKey, scenario: "ceo-urgent-wire" });
}

const json = (status: number, body: unknown): Reply => ({ status, body: JSON.stringify(body) });

/** The rejection, checked to be a SignedUrlError, as its message. */
async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SignedUrlError);
  return (error as SignedUrlError).message;
}

describe("requestSignedUrl against a live service", () => {
  it("POSTs the scenario as JSON to /functions/v1/elevenlabs-auth with both anon-key headers", async () => {
    await ask(json(200, { signedUrl: "wss://voice.example/x" }));

    const [request] = service!.received;
    expect(service!.received).toHaveLength(1);
    expect(request).toMatchObject({ method: "POST", url: "/functions/v1/elevenlabs-auth" });
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request!.body)).toEqual({ scenario: "ceo-urgent-wire" });
    expect(request!.headers.authorization).toBe(`Bearer ${anonKey}`);
    expect(request!.headers.apikey).toBe(anonKey);
  });

  it("does not double the slash when the project URL ends with one", async () => {
    service = await startService(json(200, { signedUrl: "wss://voice.example/x" }));
    await requestSignedUrl({ supabaseUrl: `${service.url}//`, anonKey, scenario: "hr-payroll-update" });
    expect(service.received[0]?.url).toBe("/functions/v1/elevenlabs-auth");
  });

  it.each<[string, Reply, string]>([
    ["rejects with 'No signed URL received from server' when the answer is not JSON", { status: 200, body: "wss://voice.example/x", contentType: "text/plain" }, "No signed URL received from server"],
    ["passes on the service's own error text for a 500", json(500, { error: "  Voice provider unavailable  " }), "Failed to get signed URL: Voice provider unavailable"],
    ["names the status when the error answer is not JSON", { status: 500, body: "<html>oops</html>", contentType: "text/html" }, "Failed to get signed URL: the service answered 500 Internal Server Error"],
    ["names the status when the JSON error answer has no error text", json(502, { message: "bad gateway" }), "Failed to get signed URL: the service answered 502 Bad Gateway"],
  ])("%s", async (_behaviour, reply, message) => {
    expect(await failure(ask(reply))).toBe(message);
  });

  it("carries the service's HTTP status for the widget's retry decision, and null when no answer came", async () => {
    const status = (promise: Promise<unknown>) => promise.then(() => "resolved", (error: SignedUrlError) => error.status);
    expect(await status(ask(json(502, { error: "The voice service is unavailable." })))).toBe(502);
    await service!.close();
    const closed = service!;
    service = undefined;
    expect(await status(requestSignedUrl({ supabaseUrl: closed.url, anonKey, scenario: "ceo-urgent-wire" }))).toBeNull();
  });

  it("says the service could not be reached when nothing listens on the port", async () => {
    const closed = await startService(json(200, {}));
    await closed.close();

    expect(await failure(requestSignedUrl({ supabaseUrl: closed.url, anonKey, scenario: "ceo-urgent-wire" }))).toBe(
      "Failed to get signed URL: the service could not be reached",
    );
  });

  // failureReason() has a branch for this case; FunctionsClient wraps the abort in a FunctionsFetchError, so it is never taken.
  it("says the request timed out when the service never answers within 15 s", async () => {
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
    service = await startService(null);
    const pending = failure(requestSignedUrl({ supabaseUrl: service.url, anonKey, scenario: "ceo-urgent-wire" }));
    await service.arrived;

    jest.advanceTimersByTime(15_000);

    expect(await pending).toBe("Failed to get signed URL: the request timed out");
  });
});

describe("readSignedUrl", () => {
  it("returns ws:// and wss:// URLs", () => {
    expect(readSignedUrl({ signedUrl: "wss://a.example/x" })).toBe("wss://a.example/x");
    expect(readSignedUrl({ signedUrl: "ws://localhost:1/x" })).toBe("ws://localhost:1/x");
  });

  it("returns null for anything else", () => {
    for (const data of [null, undefined, "wss://a.example", {}, { signedUrl: 1 }, { signedUrl: "not a url" }, { signedUrl: "https://a.example" }, { signedUrl: "javascript:alert(1)" }]) {
      expect(readSignedUrl(data)).toBeNull();
    }
  });
});
