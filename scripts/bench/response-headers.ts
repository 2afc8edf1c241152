/**
 * `npm run bench -- headers`: the headers of every response class, before (a bare
 * `next start`, what `npm start` ran before) and after (`npm start`'s own server), over
 * raw sockets so absolute-form targets and odd methods are sent as written. Needs a
 * production build (`npm run build`). Prints a Markdown table; exit 1 if a response of
 * `npm start` lacks a security header or its redirect leaves the site, 2 if it could not run.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { benchUpstreamKey, spawnFakeVoiceUpstream } from "@mockingbird/testkit/fakes/voice-upstream";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { renderTable } from "@mockingbird/testkit/figures/render";
import { rawExchange, type RawResponse } from "@mockingbird/testkit/raw-http";
import { startProductionServer } from "@mockingbird/testkit/servers/next-start";
import { startSiteServer } from "@mockingbird/testkit/servers/site-server";

const projectRoot = path.resolve(__dirname, "../..");

type ResponseClass = { readonly name: string; readonly lines: (port: number) => string[] };

async function responseClasses(origin: string): Promise<ResponseClass[]> {
  const html = await (await fetch(`${origin}/`)).text();
  const script = /\/_next\/static\/[^"']+\.js/.exec(html)?.[0] ?? "/_next/static/missing.js";
  const worklet = readdirSync(path.join(projectRoot, "public/vendor/voice")).find((file) => file.startsWith("libsamplerate")) ?? "missing.js";
  const get = (target: string, ...extra: string[]) => (port: number) => [`GET ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...extra];
  return [
    { name: "page `GET /product`", lines: get("/product") },
    { name: "redirect, trailing slash `GET /product/`", lines: get("/product/") },
    { name: "redirect, absolute-form `GET http://evil.com/product/`", lines: get("http://evil.com/product/") },
    { name: "redirect, `Host: evil.com` `GET /PRODUCT`", lines: () => ["GET /PRODUCT HTTP/1.1", "Host: evil.com", "X-Forwarded-Host: evil.com"] },
    { name: "404 `GET /no-such-page`", lines: get("/no-such-page") },
    { name: "405 `TRACE /`", lines: (port) => ["TRACE / HTTP/1.1", `Host: 127.0.0.1:${port}`] },
    { name: "unknown method `PROPFIND /`", lines: (port) => ["PROPFIND / HTTP/1.1", `Host: 127.0.0.1:${port}`] },
    { name: "static: build script", lines: get(script) },
    { name: `static: voice worklet (${worklet})`, lines: get(`/vendor/voice/${worklet}`) },
    { name: "static: share image `/og/product.png`", lines: get("/og/product.png") },
  ];
}

const securityHeaders = [
  ["HSTS", "strict-transport-security"],
  ["nosniff", "x-content-type-options"],
  ["Referrer", "referrer-policy"],
  ["Permissions", "permissions-policy"],
  ["COOP", "cross-origin-opener-policy"],
  ["CORP", "cross-origin-resource-policy"],
  ["CSP", "content-security-policy"],
  ["XFO", "x-frame-options"],
] as const;

function cells(answer: RawResponse): string[] {
  const location = answer.headers.location;
  return [
    String(answer.status),
    location === undefined ? "" : `\`${location}\``,
    ...securityHeaders.map(([, name]) => (answer.headers[name] === undefined ? "✗" : "✓")),
    answer.headers["cache-control"] === undefined ? "" : `\`${answer.headers["cache-control"]}\``,
  ];
}

function problems(name: string, answer: RawResponse): string[] {
  const found = securityHeaders.filter(([, header]) => answer.headers[header] === undefined).map(([label]) => `${name}: no ${label}`);
  const location = answer.headers.location;
  if (location !== undefined && !/^\/(?![/\\])/.test(location)) found.push(`${name}: Location ${location} leaves the site`);
  return found;
}

const columns = ["response", "server", "status", "Location", ...securityHeaders.map(([label]) => label), "Cache-Control"];

async function main(): Promise<void> {
  if (!existsSync(path.join(projectRoot, ".next", "BUILD_ID"))) throw new Error("no production build in .next/: run `npm run build` first");
  const figures = startFigures("headers");
  const upstream = await spawnFakeVoiceUpstream({ apiKey: benchUpstreamKey });
  const env = { LOCAL_AGENT_URL: upstream.baseUrl, LOCAL_AGENT_API_KEY: benchUpstreamKey, ELEVENLABS_API_KEY: "", TRUST_PROXY_HEADER: "" };
  const rows: string[][] = [];
  const failures: string[] = [];
  const before = await startProductionServer(env);
  const after = await startSiteServer(env).catch((error: unknown) => {
    before.stop();
    throw error;
  });
  try {
    const classes = await responseClasses(after.origin);
    for (const responseClass of classes) {
      for (const [label, origin] of [["before: bare `next start`", before.origin], ["after: `npm start`", after.origin]] as const) {
        const port = Number(new URL(origin).port);
        const answer = await rawExchange({ port, lines: responseClass.lines(port) });
        rows.push([responseClass.name, label, ...cells(answer)]);
        if (label.startsWith("after")) failures.push(...problems(responseClass.name, answer));
      }
    }
  } finally {
    before.stop();
    await after.stop();
    upstream.stop();
  }
  const table = { id: "responses", title: "Headers per response class (✓ present, ✗ missing), on the same build", columns, rows };
  console.log(renderTable(table));
  figures.record({ tables: [table], failures });
  if (failures.length > 0) {
    console.error(`\nFAILED:\n- ${failures.join("\n- ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nnpm start: every response class carries every security header, and no redirect leaves the site.");
  }
}

main().catch((error: unknown) => {
  console.error(`header table could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
