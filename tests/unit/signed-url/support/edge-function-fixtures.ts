/**
 * What the Supabase Edge Function's tests share: one PostgreSQL with the project's migration
 * for the file, a fresh fake voice upstream for each test, and the function's environment
 * pointing at both.
 */
import { startPostgres, type PostgresServer } from "@mockingbird/testkit/servers/postgres";
import { startFakeVoiceUpstream, type FakeVoiceUpstream } from "@mockingbird/testkit/fakes/voice-upstream";
import { anonKey, elevenLabsEnv, siteUrl } from "./signed-url-requests";

export type EdgeFunctionFixture = {
  readonly database: PostgresServer;
  readonly upstream: FakeVoiceUpstream;
  /** Stops what a test started (a function, a service) after it, before the upstream closes. */
  stopAfterTest(stop: () => Promise<void>): void;
  /** The function's environment against this file's database and this test's upstream. */
  env(overrides?: Record<string, string>): Record<string, string>;
};

export function installEdgeFunctionFixture(): EdgeFunctionFixture {
  let database: PostgresServer | undefined;
  let upstream: FakeVoiceUpstream | undefined;
  const stops: (() => Promise<void>)[] = [];
  const fixture: EdgeFunctionFixture = {
    get database() {
      if (!database) throw new Error("the database starts in beforeAll");
      return database;
    },
    get upstream() {
      if (!upstream) throw new Error("the upstream starts in beforeEach");
      return upstream;
    },
    stopAfterTest: (stop) => void stops.push(stop),
    env: (overrides = {}) => ({
      ...elevenLabsEnv(fixture.upstream.baseUrl),
      NEXT_PUBLIC_SITE_URL: siteUrl,
      SUPABASE_ANON_KEY: anonKey,
      SUPABASE_DB_URL: fixture.database.url,
      TRUST_PROXY_HEADER: "x-forwarded-for",
      ...overrides,
    }),
  };

  beforeAll(async () => {
    database = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await database?.stop();
  });
  beforeEach(async () => {
    upstream = await startFakeVoiceUpstream();
  });
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
    await upstream?.close();
  });
  return fixture;
}
