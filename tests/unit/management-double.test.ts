/** @jest-environment node */
import { serveManagementDouble, type ServedManagementDouble } from "@mockingbird/testkit/fakes/elevenlabs-management";

/** What the double of ElevenLabs' management API refuses of an agent, as the API does. */

const apiKey = "sk_double";
let double: ServedManagementDouble;

beforeAll(async () => {
  double = await serveManagementDouble({ apiKey });
});
afterAll(() => double.close());

const create = (allowlist: string[]) =>
  fetch(`${double.baseUrl}/v1/convai/agents/create`, {
    method: "POST",
    headers: { "xi-api-key": apiKey, "content-type": "application/json" },
    body: JSON.stringify({ conversation_config: {}, platform_settings: { auth: { enable_auth: true, allowlist: allowlist.map((hostname) => ({ hostname })) } } }),
  });

test("an agent whose allow-list names more than 10 hosts is refused with 422, naming the field", async () => {
  const response = await create(Array.from({ length: 11 }, (_, index) => `site${index}.example.com`));
  expect(response.status).toBe(422);
  expect(await response.json()).toEqual({ detail: [expect.objectContaining({ loc: ["body", "platform_settings", "auth", "allowlist"], msg: expect.stringContaining("at most 10") })] });
});

test("an agent whose allow-list names a host twice is refused with 422", async () => {
  const response = await create(["www.example.com", "WWW.example.com"]);
  expect(response.status).toBe(422);
});

test("an agent with 10 distinct hosts on its allow-list is created, and an update past 10 is refused", async () => {
  const response = await create(Array.from({ length: 10 }, (_, index) => `site${index}.example.com`));
  expect(response.status).toBe(200);
  const { agent_id: id } = (await response.json()) as { agent_id: string };
  const update = await fetch(`${double.baseUrl}/v1/convai/agents/${id}`, {
    method: "PATCH",
    headers: { "xi-api-key": apiKey, "content-type": "application/json" },
    body: JSON.stringify({ platform_settings: { auth: { allowlist: Array.from({ length: 11 }, (_, index) => ({ hostname: `other${index}.example.com` })) } } }),
  });
  expect(update.status).toBe(422);
  expect(double.agents.get(id)?.platform_settings?.auth?.allowlist).toHaveLength(10);
});
