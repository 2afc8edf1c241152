import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { loadPlaybooks } from "@mockingbird/agent/caller/playbooks";
import type { Playbook } from "@mockingbird/agent/caller/playbook-schema";
import { DEFAULT_CALL_LIMIT_SECONDS } from "@mockingbird/contract/limits";
import { callScenarios } from "../../content/call/scenarios";
import { voiceHistoryRetentionDays, voiceProcessorSavesAudio } from "../../content/legal/data-practices";
import type { CallerSettings } from "./configs";

/**
 * Where each setting of the production callers comes from; nothing here is written twice:
 * the call limit from contract/limits.ts, the privacy settings from the privacy policy's model
 * (content/legal/data-practices.ts, itself the launch sign-off's value), the voices from
 * elevenlabs/voices.json, and one playbook per scenario the widget offers. The hosts the agents
 * take calls from are the deployer's, read at push time (deployment.ts), never generated.
 */

const voiceId = z.string().regex(/^[A-Za-z0-9]{16,32}$/, "a voice id is the 20 letters and digits ElevenLabs shows for the voice");
const voicesSchema = z.strictObject({ default: voiceId, scenarios: z.record(z.string(), voiceId) });

export function readVoices(dir: string): CallerSettings["voices"] {
  const file = join(dir, "voices.json");
  const parsed = voicesSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  const unknown = Object.keys(parsed.data.scenarios).filter((id) => !callScenarios.some((scenario) => scenario.id === id));
  if (unknown.length > 0) throw new Error(`${file}: scenarios.${unknown[0]}: is not a scenario id (content/call/scenarios.ts)`);
  return parsed.data;
}

export function callerSettings(dir: string): CallerSettings {
  return {
    callLimitSeconds: DEFAULT_CALL_LIMIT_SECONDS,
    retentionDays: voiceHistoryRetentionDays,
    savesAudio: voiceProcessorSavesAudio,
    voices: readVoices(dir),
  };
}

/** The playbook of every scenario the widget offers, in the widget's order. */
export function scenarioPlaybooks(): Playbook[] {
  const playbooks = loadPlaybooks();
  return callScenarios.map(({ id }) => {
    const playbook = playbooks.get(id);
    if (!playbook) throw new Error(`agent/playbooks/${id}.json: missing; every scenario of content/call/scenarios.ts needs a playbook`);
    return playbook;
  });
}
