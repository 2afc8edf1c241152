/**
 * What the signed-URL benches share: the demo-call request as the widget sends it, the limits
 * as environment, a fake voice upstream in its own process, load from many visitors with a
 * bounded number in flight, the checks every answer must pass, and the run itself (clean-up on
 * any exit, figures recorded, exit 1 when a check breaks, 2 when it cannot run). Each bench
 * (route.ts, abuse.ts, supabase.ts) is a scenario on it.
 */
import { Agent, request as httpRequest } from "node:http";
import { signedUrlMessages } from "../../../lib/signed-url/messages";
import { benchUpstreamKey, spawnFakeVoiceUpstream, type FakeVoiceUpstreamProcess } from "@mockingbird/testkit/fakes/voice-upstream";
import { loadAverage, type FigureTable, type Headline } from "@mockingbird/testkit/figures/figures";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { percentile } from "@mockingbird/testkit/stats";

export type Limits = { readonly perMinute: number; readonly perDay: number; readonly perNetworkPerDay: number; readonly dailyCap: number };

/** The defaults a deployment gets (lib/config/server-env.ts). */
export const productionLimits: Limits = { perMinute: 5, perDay: 10, perNetworkPerDay: 40, dailyCap: 500 };

export function limitsEnv(limits: Limits): Record<string, string> {
  return {
    SIGNED_URL_LIMIT_PER_MINUTE: String(limits.perMinute),
    SIGNED_URL_LIMIT_PER_DAY: String(limits.perDay),
    SIGNED_URL_LIMIT_PER_NETWORK_PER_DAY: String(limits.perNetworkPerDay),
    SIGNED_URL_DAILY_CAP: String(limits.dailyCap),
  };
}

export const describeLimits = (limits: Limits) =>
  `${limits.perMinute}/min and ${limits.perDay}/day per visitor, ${limits.perNetworkPerDay}/day per /24, daily cap ${limits.dailyCap}`;

export type Target = {
  /** The endpoint: a site's /functions/v1/elevenlabs-auth or an Edge Function's URL. */
  readonly url: string;
  readonly origin: string;
  readonly anonKey: string;
};

/** A demo-call request as `supabase.functions.invoke('elevenlabs-auth', { body: { scenario } })` sends it. */
export function demoCall(target: Pick<Target, "origin" | "anonKey">): { headers: Record<string, string>; body: string } {
  return {
    headers: {
      origin: target.origin,
      apikey: target.anonKey,
      authorization: `Bearer ${target.anonKey}`,
      "x-client-info": "supabase-js/bench",
      "content-type": "application/json",
    },
    body: JSON.stringify({ scenario: "it-helpdesk-mfa-reset" }),
  };
}

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

export type Load = {
  readonly requests: number;
  readonly concurrency: number;
  /** Which visitor sends request `index`. */
  readonly visitorOf: (index: number) => number;
  /** Where request `index` goes (several function instances: round robin). */
  readonly targetOf: (index: number) => Target;
  /** Per request: the socket's local address (127.x.y.z) and extra headers (e.g. X-Forwarded-For). */
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
  const call = demoCall(target);
  const headers = { ...call.headers, "content-length": String(Buffer.byteLength(call.body)), ...extra };
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
    request.end(call.body);
  });
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

export const issuedBy = (sent: readonly Sent[]) => sent.filter((answer) => answer.status === 200).length;
export const ms = (value: number) => Number(value.toFixed(1));
export const p50 = (sent: readonly Sent[]) => ms(percentile(sent.map((answer) => answer.ms), 50));
export const p99 = (sent: readonly Sent[]) => ms(percentile(sent.map((answer) => answer.ms), 99));

/** "295 x 429, 5 x 502", or "none". */
export function refusals(sent: readonly Sent[]): string {
  const refused = new Map<number, number>();
  for (const answer of sent) if (answer.status !== 200) refused.set(answer.status, (refused.get(answer.status) ?? 0) + 1);
  return [...refused.entries()].map(([status, count]) => `${count} x ${status}`).join(", ") || "none";
}

/** Answers by status with their latency, printed. */
export function printStatuses(sent: readonly Sent[], seconds: number): void {
  console.log(`${sent.length} requests in ${seconds.toFixed(1)} s: ${Math.round(sent.length / seconds)} req/s`);
  console.table(
    [...groupBy(sent, (answer) => answer.status).entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => ({ status: status === 0 ? "no answer" : status, count: list.length, "p50 ms": p50(list), "p99 ms": p99(list) })),
  );
}

/** Most answers one visitor got within any 60 s. */
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

/** One run of a signed-URL bench, handed to its scenario. */
export type Run = {
  /** Correctness rules that broke; the run exits 1 if any did. */
  readonly failures: string[];
  readonly tables: FigureTable[];
  readonly notes: string[];
  readonly headlines: Headline[];
  /** Called, last first, when the run ends however it ends. */
  atEnd(step: () => Promise<void> | void): void;
  /** The fake voice upstream in its own process, stopped at the end. */
  upstream(): Promise<FakeVoiceUpstreamProcess>;
};

export type Cell = string | number;
export type PhaseResult = { readonly sent: Sent[]; readonly seconds: number; readonly row: Cell[] };
export type PhaseCheck = {
  /** Statuses the phase may answer (checkAnswers). */
  readonly allowed?: readonly number[];
  /** What the phase must show, or undefined when it holds. */
  readonly expect?: (sent: readonly Sent[]) => string | undefined;
};

/**
 * A table of phases: each phase sends its load, checks its answers, and adds a row of its
 * label cells, then requests, signed URLs, refusals, p50 and p99 (more cells may be pushed on
 * the row it returns, for `extraColumns`).
 */
export function phaseTable(run: Run, table: { id: string; title: string; labels: readonly string[]; extraColumns?: readonly string[] }) {
  const rows: Cell[][] = [];
  const columns = [...table.labels, "requests", "signed URLs", "refused", "p50 ms", "p99 ms", ...(table.extraColumns ?? [])];
  run.tables.push({ id: table.id, title: table.title, columns, rows });
  return {
    async phase(label: readonly string[], load: Load, check: PhaseCheck = {}): Promise<PhaseResult> {
      const { sent, seconds } = await sendLoad(load);
      const name = label.at(-1) ?? "";
      if (check.allowed) run.failures.push(...checkAnswers(sent, check.allowed).map((failure) => `${name}: ${failure}`));
      const broken = check.expect?.(sent);
      if (broken) run.failures.push(`${name}: ${broken}`);
      const row: Cell[] = [...label, sent.length, issuedBy(sent), refusals(sent), p50(sent), p99(sent)];
      rows.push(row);
      return { sent, seconds, row };
    },
    print(): void {
      console.table(rows.map((row) => Object.fromEntries(columns.map((column, index) => [column, row[index]]))));
    },
  };
}

/**
 * Runs a scenario: `passed` (if any) is printed when every check held. Exit 1 when one broke (the
 * figures are recorded either way, with the failures), 2 when the scenario could not run.
 */
export function runSignedUrlBench(name: string, passed: string | undefined, scenario: (run: Run) => Promise<void>): void {
  const figures = startFigures(name);
  // Other work on the machine skews every figure; the load average says how much.
  console.log(`load average before: ${loadAverage().join(" ")}`);
  const ends: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    for (const step of ends.splice(0).reverse()) await step();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void cleanUp().then(() => process.exit(130)));
  const run: Run = {
    failures: [],
    tables: [],
    notes: [],
    headlines: [],
    atEnd: (step) => void ends.push(step),
    upstream: async () => {
      const upstream = await spawnFakeVoiceUpstream({ apiKey: benchUpstreamKey });
      ends.push(() => upstream.stop());
      return upstream;
    },
  };
  scenario(run)
    .then(async () => {
      console.log(`load average after: ${loadAverage().join(" ")}`);
      await cleanUp();
      figures.record({ tables: run.tables, notes: run.notes, headlines: run.headlines, failures: run.failures });
      if (run.failures.length > 0) {
        console.error(`\nFAILED:\n- ${run.failures.join("\n- ")}`);
        process.exitCode = 1;
      } else if (passed) console.log(`\nall checks passed: ${passed}`);
    })
    .catch(async (error: unknown) => {
      console.error(`${name} could not run: ${error instanceof Error ? error.message : String(error)}`);
      await cleanUp();
      process.exit(2);
    });
}
