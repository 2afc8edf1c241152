import { existsSync, readFileSync } from "node:fs";
import { metaPolicyOf } from "../../scripts/build/export-cdn-config";
import { functionOrigin } from "@mockingbird/testkit/export-suite/endpoints";

/** The export must exist and be built for this suite's function: the page cannot learn its address later. */
export default function globalSetup(): void {
  if (!existsSync("out/index.html")) throw new Error("out/ is missing: run `npm test -- export` first (a whole `npm test` does).");
  const policy = metaPolicyOf(readFileSync("out/index.html", "utf8"));
  if (!policy?.includes(functionOrigin)) {
    throw new Error(`out/ was not built for the Edge Function at ${functionOrigin}: run \`npm test -- export\` (it records the ports it builds for).`);
  }
}
