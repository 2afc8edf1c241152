/** @jest-environment node */
import { availableParallelism } from "node:os";
import { describeOriginRule } from "@mockingbird/contract/origin-policy";
import { ConfigError, loadConfig } from "../src/config";

describe("agent configuration", () => {
  it("has the documented defaults", () => {
    expect(loadConfig({})).toEqual({
      server: {
        host: "127.0.0.1",
        port: 8787,
        publicUrl: undefined,
        apiKey: "mockingbird-local-agent-key",
        signingSecret: expect.stringMatching(/^[\w-]{43}$/),
        maxConcurrentCalls: 100,
        allowedOrigins: [
          { kind: "any-port", protocol: "http:", hostname: "localhost" },
          { kind: "any-port", protocol: "http:", hostname: "127.0.0.1" },
        ],
        allowedOverrides: ["conversation.text_only"],
        trustProxyHeader: undefined,
        call: { maxCallMs: 180_000, turnTimeoutMs: 7_000, silenceEndCallMs: 30_000 },
      },
      signingSecretGenerated: true,
      tentativeTranscripts: true,
      synthesisWorkers: Math.min(8, availableParallelism()),
      synthesisCacheBytes: 32 * 1024 * 1024,
      callerVoice: "festival",
      llm: undefined,
      logLevel: "info",
    });
  });

  it("speaks with festival's HTS voice unless AGENT_VOICE asks for flite, and refuses any other voice", () => {
    expect(loadConfig({ AGENT_VOICE: "flite" }).callerVoice).toBe("flite");
    expect(() => loadConfig({ AGENT_VOICE: "espeak" })).toThrow(/AGENT_VOICE: must be festival or flite/);
  });

  it("allows the site's origin by default, as the signed-URL handler does", () => {
    expect(loadConfig({ NEXT_PUBLIC_SITE_URL: "https://www.mockingbird.test/" }).server.allowedOrigins.map(describeOriginRule)).toEqual([
      "https://www.mockingbird.test",
      "http://localhost:*",
      "http://127.0.0.1:*",
    ]);
  });

  it("reads ALLOWED_ORIGINS as the site does, replacing the defaults", () => {
    expect(loadConfig({ ALLOWED_ORIGINS: "https://www.mockingbird.test, http://localhost:*", NEXT_PUBLIC_SITE_URL: "https://other.test" }).server.allowedOrigins.map(describeOriginRule)).toEqual([
      "https://www.mockingbird.test",
      "http://localhost:*",
    ]);
    expect(() => loadConfig({ ALLOWED_ORIGINS: "https://ok.test, www.mockingbird.test" })).toThrow(/- ALLOWED_ORIGINS: "www\.mockingbird\.test" is not an origin/);
  });

  it("reads every variable", () => {
    const config = loadConfig({
      AGENT_HOST: "0.0.0.0",
      AGENT_PORT: "9000",
      AGENT_PUBLIC_URL: "wss://agent.example.com/",
      LOCAL_AGENT_API_KEY: "k",
      AGENT_SIGNING_SECRET: "s".repeat(32),
      AGENT_MAX_CALL_SECONDS: "60",
      AGENT_MAX_CONCURRENT_CALLS: "3",
      AGENT_TURN_TIMEOUT_SECONDS: "2",
      AGENT_SILENCE_END_CALL_SECONDS: "-1",
      AGENT_TENTATIVE_TRANSCRIPTS: "off",
      AGENT_SYNTHESIS_WORKERS: "3",
      AGENT_SYNTHESIS_CACHE_MB: "0",
      AGENT_LLM_URL: "http://127.0.0.1:11434/v1",
      AGENT_LLM_MODEL: "llama3",
      LOG_LEVEL: "debug",
    });
    expect(config).toMatchObject({
      server: { host: "0.0.0.0", port: 9000, publicUrl: "wss://agent.example.com", apiKey: "k", maxConcurrentCalls: 3, call: { maxCallMs: 60_000, turnTimeoutMs: 2_000, silenceEndCallMs: Number.POSITIVE_INFINITY } },
      signingSecretGenerated: false,
      tentativeTranscripts: false,
      synthesisWorkers: 3,
      synthesisCacheBytes: 0,
      logLevel: "debug",
    });
    expect(config.llm).toEqual({ url: "http://127.0.0.1:11434/v1", apiKey: undefined, model: "llama3" });
  });

  it("lets a call override only text_only by default, as the production agents do, and reads AGENT_ALLOWED_OVERRIDES against the service's fields", () => {
    expect(loadConfig({}).server.allowedOverrides).toEqual(["conversation.text_only"]);
    expect(loadConfig({ AGENT_ALLOWED_OVERRIDES: "agent.first_message, conversation.text_only" }).server.allowedOverrides).toEqual(["agent.first_message", "conversation.text_only"]);
    expect(loadConfig({ AGENT_ALLOWED_OVERRIDES: "none" }).server.allowedOverrides).toEqual([]);
    expect(() => loadConfig({ AGENT_ALLOWED_OVERRIDES: "agent.first_message,agent.voice" })).toThrow(/- AGENT_ALLOWED_OVERRIDES\.1: must be override fields, comma-separated, of: agent\.first_message, /);
  });

  it("reads the proxy header it may trust for the visitor's address, in lower case", () => {
    expect(loadConfig({ AGENT_TRUST_PROXY_HEADER: "X-Real-IP" }).server.trustProxyHeader).toBe("x-real-ip");
    expect(() => loadConfig({ AGENT_TRUST_PROXY_HEADER: "x real ip" })).toThrow(/AGENT_TRUST_PROXY_HEADER: must be a header name/);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ AGENT_PORT: "", LOG_LEVEL: "" })).toMatchObject({ server: { port: 8787 }, logLevel: "info" });
  });

  it("names each bad variable and what it expects", () => {
    expect(() => loadConfig({ AGENT_PORT: "http", AGENT_PUBLIC_URL: "http://x", AGENT_MAX_CONCURRENT_CALLS: "0" })).toThrow(
      new ConfigError(
        [
          "Invalid agent configuration:",
          "  - AGENT_PORT: must be a whole number from 0 to 65535",
          "  - AGENT_PUBLIC_URL: must be a ws:// or wss:// URL such as wss://agent.example.com",
          "  - AGENT_MAX_CONCURRENT_CALLS: must be a whole number from 1 to 1000",
          "See agent/README.md for every variable.",
        ].join("\n"),
      ),
    );
  });

  it("requires AGENT_LLM_MODEL with AGENT_LLM_URL", () => {
    expect(() => loadConfig({ AGENT_LLM_URL: "http://127.0.0.1:11434/v1" })).toThrow(/AGENT_LLM_MODEL: must be set when AGENT_LLM_URL is/);
  });
});
