/**
 * A page's call socket answered by the double of ElevenLabs' service
 * (testkit/fakes/elevenlabs-service) through Playwright's routeWebSocket, so the site's own
 * widget, whose CSP lets it reach only the local agent's origin, talks to the double instead.
 */
import type { Page, WebSocketRoute } from "@playwright/test";
import { scriptFor, ServiceDoubleSession, type DoubleScript } from "../fakes/elevenlabs-service";

/** Answers every socket of `page` that matches `pattern` with the double; the sessions, in order of connection. */
export async function routeServiceDouble(page: Page, pattern: (url: URL) => boolean, script: DoubleScript | (() => DoubleScript)): Promise<ServiceDoubleSession[]> {
  const nextScript = scriptFor(script);
  const sessions: ServiceDoubleSession[] = [];
  await page.routeWebSocket(pattern, (route: WebSocketRoute) => {
    const session = new ServiceDoubleSession({ send: (text) => route.send(text), close: (code, reason) => void route.close({ code, reason }) }, nextScript(), sessions.length + 1);
    sessions.push(session);
    route.onMessage((message) => session.receive(String(message)));
    route.onClose(() => session.ended());
  });
  return sessions;
}
