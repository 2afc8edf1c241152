/** @jest-environment node */
import { signedUrlMessages } from "@/lib/signed-url/messages";
import { anonKey, callRequest, elevenLabsEnv, elevenLabsKey, errorOf, freshVoiceUpstream, siteUrl } from "./support/signed-url-requests";

type RouteModule = typeof import("@/app/functions/v1/elevenlabs-auth/route.server");

const serviceKey = Symbol.for("mockingbird.signed-url.node-service");
const originalEnv = process.env;
const upstream = freshVoiceUpstream();

/** The route as `next start` loads it: a fresh module graph reading this process's environment. */
async function loadRoute(env: Record<string, string>): Promise<RouteModule> {
  process.env = { ...originalEnv, NEXT_PUBLIC_SITE_URL: siteUrl, NEXT_PUBLIC_SUPABASE_ANON_KEY: anonKey, ...env };
  jest.resetModules();
  delete (globalThis as Record<symbol, unknown>)[serviceKey];
  return import("@/app/functions/v1/elevenlabs-auth/route.server");
}

afterEach(async () => {
  process.env = originalEnv;
  delete (globalThis as Record<symbol, unknown>)[serviceKey];
});

describe("the Next.js route POST /functions/v1/elevenlabs-auth", () => {
  it("answers a preflight through the shared handler", async () => {
    const route = await loadRoute(elevenLabsEnv(upstream.baseUrl));

    const response = await route.OPTIONS(callRequest({ method: "OPTIONS", key: null }));

    expect(response.status).toBe(204);
  });

  it("answers PUT, PATCH and DELETE with a JSON 405", async () => {
    const route = await loadRoute(elevenLabsEnv(upstream.baseUrl));

    const responses = await Promise.all([route.PUT, route.PATCH, route.DELETE].map((method, index) => method(callRequest({ method: ["PUT", "PATCH", "DELETE"][index] }))));

    expect(responses.map(({ status }) => status)).toEqual([405, 405, 405]);
    expect(await errorOf(responses[0] as Response)).toBe(signedUrlMessages.methodNotAllowed);
  });

  it("exports no GET, so a static export does not try to pre-render the route", async () => {
    const route = await loadRoute(elevenLabsEnv(upstream.baseUrl));

    expect(Object.keys(route).sort()).toEqual(["DELETE", "OPTIONS", "PATCH", "POST", "PUT"]);
  });

  it("answers 500 'not configured' and logs the variable's name, not its value, when the configuration is invalid", async () => {
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const route = await loadRoute({ ELEVENLABS_API_KEY: elevenLabsKey });

    const response = await route.POST(callRequest());
    const log = logged.mock.calls.flat().join("\n");
    logged.mockRestore();

    expect(response.status).toBe(500);
    expect(await errorOf(response)).toBe(signedUrlMessages.notConfigured);
    expect(log).toMatch(/ELEVENLABS_AGENT_ID/);
    expect(log).not.toContain(elevenLabsKey);
  });
});
