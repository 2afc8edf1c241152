/** `npm run build:export:e2e`: the static export, built for the export suite's function and agent (endpoints.ts). */
import { spawnSync } from "node:child_process";
import { exportBuildEnv } from "./endpoints";

const result = spawnSync("bash", ["scripts/build/export.sh"], { stdio: "inherit", env: { ...process.env, ...exportBuildEnv } });
process.exit(result.status ?? 1);
