import { z } from "zod";

/**
 * Turns a zod failure into one line per bad variable, naming it, so a
 * misconfigured deploy says exactly what to fix instead of a stack trace.
 */
export function describeEnvIssues(error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const name = issue.path.join(".") || "(environment)";
    return `  - ${name}: ${issue.message}`;
  });
  return `Invalid environment configuration:\n${lines.join("\n")}\nSee .env.example for every variable and its meaning.`;
}

export class EnvConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvConfigError";
  }
}

export function parseEnv<S extends z.ZodType>(schema: S, source: Record<string, string | undefined>): z.infer<S> {
  // Empty strings mean "unset" in .env files and CI variables alike.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) throw new EnvConfigError(describeEnvIssues(result.error));
  return result.data;
}

export const httpUrl = z
  .string()
  .url({ message: "must be an absolute URL such as https://www.example.com" })
  .refine((value) => /^https?:\/\//.test(value), { message: "must start with http:// or https://" })
  .transform((value) => value.replace(/\/+$/, ""));
