/**
 * Captions that follow the caller's voice. The voice protocol sends, with each audio chunk,
 * an alignment of the characters it speaks (`audio_event.alignment`, times from the chunk's
 * start). The widget knows when a chunk plays by mirroring the SDK's playback queue (its
 * worklet plays chunks back to back and a chunk that finds the queue empty at once), so each
 * word can be shown when it is heard. Pure functions on performance.now() milliseconds.
 */

/** One word of the caller's speech (with the spaces after it) and when it is heard. */
export type TimedWord = { text: string; at: number };

/** The caller's line while it is spoken: what the agent said it will say, and what its audio says when. */
export type SpokenLine = {
  eventId: number;
  /** The agent_response text, once it has arrived. */
  text: string | null;
  /** From the audio's alignment; empty when the server sends none. */
  words: TimedWord[];
  /** When the line's first audio plays; null until its first chunk arrives. */
  startsAt: number | null;
};

/** When a chunk plays: right after what is queued, or now if the queue has run dry. */
export function scheduleChunk(queueEndsAt: number, now: number, durationMs: number): { startsAt: number; endsAt: number } {
  const startsAt = Math.max(queueEndsAt, now);
  return { startsAt, endsAt: startsAt + Math.max(0, durationMs) };
}

/** Milliseconds of audio in one base64 chunk, for a format such as "pcm_16000" or "ulaw_8000" (docs/protocol.md §2.3). */
export function chunkDurationMs(base64: string, format: string): number {
  const match = /^(pcm|ulaw)_(\d+)$/.exec(format);
  const rate = match ? Number(match[2]) : 16000;
  const bytesPerSample = match?.[1] === "ulaw" ? 1 : 2;
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  const bytes = Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
  return rate > 0 ? (bytes / bytesPerSample / rate) * 1000 : 0;
}

/**
 * The words of one chunk's alignment, placed at the time the chunk starts playing. Anything
 * malformed (it comes from the network) gives no words rather than wrong ones.
 */
export function alignedWords(alignment: unknown, chunkStartsAt: number): TimedWord[] {
  if (typeof alignment !== "object" || alignment === null) return [];
  const { chars, char_start_times_ms: starts } = alignment as { chars?: unknown; char_start_times_ms?: unknown };
  if (!Array.isArray(chars) || !Array.isArray(starts) || chars.length !== starts.length) return [];
  const words: TimedWord[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    const start = starts[i];
    if (typeof char !== "string" || typeof start !== "number" || !Number.isFinite(start)) return [];
    const last = words.at(-1);
    // A word starts at its first non-space character; spaces stay with the word before them.
    if (last === undefined || (/\s$/.test(last.text) && !/^\s*$/.test(char))) words.push({ text: char, at: chunkStartsAt + Math.max(0, start) });
    else last.text += char;
  }
  return words;
}

/** Adds a chunk's words to a line's, joining a word the chunk boundary cut in two. */
export function appendWords(words: readonly TimedWord[], more: readonly TimedWord[]): TimedWord[] {
  const last = words.at(-1);
  const first = more[0];
  if (last === undefined || first === undefined || /\s$/.test(last.text) || /^\s/.test(first.text)) return [...words, ...more];
  return [...words.slice(0, -1), { ...last, text: last.text + first.text }, ...more.slice(1)];
}

/**
 * What the visitor has heard of the line at `now`: the words whose audio has started, or,
 * when the server sends no alignment, the whole line once its audio has started. Never more
 * than has been spoken.
 */
export function heardText(line: SpokenLine, now: number): string {
  if (line.words.length > 0) {
    let heard = "";
    for (const word of line.words) {
      if (word.at > now) break;
      heard += word.text;
    }
    return heard.trim();
  }
  return line.startsAt !== null && line.startsAt <= now ? (line.text ?? "").trim() : "";
}

/** When the last word starts (or the line's audio does): after it, the line no longer changes while it plays. */
export function lastRevealAt(line: SpokenLine): number | null {
  return line.words.at(-1)?.at ?? line.startsAt;
}

/** The line's final words: the agent's text when known, else what its alignment spelled. */
export function finalText(line: SpokenLine): string {
  return (line.text ?? line.words.map((word) => word.text).join("")).trim();
}
