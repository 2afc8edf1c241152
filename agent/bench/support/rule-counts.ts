/**
 * Which rule of the caller's rulebook decided each turn (agent/src/caller/rulebook.ts), counted on
 * the development split: a rule that decides nothing there is a candidate for removal, and one that
 * decides many turns wrongly is the next to look at. The held-out split is counted in total only.
 */
import { doubtRules, turnRules } from "../../src/caller/rulebook";
import type { FigureTable } from "@mockingbird/testkit/figures/figures";

/** A turn the caller read: the rule that decided, the intent it decided and the intent the answer had. */
export type RuledTurn = { readonly rule: string; readonly split: string; readonly decided: string; readonly expected: string };

/** Every rule of the rulebook in its order, then the names for turns that fell through them, as they came. */
function ruleOrder(turns: readonly { rule: string }[]): string[] {
  const names = [...turnRules.map((rule) => rule.name), ...doubtRules.map((rule) => `${rule.name} (doubt)`)];
  for (const { rule } of turns) if (!names.includes(rule)) names.push(rule);
  return names;
}

export function ruleCounts(id: string, title: string, turns: readonly RuledTurn[]): FigureTable {
  const doubts = new Set(doubtRules.map((rule) => rule.name));
  // A doubt is right when the answer was no yes: it stopped a false compliance.
  const named = turns.map((turn) =>
    doubts.has(turn.rule) ? { rule: `${turn.rule} (doubt)`, split: turn.split, right: turn.expected !== "comply" } : { rule: turn.rule, split: turn.split, right: turn.decided === turn.expected },
  );
  const rows = ruleOrder(named).map((rule) => {
    const development = named.filter((turn) => turn.rule === rule && turn.split === "development");
    const heldOut = named.filter((turn) => turn.rule === rule && turn.split === "held-out");
    return [rule, String(development.length), String(development.filter((turn) => turn.right).length), String(heldOut.length)];
  });
  return { id, title, columns: ["rule", "development: turns decided", "development: of them right (a doubt: the answer was no yes)", "held-out: turns decided"], rows };
}
