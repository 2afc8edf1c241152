/**
 * A spoken line's character timeline (types.ts, CharTimeline) cut to what the protocol carries:
 * each audio chunk's alignment (`audio_event.alignment`), how much of the line has been heard
 * after some of its audio has played, and the heard part cut to whole words. Speech makes the
 * timeline (synthesis/alignment.ts estimates it); the server paces, cuts and corrects lines by it,
 * so this lives beside the Speech interface, where both may import it.
 */
import type { CharTimeline } from "./types";

/** ElevenLabs' alignment of one audio chunk (docs/protocol.md §3.2, `audio_event.alignment`). */
export type ChunkAlignment = { chars: string[]; char_start_times_ms: number[]; char_durations_ms: number[] };

/** The characters that start in [fromMs, toMs) (in the last chunk: from fromMs on), timed from fromMs. */
export function alignmentForChunk(timeline: CharTimeline, fromMs: number, toMs: number, last: boolean): ChunkAlignment {
  const alignment: ChunkAlignment = { chars: [], char_start_times_ms: [], char_durations_ms: [] };
  timeline.chars.forEach((char, i) => {
    const start = timeline.startsMs[i]!;
    if (start < fromMs || (!last && start >= toMs)) return;
    alignment.chars.push(char);
    alignment.char_start_times_ms.push(Math.max(0, Math.round(start - fromMs)));
    alignment.char_durations_ms.push(timeline.durationsMs[i]!);
  });
  return alignment;
}

/** How many characters have been heard in full after `playedMs` of the line's audio. */
export function charsHeard(timeline: CharTimeline, playedMs: number): number {
  let heard = 0;
  while (heard < timeline.chars.length && timeline.startsMs[heard]! + timeline.durationsMs[heard]! <= playedMs) heard += 1;
  return heard;
}

/**
 * The part of `text` made of its first `heard` characters, cut back to the last whole word:
 * what agent_response_correction says the visitor heard of an interrupted line.
 */
export function heardText(text: string, heard: number): string {
  const chars = Array.from(text);
  if (heard >= chars.length) return text;
  if (heard <= 0) return "";
  const prefix = chars.slice(0, heard).join("");
  if (/\s/.test(chars[heard]!)) return prefix.trimEnd();
  const boundary = prefix.search(/\s\S*$/);
  return boundary <= 0 ? "" : prefix.slice(0, boundary).trimEnd();
}
