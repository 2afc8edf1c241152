import type { VisitorTurn } from "../../src/caller";
import type { Playbook } from "../../src/caller/playbook-schema";
import { loadPlaybooks } from "../../src/caller/playbooks";

/** A shipped playbook by its scenario id. */
export function playbookOf(id: string): Playbook {
  const playbook = loadPlaybooks().get(id);
  if (playbook === undefined) throw new Error(`no playbook ${id}`);
  return playbook;
}

/** A spoken turn as the recogniser hands it over: its best transcript ("" when no words came out), then any alternatives. */
export const spoken = (text: string, ...alternatives: string[]): VisitorTurn => (alternatives.length > 0 ? { via: "speech", text, alternatives } : { via: "speech", text });

export const typed = (text: string): VisitorTurn => ({ via: "text", text });
