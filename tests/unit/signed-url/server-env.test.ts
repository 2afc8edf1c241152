/** @jest-environment node */
import { EnvConfigError } from "@/lib/config/env-schema";
import { parseServerEnv } from "@/lib/config/server-env";
import { signedUrlConfigFromEnv } from "@/lib/signed-url/config";

function errorFor(source: Record<string, string>): string {
  try {
    parseServerEnv(source);
  } catch (error) {
    if (error instanceof EnvConfigError) return error.message;
    throw error;
  }
  throw new Error("expected the configuration to be refused");
}

describe("the server configuration", () => {
  it("defaults to the local agent at 127.0.0.1:8787 with its development key, 5 a minute, 10 a day per visitor, 40 a day per network, 500 a day in all and a 5 s timeout", () => {
    const config = signedUrlConfigFromEnv(parseServerEnv({}), { siteUrl: "https://www.mockingbird.test", anonKey: "anon-key-0123456789abc" });

    expect(config.upstream).toEqual({ kind: "local-agent", baseUrl: "http://127.0.0.1:8787", apiKey: "mockingbird-local-agent-key" });
    expect(config.limits).toEqual({ perMinute: 5, perDay: 10, perNetworkPerDay: 40, dailyCap: 500 });
    expect(config.upstreamTimeoutMs).toBe(5000);
    expect(config.trustedProxy).toBeUndefined();
  });

  it("selects ElevenLabs at api.elevenlabs.io when ELEVENLABS_API_KEY is set", () => {
    const env = parseServerEnv({ ELEVENLABS_API_KEY: "sk_live", ELEVENLABS_AGENT_ID: "agent_1" });

    expect(signedUrlConfigFromEnv(env, { siteUrl: undefined, anonKey: "anon-key-0123456789abc" }).upstream).toEqual({
      kind: "elevenlabs",
      baseUrl: "https://api.elevenlabs.io",
      apiKey: "sk_live",
      defaultAgentId: "agent_1",
      agentIdsByScenario: {},
    });
  });

  it("treats an empty variable as unset", () => {
    expect(parseServerEnv({ ELEVENLABS_API_KEY: "", SIGNED_URL_DAILY_CAP: "" }).SIGNED_URL_DAILY_CAP).toBe(500);
  });

  it.each<[string, Record<string, string>, RegExp]>([
    ["names ELEVENLABS_AGENT_ID when a key is set without it", { ELEVENLABS_API_KEY: "sk_live" }, /- ELEVENLABS_AGENT_ID: must be set when ELEVENLABS_API_KEY is set/],
    ["names ELEVENLABS_AGENT_IDS when it is not JSON", { ELEVENLABS_AGENT_IDS: "ceo-urgent-wire=agent_1" }, /- ELEVENLABS_AGENT_IDS: must be a JSON object/],
    ["names the key of ELEVENLABS_AGENT_IDS that is not a scenario id", { ELEVENLABS_AGENT_IDS: '{"ceo-wire":"agent_1"}' }, /- ELEVENLABS_AGENT_IDS\.ceo-wire: is not a scenario id/],
    ["names ALLOWED_ORIGINS and the entry that is not an origin", { ALLOWED_ORIGINS: "https://ok.test, www.mockingbird.test" }, /- ALLOWED_ORIGINS: "www\.mockingbird\.test" is not an origin/],
    ["names TRUST_PROXY_HEADER when it is not a header name", { TRUST_PROXY_HEADER: "X-Forwarded-For: 1.2.3.4" }, /- TRUST_PROXY_HEADER: must be a header name/],
    ["names LOCAL_AGENT_URL when it is not an http URL", { LOCAL_AGENT_URL: "ws://127.0.0.1:8787" }, /- LOCAL_AGENT_URL: /],
  ])("%s", (_behaviour, source, message) => {
    expect(errorFor(source)).toMatch(message);
  });

  it("names each limit that is not a whole number in range", () => {
    const message = errorFor({ SIGNED_URL_LIMIT_PER_MINUTE: "five", SIGNED_URL_DAILY_CAP: "0", SIGNED_URL_TIMEOUT_MS: "2.5" });

    expect(message).toMatch(/- SIGNED_URL_LIMIT_PER_MINUTE: must be a whole number/);
    expect(message).toMatch(/- SIGNED_URL_DAILY_CAP: must be a whole number/);
    expect(message).toMatch(/- SIGNED_URL_TIMEOUT_MS: must be a whole number/);
  });

  it("names REDIS_URL without echoing it, since it may hold a password", () => {
    const message = errorFor({ REDIS_URL: "http://default:s3cret-pass@cache.internal:6379" });

    expect(message).toMatch(/- REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(message).not.toContain("s3cret-pass");
  });

});
