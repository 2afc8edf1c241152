import { Writable } from "node:stream";
import { createLogger, type Logger, type LogLevel } from "../../src/log";

export type LogLine = { level: number; msg: string; [key: string]: unknown };

/** The agent's logger, writing its JSON lines where the test can read them (level debug and up unless told). */
export function capturingLogger(level: LogLevel = "debug"): { readonly log: Logger; readonly lines: LogLine[] } {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line !== "") lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { log: createLogger(level, sink), lines };
}

/** pino's numeric levels, for reading captured lines. */
export const logLevels = { debug: 20, info: 30, warn: 40, error: 50 } as const;
