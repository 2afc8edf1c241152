/**
 * Where the browser may open connections besides the site itself: the voice provider's
 * REST and websocket hosts (ElevenLabs' own, or ELEVENLABS_API_BASE's, such as a data-residency
 * host, whose signed URLs point back at it), the local voice agent's websocket when no ElevenLabs
 * key is configured (it is then the voice provider), and a separate Supabase project if any.
 */
export function cspConnectSources(
  env: Record<string, string | undefined> = process.env,
  /** The static export always talks to ElevenLabs (through the Supabase function). */
  voice: "from-env" | "elevenlabs" = "from-env",
): string[] {
  const sources = new Set<string>(["https://api.elevenlabs.io", "wss://api.elevenlabs.io"]);
  if (env.ELEVENLABS_API_BASE && URL.canParse(env.ELEVENLABS_API_BASE)) {
    const base = new URL(env.ELEVENLABS_API_BASE).origin;
    sources.add(base).add(base.replace(/^http/, "ws"));
  }
  if (voice === "from-env" && !env.ELEVENLABS_API_KEY) {
    const agent = env.AGENT_PUBLIC_URL || (env.LOCAL_AGENT_URL || "http://127.0.0.1:8787").replace(/^http/, "ws");
    sources.add(new URL(agent).origin.replace(/^http/, "ws"));
  }
  const supabase = env.NEXT_PUBLIC_SUPABASE_URL;
  if (supabase) sources.add(new URL(supabase).origin);
  return [...sources];
}
