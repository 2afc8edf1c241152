/**
 * Runs once when the server starts: a misconfigured server variable stops `next start`
 * with a message naming it, instead of failing on the first demo call.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { parseServerEnv } = await import("./lib/config/server-env");
  parseServerEnv(process.env);
}
