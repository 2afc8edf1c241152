/**
 * The load both signed-URL abuse benches send: well-formed demo-call requests (allowed
 * Origin, anon key, a scenario) from many visitors, a bounded number in flight, and the
 * figures and checks they share.
 */
import { Agent, request as httpRequest } from "node:http";
import os from "node:os";
import { signedUrlMessages } from "../../lib/signed-url/messages";

export type Sent = {
  readonly visitor: number;
  readonly status: number;
  readonly ms: number;
  /** When the answer arrived (performance.now()). */
  readonly at: number;
  readonly retryAfter: string | undefined;
  readonly body: string;
  readonly error: string | undefined;
};

export type Target = {
  /** The endpoint: a site's /functions/v1/elevenlabs-auth or an Edge Function's URL. */
  readonly url: string;
  readonly origin: string;
  readonly anonKey: string;
};

export type Load = {
  readonly requests: number;
  readonly concurrency: number;
  /** Which visitor sends request `index`. */
  readonly visitorOf: (index: number) => number;
  /** Where request `index` goes (several function instances: round robin). */
  readonly targetOf: (index: number) => Target;
  /** Per request: the socket's local address (127.0.0.x) and extra headers (e.g. X-Forwarded-For). */
  readonly from: (visitor: number, index: number) => { readonly localAddress?: string; readonly headers?: Record<string, string> };
};

export async function sendLoad(load: Load): Promise<{ readonly sent: Sent[]; readonly seconds: number }> {
  const agents = new Map<string, Agent>();
  const agentFor = (localAddress: string | undefined) => {
    const key = localAddress ?? "";
    let agent = agents.get(key);
    if (!agent) {
      agent = new Agent({ keepAlive: true, maxSockets: load.concurrency, localAddress });
      agents.set(key, agent);
    }
    return agent;
  };
  const sent: Sent[] = new Array(load.requests);
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: load.concurrency }, async () => {
      for (;;) {
        const index = next;
        next += 1;
        if (index >= load.requests) return;
        const visitor = load.visitorOf(index);
        const { localAddress, headers } = load.from(visitor, index);
        const sentAt = performance.now();
        try {
          const answer = await post(agentFor(localAddress), load.targetOf(index), headers ?? {});
          sent[index] = { visitor, ...answer, ms: performance.now() - sentAt, at: performance.now(), error: undefined };
        } catch (error) {
          const at = performance.now();
          sent[index] = { visitor, status: 0, ms: at - sentAt, at, retryAfter: undefined, body: "", error: error instanceof Error ? error.message : String(error) };
        }
      }
    }),
  );
  for (const agent of agents.values()) agent.destroy();
  return { sent, seconds: (performance.now() - startedAt) / 1000 };
}

function post(agent: Agent, target: Target, extra: Record<string, string>): Promise<{ status: number; retryAfter: string | undefined; body: string }> {
  const body = JSON.stringify({ scenario: "it-helpdesk-mfa-reset" });
  const headers = {
    origin: target.origin,
    apikey: target.anonKey,
    authorization: `Bearer ${target.anonKey}`,
    "x-client-info": "supabase-js/abuse-bench",
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    ...extra,
  };
  return new Promise((resolve, reject) => {
    const request = httpRequest(target.url, { method: "POST", agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const retryAfter = response.headers["retry-after"];
        resolve({ status: response.statusCode ?? 0, retryAfter: typeof retryAfter === "string" ? retryAfter : undefined, body: Buffer.concat(chunks).toString("utf8") });
      });
      response.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error("no answer within 30 s")));
    request.on("error", reject);
    request.end(body);
  });
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Status counts with latency, as a console.table. */
export function printStatuses(sent: readonly Sent[], seconds: number): void {
  console.log(`${sent.length} requests in ${seconds.toFixed(1)} s: ${Math.round(sent.length / seconds)} req/s`);
  console.table(
    [...groupBy(sent, (answer) => answer.status).entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => ({
        status: status === 0 ? "no answer" : status,
        count: list.length,
        "p50 ms": Number(percentile(list.map((answer) => answer.ms), 50).toFixed(1)),
        "p99 ms": Number(percentile(list.map((answer) => answer.ms), 99).toFixed(1)),
      })),
  );
}

/** Most answers with `status` one visitor got within any 60 s. */
export function mostWithinAMinute(answers: readonly Sent[]): number {
  const times = answers.map((answer) => answer.at).sort((a, b) => a - b);
  let most = 0;
  for (let end = 0, start = 0; end < times.length; end += 1) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= 60_000) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

const documented: Record<number, readonly string[]> = {
  200: [],
  429: [signedUrlMessages.tooManyPerMinute, signedUrlMessages.tooManyPerDay, signedUrlMessages.tooManyFromNetwork],
  502: [signedUrlMessages.upstreamUnavailable],
  503: [signedUrlMessages.dailyCapSpent],
};

/** Failures: statuses outside `allowed`, undocumented bodies, refusals without Retry-After, requests without an answer. */
export function checkAnswers(sent: readonly Sent[], allowed: readonly number[]): string[] {
  const failures: string[] = [];
  for (const [status, list] of groupBy(sent, (answer) => answer.status)) {
    if (status === 0) {
      failures.push(`${list.length} requests got no answer (${list[0]?.error})`);
      continue;
    }
    if (!allowed.includes(status)) failures.push(`${list.length} answers with status ${status}: ${list[0]?.body.slice(0, 120)}`);
    const messages = documented[status];
    if (messages && status !== 200) {
      const wrong = list.filter((answer) => !messages.includes(errorOf(answer.body)));
      if (wrong.length > 0) failures.push(`${wrong.length} ${status} answers with an undocumented body: ${wrong[0]?.body.slice(0, 120)}`);
    }
    if (status === 200) {
      const noUrl = list.filter((answer) => !/^\{"signedUrl":"wss?:\/\//.test(answer.body));
      if (noUrl.length > 0) failures.push(`${noUrl.length} 200 answers without a signed URL`);
    }
    if (status === 429 || status === 503) {
      const missing = list.filter((answer) => !/^[1-9]\d*$/.test(answer.retryAfter ?? "")).length;
      if (missing > 0) failures.push(`${missing} ${status} answers without a valid Retry-After`);
    }
  }
  return failures;
}

function errorOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === "string" ? parsed.error : "";
  } catch {
    return "";
  }
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
