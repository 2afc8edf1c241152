/** @jest-environment node */
import postgres from "postgres";
import { startEdgeFunction, type EdgeFunction } from "@mockingbird/testkit/servers/edge-function";
import { startPostgres } from "@mockingbird/testkit/servers/postgres";
import { signedUrlMessages } from "@/lib/signed-url/messages";
import { installEdgeFunctionFixture } from "./support/edge-function-fixtures";
import { anonKey, siteUrl } from "./support/signed-url-requests";

/**
 * The function as Supabase runs it: index.ts under Deno (npm `deno`), its limits in a
 * real PostgreSQL with the project's migration applied.
 */
const fixture = installEdgeFunctionFixture();

beforeEach(async () => {
  const sql = postgres(fixture.database.url, { max: 1, onnotice: () => undefined });
  await sql`truncate signed_url_limits.counters`;
  await sql.end();
});

async function deployed(overrides: Record<string, string> = {}): Promise<EdgeFunction> {
  const edgeFunction = await startEdgeFunction(fixture.env(overrides));
  fixture.stopAfterTest(() => edgeFunction.stop());
  return edgeFunction;
}

/** A demo-call request as supabase-js sends it from the static site, from one visitor. */
function call(edgeFunction: EdgeFunction, visitor: string): Promise<Response> {
  return fetch(edgeFunction.url, {
    method: "POST",
    headers: {
      origin: siteUrl,
      apikey: anonKey,
      authorization: `Bearer ${anonKey}`,
      "content-type": "application/json",
      "x-forwarded-for": visitor,
    },
    body: JSON.stringify({ scenario: "it-helpdesk-mfa-reset" }),
  });
}

const statusOf = async (response: Promise<Response>) => {
  const answered = await response;
  await answered.body?.cancel();
  return answered.status;
};

describe("the Edge Function under Deno, with its limits in Postgres", () => {
  it("holds one per-visitor limit across two function instances", async () => {
    const [first, second] = await Promise.all([deployed({ SIGNED_URL_LIMIT_PER_MINUTE: "3" }), deployed({ SIGNED_URL_LIMIT_PER_MINUTE: "3" })]);

    const statuses = [];
    for (const instance of [first, second, first, second, first]) statuses.push(await statusOf(call(instance, "203.0.113.7")));
    const otherVisitor = await statusOf(call(second, "198.51.100.20"));

    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(otherVisitor).toBe(200);
  }, 60_000);

  it("holds one daily cap across two function instances, even when they are called at once", async () => {
    const [first, second] = await Promise.all([deployed({ SIGNED_URL_DAILY_CAP: "7" }), deployed({ SIGNED_URL_DAILY_CAP: "7" })]);

    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, index) => statusOf(call(index % 2 === 0 ? first : second, `192.0.2.${index + 1}`))),
    );

    expect(statuses.filter((status) => status === 200)).toHaveLength(7);
    expect(statuses.filter((status) => status !== 200)).toEqual(Array(17).fill(503));
    expect(fixture.upstream.received).toHaveLength(7);
  }, 60_000);

  it("gives every slot back when the upstream fails, so failed calls never lock a visitor out", async () => {
    const edgeFunction = await deployed({ SIGNED_URL_LIMIT_PER_MINUTE: "2", SIGNED_URL_LIMIT_PER_DAY: "2", SIGNED_URL_DAILY_CAP: "2" });

    fixture.upstream.behave({ kind: "status", status: 500, body: "{}" });
    const failed = [];
    for (let attempt = 0; attempt < 6; attempt++) failed.push(await statusOf(call(edgeFunction, "203.0.113.7")));
    fixture.upstream.behave({ kind: "signed-url" });
    const recovered = await statusOf(call(edgeFunction, "203.0.113.7"));

    expect(failed).toEqual(Array(6).fill(502));
    expect(recovered).toBe(200);
  }, 60_000);

  it("fails closed with a clear message when the database is down, and logs one line without a stack trace", async () => {
    const doomed = await startPostgres();
    const edgeFunction = await deployed({ SUPABASE_DB_URL: doomed.url });
    expect(await statusOf(call(edgeFunction, "203.0.113.7"))).toBe(200);

    await doomed.stop();
    const response = await call(edgeFunction, "203.0.113.7");

    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("access-control-allow-origin")).toBe(siteUrl);
    expect(await response.json()).toEqual({ error: signedUrlMessages.limiterUnavailable });
    expect(fixture.upstream.received).toHaveLength(1);
    expect(edgeFunction.log()).toContain("[signed-url] limiter-failed: Postgres unreachable (ECONNREFUSED)");
    expect(edgeFunction.log()).not.toMatch(/\n\s+at /);
  }, 60_000);

  it("tells the operator to apply the migration when the database lacks it, and refuses the call", async () => {
    const bare = await startPostgres({ migrations: false });
    try {
      const edgeFunction = await deployed({ SUPABASE_DB_URL: bare.url });

      const response = await call(edgeFunction, "203.0.113.7");

      expect(response.status).toBe(503);
      expect(edgeFunction.log()).toMatch(/no signed_url_limits functions \(SQLSTATE 3F000\): apply supabase\/migrations/);
    } finally {
      await bare.stop();
    }
  }, 60_000);

  it("deletes counters that ended while it was down as it starts, with no call (no pg_cron: its own prune timer)", async () => {
    const sql = postgres(fixture.database.url, { max: 1, onnotice: () => undefined });
    try {
      await sql`
        insert into signed_url_limits.counters (key, used, window_ends_at)
        values ('day:ipv4:203.0.113.7', 3, now() - interval '1 minute'), ('day:ipv4:198.51.100.20', 1, now() + interval '1 hour')`;

      await deployed();
      const left = async () => (await sql<{ key: string }[]>`select key from signed_url_limits.counters`).map((row) => row.key);
      const deadline = Date.now() + 10_000;
      while ((await left()).length > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

      expect(await left()).toEqual(["day:ipv4:198.51.100.20"]);
    } finally {
      await sql.end();
    }
  }, 60_000);

  it("answers every call with the JSON 'not configured' error when its configuration is invalid, naming the variable in the log", async () => {
    const edgeFunction = await deployed({ SUPABASE_DB_URL: "mysql://nope" });

    const response = await call(edgeFunction, "203.0.113.7");

    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: signedUrlMessages.notConfigured });
    expect(edgeFunction.log()).toContain("SUPABASE_DB_URL: must be a postgres:// or postgresql:// URL");
    expect(edgeFunction.log()).not.toContain("mysql://nope");
  }, 60_000);
});
