/** `npm run build:export:e2e`: the static export, built for the function and agent of the export suite and benchmark (scripts/lib/export-test-endpoints.ts). */
import { spawnSync } from "node:child_process";
import { exportBuildEnv } from "../lib/export-test-endpoints";

const result = spawnSync("bash", ["scripts/build/export.sh"], { stdio: "inherit", env: { ...process.env, ...exportBuildEnv } });
process.exit(result.status ?? 1);
