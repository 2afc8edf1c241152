/**
 * Ports for the servers a Playwright run starts, chosen once in the runner's process: the port a
 * variable names (E2E_PORT=3210 ...), which must then be free, or else a free one. The choice is
 * written to process.env, where Playwright's web servers and workers read it (they inherit the
 * runner's environment and load the config again), so every process of a run agrees. A port
 * another program holds fails the run at once, naming the port and the way out: Playwright
 * never starts beside, or reuses, a stranger's server.
 *
 * Synchronous (the config file cannot await): one short Node child listens on each port and
 * reports what it got.
 */
import { execFileSync } from "node:child_process";

/** Ports this run's processes already agreed on (set by the process that chose them). */
const CHOSEN = "E2E_PORTS_CHOSEN";

const probe = `
const net = require("node:net");
const wanted = JSON.parse(process.argv[1]);
Promise.all(wanted.map((port) => new Promise((resolve) => {
  const server = net.createServer();
  server.once("error", () => resolve({ port, free: false, server: null }));
  server.listen({ port, host: "127.0.0.1", exclusive: true }, () => resolve({ port: server.address().port, free: true, server }));
}))).then((results) => {
  process.stdout.write(JSON.stringify(results.map(({ port, free }) => ({ port, free }))));
  for (const { server } of results) server?.close();
});`;

/** Listens on each port (0: any) on 127.0.0.1 at the same time, so free picks are distinct. */
export function probePorts(ports: readonly number[]): { port: number; free: boolean }[] {
  return JSON.parse(execFileSync(process.execPath, ["-e", probe, JSON.stringify(ports)], { encoding: "utf8" })) as { port: number; free: boolean }[];
}

export class PortInUseError extends Error {}

export type PortRequest = {
  /** What the port is for, in the error ("the site under test"). */
  role: string;
  /** A port decided earlier (the one the export was built for), used when the variable is unset. */
  recorded?: number;
  /** What to do when the recorded port is taken. */
  whenRecordedIsTaken?: string;
};

/** One port per variable: explicit, recorded, or free; checked, then shared through process.env. */
export function testPorts<Name extends string>(requests: Record<Name, PortRequest>, env: Record<string, string | undefined> = process.env): Record<Name, number> {
  const names = Object.keys(requests) as Name[];
  const agreed = new Set((env[CHOSEN] ?? "").split(",").filter(Boolean));
  const fixed = (name: Name) => (env[name] ? Number(env[name]) : requests[name].recorded);
  const toProbe = names.filter((name) => !(agreed.has(name) && env[name]));
  const results = toProbe.length > 0 ? probePorts(toProbe.map((name) => fixed(name) ?? 0)) : [];

  const problems: string[] = [];
  toProbe.forEach((name, index) => {
    const result = results[index]!;
    if (!result.free) {
      const fromVariable = Boolean(env[name]);
      const remedy = fromVariable
        ? `stop that program, or unset ${name} to let the tests pick a free port`
        : (requests[name].whenRecordedIsTaken ?? `stop that program, or set ${name} to a free port`);
      problems.push(`port ${result.port} on 127.0.0.1 (${name}, ${requests[name].role}) is already in use by another program: ${remedy}.`);
    }
    env[name] = String(result.port);
  });
  if (problems.length > 0) throw new PortInUseError(problems.join("\n"));
  env[CHOSEN] = [...new Set([...agreed, ...names])].join(",");
  return Object.fromEntries(names.map((name) => [name, Number(env[name])])) as Record<Name, number>;
}
