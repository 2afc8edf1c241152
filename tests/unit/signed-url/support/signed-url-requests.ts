import { parseServerEnv } from "@/lib/config/server-env";
import type { Admission } from "@/lib/signed-url/admission";
import { signedUrlConfigFromEnv } from "@/lib/signed-url/config";
import { createSignedUrlHandler, type SignedUrlEvent, type SignedUrlHandler } from "@/lib/signed-url/handler";
import { createMemoryLimitStore } from "@/lib/signed-url/memory-store";
import { startFakeVoiceUpstream, type FakeVoiceUpstream } from "@mockingbird/testkit/fakes/voice-upstream";

export const siteUrl = "https://www.mockingbird.test";
export const anonKey = "test-anon-key-0123456789abcdef";
export const elevenLabsKey = "sk_test_secret_elevenlabs_key_4f1d";

/** A fake voice upstream for each test of the file: started before it and closed after it. */
export function freshVoiceUpstream(): FakeVoiceUpstream {
  let current: FakeVoiceUpstream | undefined;
  beforeEach(async () => {
    current = await startFakeVoiceUpstream();
  });
  afterEach(async () => {
    await current?.close();
  });
  // Reads go to the running test's upstream, so a file holds the answer in one const.
  return new Proxy({} as FakeVoiceUpstream, {
    get: (_target, key) => {
      if (!current) throw new Error("the fake voice upstream starts in beforeEach");
      const value: unknown = Reflect.get(current, key);
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
}

/** ElevenLabs configured against the fake upstream, with generous limits unless a test narrows them. */
export function elevenLabsEnv(baseUrl: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    ELEVENLABS_API_KEY: elevenLabsKey,
    ELEVENLABS_API_BASE: baseUrl,
    ELEVENLABS_AGENT_ID: "agent_default",
    SIGNED_URL_LIMIT_PER_MINUTE: "1000",
    SIGNED_URL_LIMIT_PER_DAY: "1000",
    SIGNED_URL_LIMIT_PER_NETWORK_PER_DAY: "1000",
    SIGNED_URL_DAILY_CAP: "1000",
    ...overrides,
  };
}

export type HandlerUnderTest = {
  readonly handle: SignedUrlHandler;
  readonly events: SignedUrlEvent[];
};

export function handlerFor(
  env: Record<string, string>,
  options: { readonly now?: () => number; readonly admission?: Admission } = {},
): HandlerUnderTest {
  const config = signedUrlConfigFromEnv(parseServerEnv(env), { siteUrl, anonKey });
  const events: SignedUrlEvent[] = [];
  const admission = options.admission ?? createMemoryLimitStore(config.limits, options.now);
  return { handle: createSignedUrlHandler(config, { admission, report: (event) => events.push(event) }), events };
}

export type CallOptions = {
  readonly method?: string;
  readonly origin?: string | null;
  /** The anon key as supabase-js sends it: both headers. `null` sends neither. */
  readonly key?: string | null;
  readonly headers?: Record<string, string>;
  readonly body?: string | null;
};

/** A request as `supabase.functions.invoke('elevenlabs-auth', { body })` sends it from the site. */
export function callRequest(options: CallOptions = {}): Request {
  const headers = new Headers({ "x-client-info": "supabase-js/2.109.0", ...options.headers });
  const origin = options.origin === undefined ? siteUrl : options.origin;
  if (origin !== null) headers.set("origin", origin);
  const key = options.key === undefined ? anonKey : options.key;
  if (key !== null) {
    headers.set("apikey", key);
    headers.set("authorization", `Bearer ${key}`);
  }
  const body = options.body === undefined ? null : options.body;
  if (body !== null && !headers.has("content-type")) headers.set("content-type", "application/json");
  return new Request("http://localhost/functions/v1/elevenlabs-auth", { method: options.method ?? "POST", headers, body });
}

export function scenarioBody(scenario: string): string {
  return JSON.stringify({ scenario });
}

export async function errorOf(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: unknown };
  if (typeof body.error !== "string") throw new Error(`expected {"error": string}, got ${JSON.stringify(body)}`);
  return body.error;
}
