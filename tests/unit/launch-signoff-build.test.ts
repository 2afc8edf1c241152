/** @jest-environment node */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unconfirmedValues } from "@/lib/config/launch-readiness";
import { launchSignoff } from "@/content/launch-signoff";

/**
 * The real `next build`, not a mock: it loads next.config.ts, which must refuse a production
 * origin while the sign-off list has drafts. It stops while loading the config, in seconds,
 * and writes its output (if it got that far) to a throw-away directory.
 */
test("next build with a production NEXT_PUBLIC_SITE_URL fails and lists every unconfirmed value", () => {
  const distDir = mkdtempSync(path.join(tmpdir(), "launch-signoff-build-"));
  try {
    const result = spawnSync(process.execPath, [require.resolve("next/dist/bin/next"), "build"], {
      cwd: path.join(__dirname, "../.."),
      env: { ...process.env, NEXT_PUBLIC_SITE_URL: "https://www.mockingbird.ai", NEXT_DIST_DIR: path.relative(path.join(__dirname, "../.."), distDir), NEXT_TELEMETRY_DISABLED: "1" },
      encoding: "utf8",
      timeout: 90_000,
    });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status).not.toBe(0);
    expect(output).toContain("Launch sign-off: NEXT_PUBLIC_SITE_URL (https://www.mockingbird.ai) is a production address");
    for (const value of unconfirmedValues(launchSignoff)) expect(output).toContain(`- ${value.key}: ${value.label}.`);
    expect(existsSync(path.join(distDir, "server"))).toBe(false);
  } finally {
    rmSync(distDir, { recursive: true, force: true });
  }
}, 120_000);
