/** @jest-environment node */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { guardConnections, guardRequests, type RequestHandler } from "@/server/guard";
import { rawExchange } from "@mockingbird/testkit/raw-http";

/**
 * The guard around a stand-in for Next.js on a real socket: what it does to requests
 * before the app sees them and to whatever the app answers.
 */
let server: Server;
let port: number;
let seen: { url?: string; headers?: Record<string, unknown> };
let app: RequestHandler;
const logged: string[] = [];

beforeEach(async () => {
  seen = {};
  logged.length = 0;
  app = async (request, response) => {
    seen = { url: request.url, headers: { ...request.headers } };
    response.end("from the app");
  };
  server = createServer(guardRequests((request, response) => app(request, response), { ownsClientAddress: true, log: (line) => logged.push(line) }));
  guardConnections(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const send = (...lines: string[]) => rawExchange({ port, lines: [...lines, ...(lines.some((line) => /^host:/i.test(line)) ? [] : ["Host: site.test"])] });

describe("the site server's guard", () => {
  it("hands the app an origin-form target when the request names an absolute URL", async () => {
    await send("GET http://evil.com/product?x=1 HTTP/1.1");

    expect(seen.url).toBe("/product?x=1");
  });

  it("turns any Location the app writes into a path on the site", async () => {
    app = async (_request, response) => {
      response.writeHead(308, { Location: "http://evil.com/product" }).end();
    };

    const answer = await send("GET /product/ HTTP/1.1");

    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe("/product");
  });

  it("sets the cache lifetime of successful GETs from the cache policy, over what the app said", async () => {
    app = async (_request, response) => {
      response.setHeader("Cache-Control", "s-maxage=31536000");
      response.end("<!doctype html>");
    };

    const page = await send("GET /product HTTP/1.1");

    expect(page.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
  });

  it("writes X-Forwarded-For from the socket and drops every address header the visitor sent", async () => {
    await send("GET / HTTP/1.1", "X-Forwarded-For: 6.6.6.6", "X-Real-IP: 6.6.6.7", "Forwarded: for=6.6.6.8", "X-Forwarded-Host: evil.com");

    expect(seen.headers).toMatchObject({ "x-forwarded-for": "127.0.0.1" });
    expect(seen.headers).not.toHaveProperty("x-real-ip");
    expect(seen.headers).not.toHaveProperty("forwarded");
    expect(seen.headers).not.toHaveProperty("x-forwarded-host");
  });

  it("answers TRACE itself, without reaching the app", async () => {
    const answer = await send("TRACE / HTTP/1.1");

    expect(answer.status).toBe(405);
    expect(seen.url).toBeUndefined();
  });

  it("answers CONNECT with 405 and the security headers instead of tunnelling", async () => {
    const answer = await rawExchange({ port, lines: ["CONNECT evil.com:443 HTTP/1.1", "Host: evil.com:443"] });

    expect(answer.status).toBe(405);
    expect(answer.headers["strict-transport-security"]).toContain("max-age");
  });

  it("answers an unparseable request with 400 and the security headers", async () => {
    const answer = await rawExchange({ port, lines: ["GET / HTTP/1.1", "Host: site.test", "Bad Header Line"] });

    expect(answer.status).toBe(400);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers 500 and logs one line without a stack trace when the app throws", async () => {
    app = async () => {
      throw new TypeError("boom at /secret/path.js:1:1");
    };

    const answer = await send("GET / HTTP/1.1");

    expect(answer.status).toBe(500);
    expect(answer.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(logged).toEqual(["[site] GET /: TypeError"]);
  });
});
