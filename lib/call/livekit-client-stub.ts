/**
 * Stands in for livekit-client in the browser build (next.config.ts aliases it). The voice
 * SDK imports it for WebRTC sessions only; the widget always opens a websocket session, so
 * this keeps ~150 KB gzip of unused code out of the call chunk (docs/protocol.md §6). Any use
 * throws, so a WebRTC session fails loudly instead of half-working.
 */
function unavailable(): never {
  throw new Error("WebRTC sessions are not built into this site; the call widget uses websocket sessions.");
}

export class Room {
  constructor() {
    unavailable();
  }
}
export const RoomEvent = {} as Record<string, string>;
export const ConnectionState = {} as Record<string, string>;
export const Track = { Source: {}, Kind: {} } as { Source: Record<string, string>; Kind: Record<string, string> };
export function createLocalAudioTrack(): never {
  return unavailable();
}
