/**
 * nginx serving the static export (`out/`) on a free loopback port, as a CDN would: gzip,
 * and with `tls: true` HTTP/2 over TLS with a self-signed certificate made for the run.
 * nginx runs as a foreground child with its configuration, certificate, pid, logs and temp
 * files in a temporary directory: nothing system-wide is touched.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get as httpsGet } from "node:https";
import os from "node:os";
import path from "node:path";
import { freePort, waitForHttp, waitUntil } from "../ports";

export type StaticServer = { origin: string; stop: () => void };

/** nginx's binary, or null; scripts/setup/ensure-quality-deps.sh installs it. */
export function findNginx(): string | null {
  const candidates = ["/usr/sbin/nginx", ...spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).stdout.trim().split("\n")];
  return candidates.find((candidate) => candidate !== "" && existsSync(candidate)) ?? null;
}

/** A whole nginx configuration around `http` (server blocks and more), everything nginx writes kept in dir. */
function config(dir: string, http: string): string {
  const mimeTypes = "/etc/nginx/mime.types";
  const types = existsSync(mimeTypes)
    ? `include ${mimeTypes};`
    : "types { text/html html; text/css css; application/javascript js; application/json json; image/svg+xml svg; text/plain txt; font/woff2 woff2; image/png png; application/xml xml; }";
  return `worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  ${types}
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
}

function staticSite(dir: string, port: number, root: string, tls: boolean): string {
  const listen = tls
    ? `listen 127.0.0.1:${port} ssl http2;\n    ssl_certificate ${dir}/cert.pem;\n    ssl_certificate_key ${dir}/key.pem;`
    : `listen 127.0.0.1:${port};`;
  return `  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  gzip on;
  gzip_comp_level 6;
  gzip_types text/css application/javascript text/javascript application/json image/svg+xml;
  server {
    ${listen}
    root ${root};
    index index.html;
    location / {
      try_files $uri $uri.html $uri/ =404;
    }
  }`;
}

/** Resolves once an https URL answers at all; the certificate is the run's own, so it is not verified. */
function waitForHttps(url: string, timeoutMs: number): Promise<void> {
  const answered = () =>
    new Promise<boolean>((resolve) => {
      const request = httpsGet(url, { rejectUnauthorized: false }, (response) => {
        response.resume();
        resolve(true);
      });
      request.on("error", () => resolve(false));
    });
  return waitUntil(answered, "answer", { timeoutMs, name: url }, 200);
}

export type NginxRun = { dir: string; stop: () => void };

/**
 * nginx with the `http` configuration made by `http(dir)` (dir holds cert.pem and key.pem, a
 * self-signed certificate for 127.0.0.1 made for the run), answering at `probe(dir)`.
 */
export async function runNginx(http: (dir: string) => string, probe: string): Promise<NginxRun> {
  const binary = findNginx();
  if (!binary) throw new Error("nginx is not installed: run `bash scripts/setup/ensure-quality-deps.sh` (as root, or apt-get install nginx).");
  const dir = mkdtempSync(path.join(os.tmpdir(), "mockingbird-nginx-"));
  // The workers (www-data when the master runs as root) only read the root; the master writes here.
  chmodSync(dir, 0o755);
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  const made = spawnSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", `${dir}/key.pem`, "-out", `${dir}/cert.pem`, "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
    { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" },
  );
  if (made.status !== 0) {
    cleanUp();
    throw new Error(`openssl could not make the run's certificate: ${made.stderr || made.error?.message}`);
  }
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, config(dir, http(dir)));
  const child = spawn(binary, ["-p", `${dir}/`, "-e", path.join(dir, "error.log"), "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "inherit"] });
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    cleanUp();
  };
  try {
    await (probe.startsWith("https:") ? waitForHttps(probe, 15_000) : waitForHttp(probe, 15_000));
  } catch (error) {
    const log = existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8").slice(-2000) : "";
    stop();
    throw new Error(`nginx did not answer at ${probe}: ${log || (error as Error).message}`);
  }
  return { dir, stop };
}

export async function serveStatic(root: string, { tls = false }: { tls?: boolean } = {}): Promise<StaticServer> {
  const port = await freePort();
  const origin = `${tls ? "https" : "http"}://127.0.0.1:${port}`;
  const nginx = await runNginx((dir) => staticSite(dir, port, root, tls), `${origin}/`);
  return { origin, stop: nginx.stop };
}
