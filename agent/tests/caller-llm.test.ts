/** @jest-environment node */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createCaller, type LlmConfig } from "../src/caller";
import { chatMessages, cleanLine, writeLine, type ChatMessage } from "../src/caller/llm";
import type { Playbook } from "../src/caller/playbook-schema";
import { loadPlaybooks } from "../src/caller/playbooks";
import { maxSpokenLength } from "../src/caller/spoken-text";
import { tacticMeanings } from "@mockingbird/contract/debrief";

/** A stand-in for an OpenAI-compatible server on loopback: no network leaves the machine. */
type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;
type Received = { method: string; url: string; authorization: string | undefined; body: { model?: string; messages?: ChatMessage[] } };

let server: Server;
let baseUrl: string;
let handler: Handler;
let received: Received[];

beforeAll(async () => {
  server = createServer((request, response) => {
    // No keep-alive: a socket pooled by fetch in one test must not be reused after the server dropped it in another.
    response.setHeader("connection", "close");
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      let parsed: Received["body"] = {};
      try {
        parsed = JSON.parse(body) as Received["body"];
      } catch {
        // recorded as empty: the assertions say what was expected
      }
      received.push({ method: request.method ?? "", url: request.url ?? "", authorization: request.headers.authorization, body: parsed });
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

beforeEach(() => {
  received = [];
  handler = replyWith("Look, I really need that code now.");
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function replyWith(content: string): Handler {
  return (_request, _body, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ id: "chatcmpl-1", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] }));
  };
}

const playbook = loadPlaybooks().get("it-helpdesk-mfa-reset") as Playbook;

function config(overrides: Partial<LlmConfig> = {}): LlmConfig & { fallbacks: string[] } {
  const fallbacks: string[] = [];
  return { url: baseUrl, apiKey: "test-key", model: "tiny-model", onFallback: (reason) => fallbacks.push(reason), fallbacks, ...overrides };
}

/** A caller whose lines `llm` writes, past its opening. */
function opened(llm: LlmConfig = config()) {
  const caller = createCaller(playbook.id, { llm });
  caller.opening();
  return caller;
}

describe("the caller with an LLM writer", () => {
  it("speaks the line the model wrote", async () => {
    const caller = opened();
    expect((await caller.respond({ via: "speech", text: "hello" })).text).toBe("Look, I really need that code now.");
  });

  it("keeps the state machine's tactics and ending whatever the model writes", async () => {
    const scripted = createCaller(playbook.id);
    const written = createCaller(playbook.id, { llm: config() });
    scripted.opening();
    written.opening();
    for (const text of ["hello", "no", "one two three four five six"]) {
      const [plain, phrased] = [await scripted.respond({ via: "speech", text }), await written.respond({ via: "speech", text })];
      expect({ tactics: phrased.tactics, end: phrased.end }).toEqual({ tactics: plain.tactics, end: plain.end });
    }
  });

  it("records the model's wording in the debrief's tactics", async () => {
    const caller = opened();
    await caller.respond({ via: "speech", text: "hello" });
    expect(caller.debrief("hung-up").tacticsUsed.at(-1)).toEqual({ tactics: playbook.tactics[0]!.lines[0]!.tactics, line: "Look, I really need that code now." });
  });

  it("posts to {url}/chat/completions with the key, the model, the playbook as instructions and the conversation so far", async () => {
    const caller = createCaller(playbook.id, { llm: config({ url: `${baseUrl}/` }) });
    const opening = caller.opening({ variables: { visitor_name: "Sam" } });
    await caller.respond({ via: "text", text: "Who is this?" });
    const [request] = received;
    expect(request).toMatchObject({ method: "POST", url: "/v1/chat/completions", authorization: "Bearer test-key", body: { model: "tiny-model" } });
    const messages = request?.body.messages ?? [];
    expect(messages[0]).toEqual({ role: "system", content: expect.stringContaining("You play Dave Morgan, IT service desk technician") });
    expect(messages[0]?.content).toContain(playbook.goal.description);
    expect(messages.slice(1, 3)).toEqual([
      { role: "assistant", content: opening.text },
      { role: "user", content: "Who is this?" },
    ]);
    expect(messages[3]).toEqual({ role: "system", content: expect.stringContaining("The visitor asked who you are.") });
    expect(messages[3]?.content).toContain("It's Dave Morgan, service desk, extension four four one zero.");
  });

  it("tells the model to use the scripted line's own tactics, and what each tactic means", async () => {
    await opened().respond({ via: "text", text: "What's this about?" });
    const messages = received[0]?.body.messages ?? [];
    expect(messages[0]?.content).toContain(`- pretext: ${tacticMeanings.pretext}`);
    const direction = messages.at(-1)?.content ?? "";
    expect(direction).toContain(`Explain your cover story using ${playbook.reactions.askPurpose[0]!.tactics.join(" and ")}`);
    expect(direction).toContain(playbook.reactions.askPurpose[0]!.line);
  });

  it("sends no authorization header when no key is configured", async () => {
    await opened(config({ apiKey: undefined })).respond({ via: "speech", text: "hello" });
    expect(received[0]?.authorization).toBeUndefined();
  });

  it("does not ask the model to repeat a line or to answer a bad line", async () => {
    const caller = opened();
    await caller.respond({ via: "speech", text: "" });
    await caller.respond({ via: "speech", text: "say that again" });
    expect(received).toEqual([]);
  });
});

describe("falling back to the scripted line", () => {
  const scriptedFirstPressure = playbook.tactics[0]!.lines[0]!.line;

  const firstPressureLine = async (llm: LlmConfig) => (await opened(llm).respond({ via: "speech", text: "hello" })).text;

  it("when the model does not answer in time", async () => {
    handler = () => undefined; // never answers
    const llm = config({ timeoutMs: 150 });
    expect(await firstPressureLine(llm)).toBe(scriptedFirstPressure);
    expect(llm.fallbacks).toEqual(["no reply within 150 ms"]);
  });

  const answering = (status: number, body: string): Handler => (_request, _body, response) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(body);
  };

  it.each([
    ["the server answers 500", answering(500, JSON.stringify({ error: { message: "overloaded" } })), "HTTP 500"],
    ["the reply is not JSON", answering(200, "{ this is not json"), "the reply was not JSON"],
    ["the JSON holds no message", answering(200, JSON.stringify({ choices: [] })), "the reply held no usable line"],
    ["the message is only a stage direction", replyWith("*sighs*"), "the reply held no usable line"],
  ])("when %s", async (_when, answer, reason) => {
    handler = answer;
    const llm = config();
    expect(await firstPressureLine(llm)).toBe(scriptedFirstPressure);
    expect(llm.fallbacks).toEqual([reason]);
  });

  it("when nothing listens at the configured address", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const llm = config({ url: `http://127.0.0.1:${port}/v1` });
    expect(await firstPressureLine(llm)).toBe(scriptedFirstPressure);
    expect(llm.fallbacks[0]).toMatch(/^request failed/);
  });
});

describe("cleaning the model's line for speech", () => {
  it("drops stage directions, speaker labels and quotes", () => {
    expect(cleanLine('Dave: "*clears throat* Right (impatiently), I need the code."')).toBe("Right, I need the code.");
  });

  it("cuts an over-long line at a sentence end", () => {
    const cleaned = cleanLine("This is a sentence that goes on. ".repeat(20)) ?? "";
    expect(cleaned.length).toBeGreaterThan(maxSpokenLength - 40);
    expect(cleaned.length).toBeLessThanOrEqual(maxSpokenLength);
    expect(cleaned.endsWith("on.")).toBe(true);
  });

  it("rejects content that is not a string", () => {
    expect(cleanLine({ text: "hi" })).toBeNull();
  });
});

describe("the messages sent to the model", () => {
  it("describes speech that was not understood instead of sending an empty turn", () => {
    const messages = chatMessages({ instructions: "be Dave", history: [{ speaker: "visitor", text: null }], direction: "press", scripted: "Code, please." });
    expect(messages[1]).toEqual({ role: "user", content: "(the line crackled and you could not make out what they said)" });
  });

  it("falls back without any request when writing is asked of an unreachable URL scheme", async () => {
    const fallbacks: string[] = [];
    const line = await writeLine(
      { url: "not a url", model: "m", onFallback: (reason) => fallbacks.push(reason) },
      { instructions: "be Dave", history: [], direction: "press", scripted: "Code, please." },
    );
    expect(line).toBe("Code, please.");
    expect(fallbacks).toHaveLength(1);
  });
});
