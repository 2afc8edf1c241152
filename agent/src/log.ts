import pino, { type Logger as PinoLogger } from "pino";

/**
 * The agent's structured logger. Everything is JSON on stdout so a process manager can
 * ship it; the privacy page promises that no audio and no transcript is written
 * anywhere, so callers log sizes, ids and outcomes, never what a visitor said.
 */
export type Logger = PinoLogger;

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino({ level, base: { service: "mockingbird-agent" } }, destination);
}

/** For tests and tools that must stay quiet. */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
