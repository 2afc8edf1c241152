/** @jest-environment node */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { guardConnections, guardRequests, type RequestHandler } from "@/server/guard";
import { rawExchange } from "@mockingbird/testkit/raw-http";

/**
 * The guard around a stand-in for Next.js on a real socket: what it answers without the app.
 * What it does to the requests and answers of the real app (targets, Location, cache
 * lifetimes, forwarding headers, TRACE) is tested end to end in
 * tests/e2e/server-hardening.spec.ts and tests/e2e/visitor-limits.spec.ts.
 */
let server: Server;
let port: number;
let app: RequestHandler;
const logged: string[] = [];

beforeEach(async () => {
  logged.length = 0;
  app = async (_request, response) => {
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
