/** @jest-environment node */
import { EnvConfigError, parseEnv } from "@/lib/config/env-schema";
import { publicEnvSchema, validatePublicEnv } from "@/lib/config/public-env-schema";

describe("environment configuration", () => {
  it("falls back to documented defaults when nothing is set", () => {
    const env = parseEnv(publicEnvSchema, {});
    expect(env.NEXT_PUBLIC_SITE_URL).toBe("https://www.mockingbird.example");
    expect(env.NEXT_PUBLIC_SUPABASE_URL).toBeUndefined();
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv(publicEnvSchema, { NEXT_PUBLIC_SITE_URL: "" }).NEXT_PUBLIC_SITE_URL).toBe("https://www.mockingbird.example");
  });

  it("drops a trailing slash from URLs so paths join cleanly", () => {
    expect(parseEnv(publicEnvSchema, { NEXT_PUBLIC_SITE_URL: "https://mockingbird.ai/" }).NEXT_PUBLIC_SITE_URL).toBe("https://mockingbird.ai");
  });

  it("names the bad variable in a clear error", () => {
    expect(() => parseEnv(publicEnvSchema, { NEXT_PUBLIC_SITE_URL: "not a url" })).toThrow(EnvConfigError);
    expect(() => parseEnv(publicEnvSchema, { NEXT_PUBLIC_SITE_URL: "not a url" })).toThrow(/NEXT_PUBLIC_SITE_URL: must be an absolute URL/);
  });

  it("lists every bad variable at once", () => {
    const attempt = () => parseEnv(publicEnvSchema, { NEXT_PUBLIC_BOOKING_URL: "ftp://x", NEXT_PUBLIC_SUPABASE_ANON_KEY: "short" });
    expect(attempt).toThrow(/NEXT_PUBLIC_BOOKING_URL[\s\S]*NEXT_PUBLIC_SUPABASE_ANON_KEY/);
  });

  it("validates the process environment's public variables only", () => {
    expect(validatePublicEnv({ NEXT_PUBLIC_SITE_URL: "https://mockingbird.ai", UNRELATED: "x" }).NEXT_PUBLIC_SITE_URL).toBe("https://mockingbird.ai");
    expect(() => validatePublicEnv({ NEXT_PUBLIC_DOCS_URL: "docs" })).toThrow(/NEXT_PUBLIC_DOCS_URL/);
  });

  it("accepts only a same-origin path for the analytics script", () => {
    expect(() => parseEnv(publicEnvSchema, { NEXT_PUBLIC_ANALYTICS_SCRIPT: "https://cdn.example/script.js" })).toThrow(/NEXT_PUBLIC_ANALYTICS_SCRIPT/);
    expect(parseEnv(publicEnvSchema, { NEXT_PUBLIC_ANALYTICS_SCRIPT: "/_vercel/insights/script.js" }).NEXT_PUBLIC_ANALYTICS_SCRIPT).toBe("/_vercel/insights/script.js");
  });
});
