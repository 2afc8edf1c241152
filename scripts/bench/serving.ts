/**
 * `npm run bench -- serving`: the same pages served by `next start` and by nginx
 * from the static export (`out/`), on this machine, in one run.
 *
 * For Home (/) and one article (/blog/byod-vishing-problem): requests/s and latency with
 * autocannon (50 connections, 2 s uncounted warm-up, then 10 s per target), every request
 * with `Accept-Encoding: gzip` so both servers send the same compressed pages, then the
 * ratio nginx/next.
 *
 * Needs the production build (`.next/`, `npm run build`) and the static export (`out/`,
 * `npm run build:export`), and nginx (scripts/setup/ensure-quality-deps.sh installs it), which
 * serves out/ as testkit/servers/nginx.ts sets it up: nothing system-wide is touched.
 *
 * Prints figures. Exits 1 only when a correctness rule breaks (a server does not answer
 * 200 for a page, or answers an error under load); 2 when it cannot run (missing build,
 * no nginx). Never on a timing figure.
 *
 * Options: --duration=<s> (10) --warm-up=<s> (2) --connections=<n> (50)
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { autocannon } from "@mockingbird/testkit/autocannon";
import { numberOption } from "@mockingbird/testkit/cli-options";
import { loadAverage } from "@mockingbird/testkit/figures/figures";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { startProductionServer } from "@mockingbird/testkit/servers/next-start";
import { findNginx, serveStatic } from "@mockingbird/testkit/servers/nginx";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const paths = ["/", "/blog/byod-vishing-problem"] as const;
const durationSeconds = numberOption("duration", 10);
const warmUpSeconds = numberOption("warm-up", 2);
const connections = numberOption("connections", 50);

const stops: (() => void)[] = [];
function cleanUp(): void {
  for (const stop of stops.splice(0).reverse()) stop();
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

function cannotRun(message: string): never {
  console.error(`serving benchmark: ${message}`);
  process.exit(2);
}

const figures = startFigures("serving");
const failures: string[] = [];
type Probe = { status: number; encoding: string; wireBytes: number; pageBytes: number };

/** One GET with Accept-Encoding: gzip, body kept as sent. */
function probe(url: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const encoding = String(res.headers["content-encoding"] ?? "identity");
        const page = encoding === "gzip" ? gunzipSync(body) : body;
        resolve({ status: res.statusCode ?? 0, encoding, wireBytes: body.length, pageBytes: page.length });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

type Row = { server: string; path: string; "req/s": number; "p50 ms": number; "p99 ms": number; "max ms": number; "KB/response": number; errors: number; non2xx: number };

async function measure(server: string, origin: string, pagePath: string): Promise<Row> {
  const options = { url: `${origin}${pagePath}`, connections, headers: { "accept-encoding": "gzip" }, timeout: 10 };
  await autocannon({ ...options, duration: warmUpSeconds });
  const result = await autocannon({ ...options, duration: durationSeconds });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => status !== "200")
    .map(([status, { count }]) => `${status}x${count}`);
  if (result.non2xx > 0) failures.push(`${server} ${pagePath}: ${result.non2xx} responses other than 2xx under load (${statuses.join(" ")})`);
  return {
    server,
    path: pagePath,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "max ms": result.latency.max,
    "KB/response": Number((result.throughput.average / Math.max(1, result.requests.average) / 1024).toFixed(1)),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  if (!existsSync(path.join(projectRoot, ".next", "BUILD_ID"))) cannotRun("no production build in .next/: run `npm run build` first.");
  for (const pagePath of paths) {
    const file = pagePath === "/" ? "out/index.html" : `out${pagePath}.html`;
    if (!existsSync(path.join(projectRoot, file))) cannotRun(`${file} is missing: run \`npm run build:export\` first.`);
  }
  const nginxBinary = findNginx() ?? cannotRun("nginx is not installed. Install it with: bash scripts/setup/ensure-quality-deps.sh (as root) or apt-get install -y --no-install-recommends nginx.");
  const nginxVersion = spawnSync(nginxBinary, ["-v"], { encoding: "utf8" }).stderr.trim();

  console.log(`serving benchmark: ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ""}, Node ${process.version}, ${nginxVersion} (worker_processes auto)`);
  console.log(`load: ${connections} connections, ${warmUpSeconds} s uncounted warm-up, then ${durationSeconds} s per target; Accept-Encoding: gzip on every request`);
  console.log(`load average before: ${loadAverage().join(" ")}`);

  const next = await startProductionServer();
  stops.push(next.stop);
  const nginx = await serveStatic(path.join(projectRoot, "out")).catch((error: Error) => cannotRun(error.message));
  stops.push(nginx.stop);
  const servers = [
    { name: "next start", origin: next.origin },
    { name: "nginx (out/)", origin: nginx.origin },
  ];

  // Both servers must serve every page before anything is timed.
  const probes: Record<string, string | number>[] = [];
  for (const pagePath of paths) {
    for (const server of servers) {
      const result = await probe(`${server.origin}${pagePath}`);
      if (result.status !== 200) failures.push(`${server.name} answered ${result.status} for ${pagePath}`);
      probes.push({ server: server.name, path: pagePath, status: result.status, encoding: result.encoding, "bytes sent": result.wireBytes, "page bytes": result.pageBytes });
    }
  }
  console.log("\none request per page, Accept-Encoding: gzip:");
  console.table(probes);
  const encodings = new Set(probes.map((row) => row.encoding));
  if (encodings.size > 1) console.log(`note: the servers compress differently (${[...encodings].join(", ")}): the byte sizes differ accordingly`);
  if (failures.length > 0) return;

  const rows: Row[] = [];
  for (const pagePath of paths) {
    for (const server of servers) {
      process.stdout.write(`measuring ${server.name} ${pagePath} ...\n`);
      rows.push(await measure(server.name, server.origin, pagePath));
    }
  }
  console.log("");
  console.table(rows);
  const ratios: string[] = [];
  for (const pagePath of paths) {
    const [viaNext, viaNginx] = [rows.find((row) => row.path === pagePath && row.server === "next start"), rows.find((row) => row.path === pagePath && row.server === "nginx (out/)")];
    if (!viaNext || !viaNginx) continue;
    ratios.push(
      `${pagePath}: nginx/next req/s ${(viaNginx["req/s"] / Math.max(1, viaNext["req/s"])).toFixed(1)}x ` +
        `(${viaNginx["req/s"]} vs ${viaNext["req/s"]}); p99 ${viaNginx["p99 ms"]} ms vs ${viaNext["p99 ms"]} ms ` +
        `(nginx/next ${(viaNginx["p99 ms"] / Math.max(1, viaNext["p99 ms"])).toFixed(2)}x)`,
    );
  }
  for (const ratio of ratios) console.log(ratio);
  console.log(`load average after: ${loadAverage().join(" ")}`);
  const home = (server: string) => rows.find((row) => row.path === "/" && row.server === server);
  const [homeNext, homeNginx] = [home("next start"), home("nginx (out/)")];
  figures.record({
    tables: [
      {
        id: "pages",
        title: "One request per page, `Accept-Encoding: gzip`",
        columns: ["server", "path", "status", "encoding", "bytes sent", "page bytes"],
        rows: probes.map((probe) => [probe.server!, `\`${probe.path}\``, probe.status!, probe.encoding!, probe["bytes sent"]!, probe["page bytes"]!]),
      },
      {
        id: "load",
        title: `${connections} connections for ${durationSeconds} s after ${warmUpSeconds} s of uncounted warm-up, \`Accept-Encoding: gzip\` (${nginxVersion}, \`worker_processes auto\`)`,
        columns: ["server", "path", "req/s", "p50 ms", "p99 ms", "max ms", "KB/response", "errors", "non-2xx"],
        rows: rows.map((row) => [row.server, `\`${row.path}\``, row["req/s"], row["p50 ms"], row["p99 ms"], row["max ms"], row["KB/response"], row.errors, row.non2xx]),
      },
    ],
    notes: ratios.map((ratio) => `${ratio}.`),
    headlines:
      homeNext && homeNginx
        ? [{ figure: `Home served to ${connections} connections: \`next start\` / nginx serving the static export`, value: `${homeNext["req/s"]} / ${homeNginx["req/s"]} req/s; p99 ${homeNext["p99 ms"]} / ${homeNginx["p99 ms"]} ms` }]
        : [],
    failures,
  });
}

main()
  .then(() => {
    if (failures.length > 0) {
      console.error(`\nFAILED (correctness):\n- ${failures.join("\n- ")}`);
      process.exitCode = 1;
    } else console.log("\nall checks passed: both servers answered 200 for every page, also under load");
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 2;
  })
  .finally(cleanUp);
