/**
 * `npm run bench -- export-call`: the static export's demo call, Start Call -> 'Connected', as a
 * CDN visitor gets it: out/ served by Cloudflare's local Pages runtime (wrangler), the signed
 * URL from supabase/functions/elevenlabs-auth under Deno with its limits in PostgreSQL, the
 * call with the local voice agent, in Debian's Chromium with a fake microphone. p50/p95 over
 * 20 calls (--calls=<n>), each on a fresh page and cache, the lazy call chunk included.
 * Needs the export built for these parts: `npm test -- export` (it records their ports).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { timeCall } from "@mockingbird/testkit/browser/call-timing";
import { chromiumArgs, chromiumPath } from "@mockingbird/testkit/browser/chromium";
import { numberOption } from "@mockingbird/testkit/cli-options";
import { agentKey, agentOrigin, cdnOrigin, functionOrigin } from "@mockingbird/testkit/export-suite/endpoints";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { waitForHttp, waitForPort } from "@mockingbird/testkit/ports";
import { serveWithWrangler } from "@mockingbird/testkit/servers/wrangler";
import { percentile } from "@mockingbird/testkit/stats";
import { metaPolicyOf } from "../build/export-cdn-config";

const calls = numberOption("calls", 20);

function cannotRun(message: string): never {
  console.error(`export call benchmark: ${message}`);
  process.exit(2);
}

function child(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
}

async function main() {
  if (!existsSync("out/index.html")) cannotRun("no static export in out/: run `npm test -- export` first.");
  if (!metaPolicyOf(readFileSync("out/index.html", "utf8"))?.includes(functionOrigin)) {
    cannotRun(`out/ was not built for the function at ${functionOrigin}: run \`npm test -- export\` (it records the ports it builds for).`);
  }
  const figures = startFigures("export-call");
  const children: ChildProcess[] = [];
  let site: Awaited<ReturnType<typeof serveWithWrangler>> | undefined;
  let browser: Browser | undefined;
  try {
    const agent = child(process.execPath, ["--import", "tsx", "agent/src/main.ts"], { AGENT_HOST: "127.0.0.1", AGENT_PORT: new URL(agentOrigin).port, LOCAL_AGENT_API_KEY: agentKey, LOG_LEVEL: "warn" });
    children.push(agent);
    const supabase = child(process.execPath, ["--import", "tsx", "testkit/export-suite/function-server.ts"], {});
    children.push(supabase);
    await waitForHttp(`${agentOrigin}/health`, 60_000, { child: agent, name: "the local agent" });
    await waitForPort(Number(new URL(functionOrigin).port), { child: supabase, name: "the Edge Function" });
    site = await serveWithWrangler("out", Number(new URL(cdnOrigin).port));
    browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"] });

    console.log(`Start Call -> 'Connected' on the static export: ${cdnOrigin} (wrangler) -> ${functionOrigin} (Deno + PostgreSQL) -> ${agentOrigin} (local agent)`);
    console.log(`${calls} calls, fresh page and cache each, lazy chunk included`);
    const times: number[] = [];
    for (let call = 0; call < calls; call++) times.push(await timeCall(browser, cdnOrigin));
    const [p50, p95, min, max] = [percentile(times, 50), percentile(times, 95), Math.min(...times), Math.max(...times)].map((value) => Number(value.toFixed(0)));
    console.log(`  p50 ${p50} ms  p95 ${p95} ms  min ${min} ms  max ${max} ms`);
    figures.record({
      tables: [
        {
          id: "connect",
          title: `Start Call -> 'Connected' on the static export: wrangler -> the Edge Function (Deno + PostgreSQL) -> the local agent; ${calls} calls, fresh page and cache each, lazy chunk included`,
          columns: ["calls", "p50 ms", "p95 ms", "min ms", "max ms"],
          rows: [[calls, p50!, p95!, min!, max!]],
        },
      ],
      headlines: [{ figure: "the static export's demo call, Start Call -> 'Connected' (wrangler, the Edge Function under Deno with PostgreSQL, the local agent)", value: `p50 ${p50} ms, p95 ${p95} ms` }],
    });
  } finally {
    await browser?.close();
    site?.stop();
    for (const process of children) if (process.exitCode === null) process.kill("SIGTERM");
    await Promise.all(children.map((process) => (process.exitCode === null ? new Promise((resolve) => process.once("exit", resolve)) : undefined)));
  }
}

main().catch((error: unknown) => {
  console.error(`export call benchmark: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
