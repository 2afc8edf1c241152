import { readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { isScenarioId } from "@mockingbird/contract/scenarios";
import { scenarioDebriefs } from "@mockingbird/contract/scenario-debriefs";
import { playbookSchema, type Playbook } from "./playbook-schema";

/** agent/playbooks, found from this file so it works whatever the working directory is. */
export const defaultPlaybookDir = resolve(__dirname, "../../playbooks");

/** A playbook file that cannot be used; the message names the file and the field. */
export class PlaybookError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`${file}: ${problems.join("; ")}`);
    this.name = "PlaybookError";
  }
}

/** Validates one playbook's JSON text; `file` is used for error messages and must be named after the id. */
export function parsePlaybook(text: string, file: string): Playbook {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new PlaybookError(file, [`invalid JSON (${(error as Error).message})`]);
  }
  const result = playbookSchema.safeParse(withDebrief(data, file));
  if (!result.success) {
    throw new PlaybookError(
      file,
      result.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(top level)"}: ${issue.message}`),
    );
  }
  const expectedId = basename(file).replace(/\.json$/, "");
  if (result.data.id !== expectedId) {
    throw new PlaybookError(file, [`id: "${result.data.id}" must match the file name "${expectedId}"`]);
  }
  return result.data;
}

/**
 * A playbook file holds the call; what its debrief teaches lives in contract/scenario-debriefs.ts,
 * which the widget and the production prompt read too, so a file may not carry its own.
 */
function withDebrief(data: unknown, file: string): unknown {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return data;
  const playbook = data as Record<string, unknown>;
  if ("debrief" in playbook) throw new PlaybookError(file, ["debrief: lives in contract/scenario-debriefs.ts, not in the playbook file"]);
  return isScenarioId(playbook.id) ? { ...playbook, debrief: scenarioDebriefs[playbook.id] } : playbook;
}

/** Every *.json in `dir`, validated, keyed by id. Throws PlaybookError on the first bad file. */
export function loadPlaybooksFrom(dir: string): ReadonlyMap<string, Playbook> {
  const playbooks = new Map<string, Playbook>();
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort();
  for (const name of files) {
    const file = join(dir, name);
    const playbook = parsePlaybook(readFileSync(file, "utf8"), file);
    playbooks.set(playbook.id, playbook);
  }
  return playbooks;
}

let shipped: ReadonlyMap<string, Playbook> | undefined;

/** The shipped playbooks, read once per process (they do not change while the agent runs). */
export function loadPlaybooks(): ReadonlyMap<string, Playbook> {
  shipped ??= loadPlaybooksFrom(defaultPlaybookDir);
  return shipped;
}
