import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { cacheControlFor, immutable, revalidateEveryTime } from "../../lib/security/cache-policy";
import { baseURL } from "../../playwright.config";
import { rawExchange, type RawResponse } from "@mockingbird/testkit/raw-http";

/**
 * The production server as `npm start` runs it (server/site-server.ts, started by the
 * Playwright config), over raw sockets where a browser or fetch could not send the
 * request: absolute-form targets, spoofed Host headers, odd methods.
 */
const port = Number(new URL(baseURL).port);
const send = (...lines: string[]) => rawExchange({ port, lines: [...lines, ...(lines.some((line) => /^host:/i.test(line)) ? [] : [`Host: 127.0.0.1:${port}`])] });

function expectSecurityHeaders(answer: RawResponse): void {
  expect(answer.headers["strict-transport-security"]).toContain("max-age=63072000");
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(answer.headers["permissions-policy"]).toContain("microphone=(self)");
  expect(answer.headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(answer.headers["cross-origin-resource-policy"]).toBe("same-origin");
  expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(answer.headers["x-frame-options"]).toBe("DENY");
}

test.describe("every response carries the security headers", () => {
  test("a page, revalidated on every use", async () => {
    const page = await send("GET /product HTTP/1.1");

    expect(page.status).toBe(200);
    expectSecurityHeaders(page);
    expect(page.headers["cache-control"]).toBe(revalidateEveryTime);
  });

  test("Next.js' own trailing-slash redirect", async () => {
    const redirect = await send("GET /product/ HTTP/1.1");

    expect(redirect.status).toBe(308);
    expect(redirect.headers.location).toBe("/product");
    expectSecurityHeaders(redirect);
  });

  test("the lowercase redirect, which keeps the query", async () => {
    const redirect = await send("GET /PRODUCT?x=1 HTTP/1.1");

    expect(redirect.status).toBe(308);
    expect(redirect.headers.location).toBe("/product?x=1");
    expectSecurityHeaders(redirect);
  });

  test("a 404", async () => {
    const missing = await send("GET /no-such-page HTTP/1.1");

    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
  });

  test("a build asset, kept for a year as immutable", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/_next\/static\/[^"']+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();

    const answer = await send(`GET ${asset} HTTP/1.1`);

    expect(answer.status).toBe(200);
    expectSecurityHeaders(answer);
    expect(answer.headers["cache-control"]).toBe(immutable);
  });

  test("the voice worklets, immutable when their names carry a content hash and revalidated otherwise", async () => {
    const files = fs.readdirSync(path.join(__dirname, "../../public/vendor/voice"));
    expect(files.length).toBeGreaterThan(0);

    for (const file of files) {
      const answer = await send(`GET /vendor/voice/${file} HTTP/1.1`);
      expect(answer.status, file).toBe(200);
      expect(answer.headers["cache-control"], file).toBe(cacheControlFor(`/vendor/voice/${file}`));
      expect(answer.headers["cross-origin-resource-policy"], file).toBe("same-origin");
    }
  });

  test("a share image, kept a day and then revalidated", async () => {
    const image = await send("GET /og/product.png HTTP/1.1");

    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["cache-control"]).toBe("public, max-age=86400, must-revalidate");
    expectSecurityHeaders(image);
  });
});

test.describe("no redirect ever leaves the site", () => {
  test("whatever host an absolute-form request target names", async () => {
    for (const target of ["http://evil.com/product/", "http://evil.com/PRODUCT", "https://evil.com:8443/blog/"]) {
      const answer = await send(`GET ${target} HTTP/1.1`);
      expect(answer.status, target).toBe(308);
      expect(answer.headers.location, target).toMatch(/^\/(?!\/)/);
    }
  });

  test("whatever the Host and X-Forwarded-Host headers say", async () => {
    const answer = await send("GET /product/ HTTP/1.1", "Host: evil.com", "X-Forwarded-Host: evil.com", "X-Forwarded-Proto: https");

    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe("/product");
  });

  test("for paths that start like a host (//evil.com, /\\evil.com)", async () => {
    for (const target of ["//evil.com/", "/\\evil.com/", "//evil.com/%2F.."]) {
      const answer = await send(`GET ${target} HTTP/1.1`);
      const location = answer.headers.location;
      if (location !== undefined) expect(location, target).toMatch(/^\/(?![/\\])/);
    }
  });
});

test.describe("methods the site does not serve", () => {
  test("TRACE gets 405 with Allow and the security headers", async () => {
    const answer = await send("TRACE / HTTP/1.1");

    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, OPTIONS, POST");
    expectSecurityHeaders(answer);
  });

  test("a method HTTP does not define gets 501 with the security headers", async () => {
    for (const method of ["PROPFIND", "PURGE", "FOO"]) {
      const answer = await send(`${method} / HTTP/1.1`);
      expect(answer.status, method).toBe(501);
      expectSecurityHeaders(answer);
    }
  });

  test("PUT on a page gets 405, while the signed-URL route answers it with its own JSON", async () => {
    const page = await send("PUT /product HTTP/1.1", "Content-Length: 0");
    const route = await send("PUT /functions/v1/elevenlabs-auth HTTP/1.1", "Content-Length: 0");

    expect(page.status).toBe(405);
    expect(route.status).toBe(405);
    expect(JSON.parse(route.body)).toEqual({ error: "Use POST to request a signed URL." });
  });
});
