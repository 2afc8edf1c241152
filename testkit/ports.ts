/**
 * Loopback ports for the servers tests, benches and build steps start: a free one, and waiting
 * until a server listens on one (TCP) or answers on it (HTTP).
 */
import type { ChildProcess } from "node:child_process";
import { connect, createServer } from "node:net";

/** A port free on 127.0.0.1 a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

type WaitOptions = {
  timeoutMs?: number;
  /** The server's process: its exit ends the wait at once, with its exit code in the error. */
  child?: ChildProcess;
  /** What to call the server in errors. */
  name?: string;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function checkAlive(child: ChildProcess | undefined, name: string): void {
  if (child && (child.exitCode !== null || child.signalCode !== null)) {
    throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it listened`);
  }
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port. */
export async function waitForPort(port: number, { timeoutMs = 60_000, child, name = `port ${port}` }: WaitOptions = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    checkAlive(child, name);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await pause(100);
  }
  throw new Error(`${name} did not listen on port ${port} within ${timeoutMs} ms`);
}

/** Resolves once the URL answers with any status below 500. */
export async function waitForHttp(url: string, timeoutMs = 30_000, { child, name = url }: Omit<WaitOptions, "timeoutMs"> = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    checkAlive(child, name);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await pause(200);
  }
  throw new Error(`${name} did not answer within ${timeoutMs} ms`);
}
