/** A limit store that could not answer, described in words fit for the server log. */
export class LimitStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LimitStoreError";
  }
}

/** What the log says about a failed admission or release: a store's own description, else the error's class only. */
export function describeLimitStoreError(error: unknown): string {
  if (error instanceof LimitStoreError) return error.message;
  return error instanceof Error ? error.name : "unknown error";
}
