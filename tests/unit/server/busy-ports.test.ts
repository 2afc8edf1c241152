/** @jest-environment node */
/**
 * A port another program holds is named, with the way to choose another: `npm start` (for the
 * site's $PORT and the agent's AGENT_PORT), the site's server and the agent started alone, and
 * the Playwright runs' port choice.
 */
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { canListen, nextFreePort, portInUseMessage } from "@mockingbird/contract/ports";
import { PortInUseError, probePorts, testPorts } from "@mockingbird/testkit/test-ports";

const root = path.resolve(__dirname, "../../..");

/** Another program's server, on a free port of `host`. */
async function holdPort(host = "127.0.0.1"): Promise<{ port: number; release(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  return { port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Runs a command to its end (at most `timeoutMs`): its exit code and everything it printed. */
function run(command: string, args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} ${args.join(" ")} still running after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

let held: Awaited<ReturnType<typeof holdPort>>;
beforeEach(async () => {
  held = await holdPort();
});
afterEach(async () => {
  await held.release();
});

describe("a busy port, explained", () => {
  it("is told from a free one", async () => {
    expect(await canListen(held.port, "127.0.0.1")).toBe(false);
    const free = await nextFreePort(held.port, "127.0.0.1");
    expect(free).not.toBeNull();
    expect(await canListen(free!, "127.0.0.1")).toBe(true);
  });

  it("names the port, its setting and a command on a free one", () => {
    const message = portInUseMessage({ who: "npm start", port: 3000, host: "0.0.0.0", setting: "PORT", restart: (free) => `PORT=${free} npm start` }, 3002);
    expect(message).toBe("npm start: port 3000 on 0.0.0.0 (PORT) is already in use by another program. Stop that program, or choose another port (3002 is free now): PORT=3002 npm start.");
  });
});

describe("npm start on a busy port", () => {
  it("says which $PORT is taken and how to start on another, before building anything", async () => {
    const { code, output } = await run("bash", ["scripts/start.sh"], { PORT: String(held.port), AGENT_PORT: "0", ELEVENLABS_API_KEY: "" });
    expect(code).toBe(1);
    expect(output).toMatch(new RegExp(`npm start: port ${held.port} on 0\\.0\\.0\\.0 \\(PORT\\) is already in use by another program\\. Stop that program, or choose another port \\((\\d+) is free now\\): PORT=\\1 npm start\\.`));
    expect(output).not.toMatch(/next build|Creating an optimized production build/);
  });

  it("says which AGENT_PORT is taken when the local agent's port is", async () => {
    const site = probePorts([0])[0]!.port;
    const { code, output } = await run("bash", ["scripts/start.sh"], { PORT: String(site), AGENT_PORT: String(held.port), ELEVENLABS_API_KEY: "" });
    expect(code).toBe(1);
    expect(output).toMatch(new RegExp(`npm start: port ${held.port} on 127\\.0\\.0\\.1 \\(AGENT_PORT\\) is already in use by another program\\. Stop that program, or choose another port \\((\\d+) is free now\\): AGENT_PORT=\\1 npm start\\.`));
    expect(output).not.toContain("(PORT)");
  });
});

describe("the servers started alone on a busy port", () => {
  it("the site's server names the port and how to choose another", async () => {
    const { code, output } = await run(process.execPath, ["--import", "tsx", "server/site-server.ts", "--hostname", "127.0.0.1", "--port", String(held.port)], {});
    expect(code).toBe(1);
    expect(output).toMatch(new RegExp(`\\[site\\]: port ${held.port} on 127\\.0\\.0\\.1 \\(PORT\\) is already in use by another program\\. Stop that program, or choose another port \\((\\d+) is free now\\): PORT=\\1 npm start, or --port \\1\\.`));
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("the local agent names the port and how to choose another", async () => {
    const { code, output } = await run(process.execPath, ["--import", "tsx", "agent/src/main.ts"], { AGENT_HOST: "127.0.0.1", AGENT_PORT: String(held.port), LOG_LEVEL: "info" });
    expect(code).toBe(1);
    expect(output).toMatch(new RegExp(`agent: port ${held.port} on 127\\.0\\.0\\.1 \\(AGENT_PORT\\) is already in use by another program\\. Stop that program, or choose another port \\((\\d+) is free now\\): AGENT_PORT=\\1, or AGENT_PORT=0 for any free port\\.`));
    expect(output).not.toContain("agent listening");
  });
});

describe("the ports of a Playwright run", () => {
  it("are free ports, distinct, shared with the run's other processes through the environment", () => {
    const env: Record<string, string | undefined> = {};
    const ports = testPorts({ A_PORT: { role: "a" }, B_PORT: { role: "b" } }, env);
    expect(ports.A_PORT).not.toBe(ports.B_PORT);
    expect(env).toMatchObject({ A_PORT: String(ports.A_PORT), B_PORT: String(ports.B_PORT) });
    // A worker loads the config again with the runner's environment: the same ports, even now that they are in use.
    const heldEnv = { ...env, A_PORT: String(held.port) };
    expect(testPorts({ A_PORT: { role: "a" }, B_PORT: { role: "b" } }, heldEnv)).toEqual({ A_PORT: held.port, B_PORT: ports.B_PORT });
  });

  it("stop at once when a port set by a variable is taken, naming it and the way out", () => {
    expect(() => testPorts({ E2E_PORT: { role: "the site under test" } }, { E2E_PORT: String(held.port) })).toThrow(
      new PortInUseError(`port ${held.port} on 127.0.0.1 (E2E_PORT, the site under test) is already in use by another program: stop that program, or unset E2E_PORT to let the tests pick a free port.`),
    );
  });

  it("stop at once when a recorded port is taken, with the recorded port's remedy", () => {
    const request = { role: "the Edge Function", recorded: held.port, whenRecordedIsTaken: "rebuild the export for free ports" };
    expect(() => testPorts({ E2E_FUNCTION_PORT: request }, {})).toThrow(`port ${held.port} on 127.0.0.1 (E2E_FUNCTION_PORT, the Edge Function) is already in use by another program: rebuild the export for free ports.`);
  });
});
