/**
 * Where the browser may open connections besides the site itself: the voice provider's
 * REST and websocket hosts and, when configured, a separate Supabase project.
 */
export function cspConnectSources(env: Record<string, string | undefined> = process.env): string[] {
  const sources = new Set<string>(["https://api.elevenlabs.io", "wss://api.elevenlabs.io"]);
  const supabase = env.NEXT_PUBLIC_SUPABASE_URL;
  if (supabase) sources.add(new URL(supabase).origin);
  return [...sources];
}
