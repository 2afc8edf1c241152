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
  /** What the server printed so far, its tail added to either error. */
  output?: () => string;
};

/**
 * Tries `ready` every `everyMs` until it holds. Fails past the timeout, saying the server did not
 * `what`, or at once when its process has exited: a server that died is not waited for.
 */
export async function waitUntil(ready: () => Promise<boolean>, what: string, { timeoutMs = 30_000, child, name = "the server", output }: WaitOptions, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const printed = () => (output?.().trim() ? `: ${output().trim().slice(-2000)}` : "");
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready${printed()}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${name} did not ${what} within ${timeoutMs} ms${printed()}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port. */
export function waitForPort(port: number, { timeoutMs = 60_000, name = `port ${port}`, ...options }: WaitOptions = {}): Promise<void> {
  const open = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
  return waitUntil(open, `listen on port ${port}`, { timeoutMs, name, ...options });
}

/** Resolves once the URL answers with any status below 500. */
export function waitForHttp(url: string, timeoutMs = 30_000, { name = url, ...options }: Omit<WaitOptions, "timeoutMs"> = {}): Promise<void> {
  const answered = async () => {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      return response.status < 500;
    } catch {
      return false; // not listening yet
    }
  };
  return waitUntil(answered, "answer", { timeoutMs, name, ...options }, 200);
}
