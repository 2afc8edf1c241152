/**
 * A throwaway PostgreSQL cluster for tests and benches: Debian's binaries, a fresh data
 * directory in a temporary folder, a free loopback port, the project's Supabase
 * migrations applied, everything deleted by `stop`. Nothing is downloaded.
 *
 *   const postgres = await startPostgres();   // postgres.url: postgres://postgres@127.0.0.1:<port>/postgres
 *   ...
 *   await postgres.stop();
 *
 * `npx tsx testkit/servers/postgres.ts` starts one, prints its URL and keeps it until Ctrl-C.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { freePort } from "../ports";

export type PostgresServer = {
  /** A superuser connection URL, as SUPABASE_DB_URL is for an Edge Function. */
  readonly url: string;
  readonly port: number;
  /** Stops the server (fast shutdown) and deletes its data directory. */
  stop(): Promise<void>;
  /** Stops the server but keeps its port reserved in `url`: for "the database died" tests. */
  kill(): Promise<void>;
};

export type PostgresOptions = {
  /** Apply supabase/migrations/*.sql in name order (default true). */
  readonly migrations?: boolean;
  /**
   * What deletes ended demo counters on this cluster, which has no pg_cron: "process" (the
   * default) declares, as an operator does, that the process serving the function prunes on
   * its timer, as every test's and bench's does; "none" declares nothing, and the migrations
   * refuse to install.
   */
  readonly pruner?: "process" | "none";
};

// __dirname rather than import.meta: jest loads these helpers as CommonJS.
const projectRoot = path.resolve(__dirname, "../..");
export const migrationsDir = path.join(projectRoot, "supabase/migrations");

/** The newest /usr/lib/postgresql/<version>/bin, or POSTGRES_BIN_DIR. */
export function postgresBinDir(): string {
  const configured = process.env.POSTGRES_BIN_DIR;
  if (configured) return configured;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => fs.existsSync(path.join(root, name, "bin/postgres")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined) {
    throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql: install them (apt-get install postgresql) or set POSTGRES_BIN_DIR");
  }
  return path.join(root, versions[0], "bin");
}

/**
 * initdb and postgres refuse to run as root; as root they run as the `postgres` OS user
 * Debian's package creates (or POSTGRES_OS_USER).
 */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const name = process.env.POSTGRES_OS_USER ?? "postgres";
  try {
    const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    throw new Error(`running as root needs a non-root OS user for PostgreSQL: "${name}" does not exist (apt-get install postgresql creates it, or set POSTGRES_OS_USER)`);
  }
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const user = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mockingbird-pg-"));
  const dataDir = path.join(dir, "data");
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });

  try {
    execFileSync(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"], {
      ...asUser,
      cwd: dir,
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (error) {
    removeDir();
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`initdb failed${stderr ? `: ${stderr}` : ""}`);
  }

  const port = await freePort();
  const child = spawn(
    path.join(bin, "postgres"),
    [
      "-D", dataDir,
      "-p", String(port),
      "-k", dir,
      "-c", "listen_addresses=127.0.0.1",
      // A test cluster: durability is worth nothing, speed is.
      "-c", "fsync=off",
      "-c", "synchronous_commit=off",
      "-c", "full_page_writes=off",
      "-c", "max_connections=200",
    ],
    { ...asUser, cwd: dir, stdio: ["ignore", "ignore", "pipe"] },
  );
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const shutDown = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
    await exited;
  };
  try {
    await waitUntilReady(url, child, () => log);
    if ((options.pruner ?? "process") === "process") await declareProcessPruner(url);
    if (options.migrations ?? true) await applyMigrations(url);
  } catch (error) {
    await shutDown();
    removeDir();
    throw error;
  }
  return {
    url,
    port,
    kill: shutDown,
    async stop() {
      await shutDown();
      removeDir();
    },
  };
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`postgres exited with code ${child.exitCode}: ${log().trim()}`);
    const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => undefined });
    try {
      await sql`select 1`;
      return;
    } catch {
      // still starting
    } finally {
      await sql.end({ timeout: 1 });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`postgres did not accept connections within 20 s: ${log().trim()}`);
}

/** supabase/README.md, Retention: the setting the migrations ask for where pg_cron is absent. */
async function declareProcessPruner(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    await sql`alter database postgres set signed_url_limits.pruned_by = 'process'`;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** Applies every supabase/migrations/*.sql file in name order, as `supabase db push` does. */
export async function applyMigrations(url: string, dir = migrationsDir): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    for (const file of files) {
      try {
        await sql.unsafe(fs.readFileSync(path.join(dir, file), "utf8")).simple();
      } catch (error) {
        throw new Error(`migration ${file} failed: ${(error as Error).message}`);
      }
    }
  } finally {
    await sql.end({ timeout: 1 });
  }
  return files;
}

if (require.main === module) {
  void startPostgres().then(
    (server) => {
      console.log(`PostgreSQL with the project's migrations: ${server.url} (Ctrl-C stops it and deletes its data)`);
      const stop = () => void server.stop().then(() => process.exit(0));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    },
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
