/** `--name=value` from the command line of a bench or check script, or undefined. */
export function stringOption(name: string): string | undefined {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
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
