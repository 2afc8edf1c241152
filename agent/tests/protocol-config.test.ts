/** @jest-environment node */
import { ConfigError, loadConfig } from "../src/config";

describe("agent configuration", () => {
  it("has the documented defaults", () => {
    expect(loadConfig({})).toEqual({
      host: "127.0.0.1",
      port: 8787,
      publicUrl: undefined,
      apiKey: "mockingbird-local-agent-key",
      signingSecret: expect.stringMatching(/^[\w-]{43}$/),
      signingSecretGenerated: true,
      maxCallSeconds: 180,
      maxConcurrentCalls: 20,
      llm: undefined,
      logLevel: "info",
    });
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
      AGENT_LLM_URL: "http://127.0.0.1:11434/v1",
      AGENT_LLM_MODEL: "llama3",
      LOG_LEVEL: "debug",
    });
    expect(config).toMatchObject({ host: "0.0.0.0", port: 9000, publicUrl: "wss://agent.example.com", apiKey: "k", signingSecretGenerated: false, maxCallSeconds: 60, maxConcurrentCalls: 3, logLevel: "debug" });
    expect(config.llm).toEqual({ url: "http://127.0.0.1:11434/v1", apiKey: undefined, model: "llama3" });
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ AGENT_PORT: "", LOG_LEVEL: "" })).toMatchObject({ port: 8787, logLevel: "info" });
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
