import * as serialization from "@elevenlabs/elevenlabs-js/serialization";
import type { ElevenLabs } from "@elevenlabs/elevenlabs-js";

/**
 * The config files against the API's own request schemas, as @elevenlabs/elevenlabs-js encodes
 * them. The SDK sends with unknown keys stripped, so a misspelt field would vanish on the way and
 * the push would still succeed; here an unknown key, a wrong type or a missing field is an error
 * that names the file and the field, before any request.
 */

export class ConfigShapeError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`the API would reject these configs:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigShapeError";
  }
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** The part of the SDK's schemas used here (its core module is not a public entry point). */
type RequestSchema = {
  parse(raw: unknown, options: { unrecognizedObjectKeys: "fail" }): { ok: true; value: unknown } | { ok: false; errors: { path: string[]; message: string }[] };
};

function parse<T>(schema: RequestSchema, raw: unknown, where: string): Parsed<T> {
  const result = schema.parse(raw, { unrecognizedObjectKeys: "fail" });
  if (result.ok) return { ok: true, value: result.value as T };
  return { ok: false, problems: result.errors.map((error) => `${where}: ${error.path.length > 0 ? error.path.join(".") : "(top level)"}: ${error.message}`) };
}

/** An agent config file as the SDK's create request (name, conversation config, platform settings, tags). */
export function agentRequest(raw: unknown, file: string): Parsed<ElevenLabs.conversationalAi.BodyCreateAgentV1ConvaiAgentsCreatePost> {
  return parse(serialization.conversationalAi.BodyCreateAgentV1ConvaiAgentsCreatePost, raw, file);
}

/** A tool config file as the SDK's create request (the file is its tool_config). */
export function toolRequest(raw: unknown, file: string): Parsed<ElevenLabs.ToolRequestModel> {
  return parse(serialization.ToolRequestModel, { tool_config: raw }, file);
}

/** A test config file as the SDK's create request. */
export function testRequest(raw: unknown, file: string): Parsed<ElevenLabs.conversationalAi.TestsCreateRequestBody> {
  return parse(serialization.conversationalAi.TestsCreateRequestBody, raw, file);
}
