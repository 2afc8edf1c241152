import { readFileSync } from "node:fs";

/**
 * A file a Debian package installs, read for a test. The setup (scripts/setup/ensure-deps.sh)
 * always installs it, so a missing one is a broken machine, and the test fails naming what to
 * install rather than passing without having looked.
 */
export function readInstalledFile(file: string, aptPackage: string, encoding: BufferEncoding = "utf8"): string {
  try {
    return readFileSync(file, encoding);
  } catch (error) {
    throw new Error(
      `${file} is missing (${(error as NodeJS.ErrnoException).code ?? String(error)}): install it with \`sudo apt-get install ${aptPackage}\`, or run scripts/setup/ensure-deps.sh, which installs it`,
    );
  }
}
