/**
 * A page's call socket answered by the double of ElevenLabs' service
 * (testkit/fakes/elevenlabs-service) through Playwright's routeWebSocket, so the site's own
 * widget, whose CSP lets it reach only the local agent's origin, talks to the double instead.
 */
import type { Page, WebSocketRoute } from "@playwright/test";
import { scriptFor, ServiceDoubleSession, type DoubleScript } from "../fakes/elevenlabs-service";

/**
 * Answers every socket of `page` that matches `pattern` with the double; the sessions, in order of connection.
 * A routed socket does not expose its handshake's headers, so its Origin is taken to be the page's
 * (a socket opened from a frame of another origin would be checked against the page's).
 */
export async function routeServiceDouble(page: Page, pattern: (url: URL) => boolean, script: DoubleScript | (() => DoubleScript)): Promise<ServiceDoubleSession[]> {
  const nextScript = scriptFor(script);
  const sessions: ServiceDoubleSession[] = [];
  await page.routeWebSocket(pattern, (route: WebSocketRoute) => {
    const transport = { send: (text: string) => route.send(text), close: (code: number, reason?: string) => void route.close({ code, reason }) };
    const session = new ServiceDoubleSession(transport, nextScript(), sessions.length + 1, { origin: new URL(page.url()).origin });
    sessions.push(session);
    route.onMessage((message) => session.receive(String(message)));
    route.onClose(() => session.ended());
  });
  return sessions;
}
