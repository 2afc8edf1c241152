/**
 * How a reply reaches a text-only conversation (docs/protocol.md §3.2, §4.5): ElevenLabs' service
 * streams the language model's output as `agent_chat_response_part` frames (`start`, `delta`s,
 * `stop`, one event id) and then sends the whole line as `agent_response`. The caller's line
 * is ready at once here, so it is cut into the word-sized pieces a model streams and paced
 * like one, so clients written for the service (ElevenLabs' widget, the site's) see what
 * they see there: a line that grows, then settles.
 */

/** The line cut into deltas that join back to it exactly: each word with the space before it. */
export function textDeltas(text: string): string[] {
  return text.match(/\s*\S+/g) ?? (text === "" ? [] : [text]);
}

export type TextStreamSink = {
  /** One streaming frame: `start` and `stop` carry no text, a `delta` carries its piece. */
  part(type: "start" | "delta" | "stop", text: string): void;
  /** The whole line, last. */
  whole(): void;
};

/**
 * Streams one line: start, its deltas `intervalMs` apart, stop, the whole line. When `signal`
 * aborts (the call closed, or its time ran out) nothing more is sent.
 */
export async function streamText(text: string, intervalMs: number, sink: TextStreamSink, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  sink.part("start", "");
  for (const delta of textDeltas(text)) {
    if (intervalMs > 0) await pause(intervalMs, signal);
    if (signal.aborted) return;
    sink.part("delta", delta);
  }
  sink.part("stop", "");
  sink.whole();
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
