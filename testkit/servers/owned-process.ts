import type { ChildProcess } from "node:child_process";

/**
 * A server's process as the testkit's servers keep it: the tail of what it prints on the streams
 * it pipes, and a stop (`signal`, SIGTERM by default) that resolves once it has exited.
 */
export function ownedProcess(child: ChildProcess, { signal = "SIGTERM", keep = 20_000 }: { signal?: NodeJS.Signals; keep?: number } = {}) {
  let output = "";
  const collect = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-keep));
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (running()) child.kill(signal);
    await exited;
  };
  return { output: () => output, running, stop };
}
