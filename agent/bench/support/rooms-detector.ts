/**
 * The detector alone in each room (`npm run bench -- rooms --only=detector`): how the level gate
 * of voice-activity.ts was chosen. For each gate design and room, the development split's answers
 * (one in three, seed 1) go through a fresh detector after 6 s of the room: an answer is *whole*
 * when one turn holds all of its speech, and a turn that ends before the answer is *made up*.
 * No recogniser runs, so a design costs seconds.
 */
import { DEFAULT_VOICE_ACTIVITY } from "../../src/speech/recognition/tuning";
import { VoiceActivity, type VoiceActivityOptions } from "../../src/speech/recognition/voice-activity";
import type { EvaluationUtterance } from "../../eval/evaluation-set";
import { callAudio, conditions } from "./rooms";
import { evaluationVoices, speakAs } from "./voices";

/** The designs compared, the agent's default last. */
export const gateDesigns: Record<string, Partial<VoiceActivityOptions>> = {
  "before: WebRTC's verdict alone": { aboveFloorDb: 0, maxBoostDb: 0 },
  "10th percentile + 9 dB": { aboveFloorDb: 9, floorPercentile: 0.1, maxBoostDb: 0 },
  "10th percentile + 12 dB": { aboveFloorDb: 12, floorPercentile: 0.1, maxBoostDb: 0 },
  "25th percentile + max(4 dB, 2 x swing)": { aboveFloorDb: 4, spreadFactor: 2, floorPercentile: 0.25, maxBoostDb: 0 },
  "15th percentile + 10 dB": { maxBoostDb: 0 },
  "the same, a quiet microphone turned up (the default)": {},
};

const rooms = ["quiet", "voice:espeak-ng", "babble:20", "babble:15", "babble:10", "pink:15", "pink:10", "telephone", "reverb", "low"];

export async function compareGates(development: readonly EvaluationUtterance[]): Promise<string[]> {
  const answers = development.filter((_, index) => index % 3 === 0);
  const chosen = conditions.filter((condition) => rooms.includes(condition.id));
  const calls: { room: string; audio: Awaited<ReturnType<typeof callAudio>> }[] = [];
  for (const condition of chosen) {
    for (const [index, utterance] of answers.entries()) {
      calls.push({ room: condition.id, audio: await callAudio(condition, await speakAs(condition.voice ?? evaluationVoices[index % evaluationVoices.length]!, utterance.text), 1, index) });
    }
  }
  const lines = [`| gate | ${chosen.map((condition) => condition.id).join(" | ")} |`, `|---|${chosen.map(() => "---").join("|")}|`];
  for (const [name, design] of Object.entries(gateDesigns)) {
    const cells = chosen.map((condition) => {
      let whole = 0;
      let madeUp = 0;
      const mine = calls.filter((call) => call.room === condition.id);
      for (const { audio } of mine) {
        const detector = new VoiceActivity({ ...DEFAULT_VOICE_ACTIVITY, ...design });
        const turns: { open: number; end: number }[] = [];
        let open = 0;
        for (let offset = 0; offset + 320 <= audio.pcm.length; offset += 320) {
          for (const event of detector.push(audio.pcm.subarray(offset, offset + 320))) {
            if (event.kind === "open") open = offset;
            if (event.kind === "end") turns.push({ open, end: offset + 320 });
          }
        }
        detector.free();
        madeUp += turns.filter((turn) => turn.end < audio.speechStart).length;
        const answer = turns.filter((turn) => turn.end >= audio.speechStart);
        if (answer.length === 1 && (answer[0]?.end ?? 0) >= audio.speechEnd) whole++;
      }
      return `${whole}/${mine.length} whole, ${madeUp} made up`;
    });
    lines.push(`| ${name} | ${cells.join(" | ")} |`);
  }
  return lines;
}
