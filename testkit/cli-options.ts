/**
 * `--name=value` options of a bench or check script (node:util's parseArgs, non-strict: each
 * script reads the options it knows and ignores the rest).
 */
import { parseArgs } from "node:util";

const { values } = parseArgs({ args: process.argv.slice(2), strict: false, allowPositionals: true });

/** The value of `--name=value`, or undefined. */
export function stringOption(name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

/** Whether the bare flag `--name` was given. */
export function flagOption(name: string): boolean {
  return values[name] === true;
}

/** A numeric `--name=<n>` or the fallback; anything but a non-negative number stops the script with a clear message. */
export function numberOption(name: string, fallback: number): number {
  const text = stringOption(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || value < 0) {
    console.error(`--${name}=${text}: expected a number >= 0`);
    process.exit(2);
  }
  return value;
}

/** `--name=key:value,key:value` as a record (empty when not given); a pair without a value stops the script with a clear message. */
export function pairsOption(name: string): Record<string, string> {
  const pairs = (stringOption(name) ?? "").split(",").filter(Boolean);
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf(":");
      if (at <= 0 || at === pair.length - 1) {
        console.error(`--${name}: "${pair}" is not key:value`);
        process.exit(2);
      }
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}
