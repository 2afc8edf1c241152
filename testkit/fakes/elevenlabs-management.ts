/**
 * A double of ElevenLabs' management API for agents, tools and agent tests, as
 * @elevenlabs/elevenlabs-js calls it: the paths and methods of its clients, request bodies checked
 * against the SDK's own request schemas (an unknown field is a 422 naming it, as the API's
 * validation answers), responses in the shapes its response schemas parse. It keeps what it was
 * sent and answers it back, so a test can push and read back. The call itself is
 * testkit/fakes/elevenlabs-service.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import * as serialization from "@elevenlabs/elevenlabs-js/serialization";

type AgentCreate = serialization.conversationalAi.BodyCreateAgentV1ConvaiAgentsCreatePost.Raw;
type AgentRecord = AgentCreate & { agent_id: string };
type ToolRecord = { id: string; tool_config: serialization.ToolRequestModelToolConfig.Raw };
type TestRecord = serialization.conversationalAi.TestsCreateRequestBody.Raw & { id: string };

export type ManagementRequest = { method: string; path: string };

/** A test run's verdict; the double cannot judge a caller, so the test says what ElevenLabs would. */
export type Verdict = (test: TestRecord) => "passed" | "failed";
type Invocation = { id: string; agent_id: string; test_runs: { test_run_id: string; test_invocation_id: string; agent_id: string; test_id: string; test_name: string; status: "pending" | "passed" | "failed" }[] };

export type ServedManagementDouble = {
  /** http://127.0.0.1:port, the SDK's baseUrl. */
  readonly baseUrl: string;
  /** Every request, in order. */
  readonly requests: readonly ManagementRequest[];
  readonly agents: ReadonlyMap<string, AgentRecord>;
  readonly tools: ReadonlyMap<string, ToolRecord>;
  readonly tests: ReadonlyMap<string, TestRecord>;
  /** The next request to this method and path prefix answers this status instead (a failure in the middle of a push). */
  failNext(method: string, pathPrefix: string, status: number): void;
  close(): Promise<void>;
};

type Schema = { parse(raw: unknown, options: { unrecognizedObjectKeys: "fail" }): { ok: true } | { ok: false; errors: { path: string[]; message: string }[] } };

/** Replaces what a PATCH names and keeps the rest, as the API merges an agent update. */
function merge(kept: unknown, update: unknown): unknown {
  if (typeof kept !== "object" || kept === null || Array.isArray(kept) || typeof update !== "object" || update === null || Array.isArray(update)) return update;
  const merged: Record<string, unknown> = { ...(kept as Record<string, unknown>) };
  for (const [key, value] of Object.entries(update)) if (value !== undefined) merged[key] = merge(merged[key], value);
  return merged;
}

/**
 * "You can specify up to 10 unique hostnames" (ElevenLabs' agent authentication guide): an
 * allow-list past that, or naming a host twice, is refused as the API refuses an invalid body.
 */
const ALLOWLIST_MAX_HOSTS = 10;
function allowlistIssue(body: unknown): string | null {
  const allowlist = (body as { platform_settings?: { auth?: { allowlist?: { hostname: string }[] | null } | null } | null }).platform_settings?.auth?.allowlist;
  if (!allowlist) return null;
  const hosts = allowlist.map((item) => item.hostname.toLowerCase());
  if (hosts.length > ALLOWLIST_MAX_HOSTS) return `An allowlist may hold at most ${ALLOWLIST_MAX_HOSTS} hostnames, not ${hosts.length}.`;
  const repeated = hosts.find((host, index) => hosts.indexOf(host) !== index);
  return repeated === undefined ? null : `The allowlist names ${repeated} more than once.`;
}

const now = () => Math.floor(Date.now() / 1000);
const accessInfo = { is_creator: true, creator_name: "Double", creator_email: "double@example.invalid", role: "admin" };

export async function serveManagementDouble(options: { apiKey: string; verdict?: Verdict }): Promise<ServedManagementDouble> {
  const agents = new Map<string, AgentRecord>();
  const tools = new Map<string, ToolRecord>();
  const tests = new Map<string, TestRecord>();
  const invocations = new Map<string, Invocation>();
  const requests: ManagementRequest[] = [];
  const failures: { method: string; pathPrefix: string; status: number }[] = [];
  let nextId = 1;
  const newId = (prefix: string) => `${prefix}_double_${nextId++}`;

  const agentResponse = (agent: AgentRecord) => ({
    agent_id: agent.agent_id,
    name: agent.name ?? "",
    conversation_config: agent.conversation_config,
    platform_settings: agent.platform_settings ?? {},
    tags: agent.tags ?? [],
    metadata: { created_at_unix_secs: now(), updated_at_unix_secs: now() },
  });
  const toolResponse = (tool: ToolRecord) => ({ id: tool.id, tool_config: tool.tool_config, access_info: accessInfo, usage_stats: { avg_latency_secs: 0 } });

  const readBody = async (request: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text === "" ? {} : JSON.parse(text);
  };

  const server: Server = createServer((request, response) => {
    const send = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    const url = new URL(request.url ?? "/", "http://double.test");
    const method = request.method ?? "GET";
    requests.push({ method, path: url.pathname });
    if (request.headers["xi-api-key"] !== options.apiKey) return send(401, { detail: { status: "invalid_api_key", message: "Invalid API key" } });
    const failure = failures.findIndex((entry) => entry.method === method && url.pathname.startsWith(entry.pathPrefix));
    if (failure >= 0) return send(failures.splice(failure, 1)[0]!.status, { detail: { status: "internal_error", message: "The double was told to fail this request." } });

    void readBody(request).then(
      (body) => {
        const invalid = (schema: Schema, value: unknown) => {
          const result = schema.parse(value, { unrecognizedObjectKeys: "fail" });
          const allowlist = result.ok ? allowlistIssue(value) : null;
          if (result.ok && allowlist === null) return false;
          const errors = result.ok ? [{ path: ["platform_settings", "auth", "allowlist"], message: allowlist }] : result.errors;
          send(422, { detail: errors.map((error) => ({ loc: ["body", ...error.path], msg: error.message, type: "value_error" })) });
          return true;
        };
        const [, , , collection, id, action] = url.pathname.split("/"); // "", v1, convai, collection, id, action
        const notFound = () => send(404, { detail: { status: "not_found", message: `${collection} ${id} not found` } });

        if (collection === "agents" && action === "run-tests" && method === "POST") {
          if (!agents.has(id!)) return notFound();
          if (invalid(serialization.conversationalAi.RunAgentTestsRequestModel, body)) return;
          const testIds = (body as serialization.conversationalAi.RunAgentTestsRequestModel.Raw).tests.map((entry) => entry.test_id);
          if (!testIds.every((testId) => tests.has(testId))) return send(404, { detail: { status: "not_found", message: "a test is not found" } });
          const invocation: Invocation = { id: newId("invocation"), agent_id: id!, test_runs: [] };
          invocation.test_runs = testIds.map((testId) => ({ test_run_id: newId("run"), test_invocation_id: invocation.id, agent_id: id!, test_id: testId, test_name: tests.get(testId)!.name, status: "pending" }));
          invocations.set(invocation.id, invocation);
          return send(200, invocation);
        }
        if (collection === "test-invocations" && method === "GET") {
          const invocation = id === undefined ? undefined : invocations.get(id);
          if (!invocation) return notFound();
          // Judged by the time anyone asks again.
          for (const run of invocation.test_runs) if (run.status === "pending") run.status = (options.verdict ?? (() => "passed"))(tests.get(run.test_id)!);
          return send(200, invocation);
        }
        if (collection === "agents") {
          if (method === "POST" && id === "create") {
            if (invalid(serialization.conversationalAi.BodyCreateAgentV1ConvaiAgentsCreatePost, body)) return;
            const agent = { ...(body as AgentCreate), agent_id: newId("agent") };
            agents.set(agent.agent_id, agent);
            return send(200, { agent_id: agent.agent_id });
          }
          const agent = id === undefined ? undefined : agents.get(id);
          if (!agent) return notFound();
          if (method === "GET") return send(200, agentResponse(agent));
          if (method === "PATCH") {
            if (invalid(serialization.conversationalAi.UpdateAgentRequest, body)) return;
            const updated = merge(agent, body) as AgentRecord;
            agents.set(agent.agent_id, updated);
            return send(200, agentResponse(updated));
          }
        }
        if (collection === "tools") {
          if (method === "POST" && id === undefined) {
            if (invalid(serialization.ToolRequestModel, body)) return;
            const tool = { id: newId("tool"), tool_config: (body as serialization.ToolRequestModel.Raw).tool_config };
            tools.set(tool.id, tool);
            return send(200, toolResponse(tool));
          }
          const tool = id === undefined ? undefined : tools.get(id);
          if (!tool) return notFound();
          if (method === "GET") return send(200, toolResponse(tool));
          if (method === "PATCH") {
            if (invalid(serialization.ToolRequestModel, body)) return;
            const updated = { id: tool.id, tool_config: (body as serialization.ToolRequestModel.Raw).tool_config };
            tools.set(tool.id, updated);
            return send(200, toolResponse(updated));
          }
        }
        if (collection === "agent-testing") {
          if (method === "POST" && id === "create") {
            if (invalid(serialization.conversationalAi.TestsCreateRequestBody, body)) return;
            const test = { ...(body as serialization.conversationalAi.TestsCreateRequestBody.Raw), id: newId("test") };
            tests.set(test.id, test);
            return send(200, { id: test.id });
          }
          const test = id === undefined ? undefined : tests.get(id);
          if (!test) return notFound();
          if (method === "GET") return send(200, { ...test, access_info: accessInfo });
          if (method === "PUT") {
            if (invalid(serialization.conversationalAi.TestsUpdateRequestBody, body)) return;
            const updated = { ...(body as serialization.conversationalAi.TestsCreateRequestBody.Raw), id: test.id };
            tests.set(test.id, updated);
            return send(200, { ...updated, access_info: accessInfo });
          }
        }
        send(405, { detail: `${method} ${url.pathname} is not something this double answers` });
      },
      () => send(400, { detail: "the body is not JSON" }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    agents,
    tools,
    tests,
    failNext: (method, pathPrefix, status) => void failures.push({ method, pathPrefix, status }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A copy of an agents folder (elevenlabs/) in a temporary directory, without the ids its
 * registries record: those name a real workspace's agents, which the empty double does not have.
 */
export function copyWithoutIds(folder: string): string {
  const dir = mkdtempSync(join(tmpdir(), "elevenlabs-"));
  cpSync(folder, dir, { recursive: true });
  for (const file of ["agents.json", "tools.json", "tests.json"]) {
    const registry = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, { id?: string }[]>;
    for (const entries of Object.values(registry)) for (const entry of entries) delete entry.id;
    writeFileSync(join(dir, file), `${JSON.stringify(registry, null, 2)}\n`);
  }
  return dir;
}
