import { spawn } from "node:child_process";
import fs from "node:fs";
import { freePort, waitForPort } from "../ports";
import { ownedProcess } from "./owned-process";

/** A throwaway redis-server on a free loopback port: no persistence, killed by `stop`. */
export type RedisServer = {
  readonly url: string;
  stop(): Promise<void>;
};

export async function startRedisServer(binary = process.env.REDIS_SERVER_BIN ?? "/usr/bin/redis-server"): Promise<RedisServer> {
  if (!fs.existsSync(binary)) {
    throw new Error(`redis-server not found at ${binary}: install it (apt-get install redis-server) or set REDIS_SERVER_BIN`);
  }
  const port = await freePort();
  const child = spawn(binary, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const { output, stop } = ownedProcess(child);
  await waitForPort(port, { child, timeoutMs: 10_000, name: "redis-server", output }).catch((error: unknown) => {
    child.kill("SIGKILL");
    throw error;
  });
  return { url: `redis://127.0.0.1:${port}`, stop };
}

