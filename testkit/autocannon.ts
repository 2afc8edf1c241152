/** autocannon (HTTP load from Node), typed for what the benches read: it ships no types. */
import { createRequire } from "node:module";

export type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
};

export type AutocannonOptions = {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Seconds. */
  timeout?: number;
};

export const autocannon = createRequire(__filename)("autocannon") as (options: AutocannonOptions) => Promise<AutocannonResult>;

/** "200:1234 429:56": the answers of a run by status. */
export const statusCounts = (result: AutocannonResult) =>
  Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}:${count}`)
    .join(" ");
