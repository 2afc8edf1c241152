/**
 * The order of the Lighthouse gate's audits, and which of the floor's audits each route is held
 * against. The machine's load moves every timing (on this project's 2-core machine, the same
 * export scored 98-100 one day and 70-89 another), so the floor is audited after every two
 * audits of the site's routes: each route audit then has a floor audit on either side, taken
 * seconds before or after it, and a route is compared with those, which saw the same load it did.
 * A floor audit after every route audit held each route audit closer, at twice the floor's cost:
 * half the gate's time (docs/quality.md).
 */

/** Route audits between two floor audits. */
export const ROUTES_BETWEEN_FLOORS = 2;

export type Slot =
  /** One uncounted floor audit first: a fresh Chrome's first page load is slower than the rest. */
  | { readonly target: "warm-up" }
  | { readonly target: "floor" }
  | { readonly target: "route"; readonly route: string };

/** The floor audits in each round over `routes` routes: one after each group of ROUTES_BETWEEN_FLOORS and after the round's last route. */
export const floorsPerRound = (routes: number) => Math.ceil(routes / ROUTES_BETWEEN_FLOORS);

/** warm-up, F, R1, R2, F, R3, R4, F, ... Rn, F, R1, R2, F ... Rn, F: `runs` rounds over the routes, a floor audit after every two route audits, after each round's last and at the start. */
export function interleave(routes: readonly string[], runs: number): Slot[] {
  const schedule: Slot[] = [{ target: "warm-up" }, { target: "floor" }];
  for (let run = 0; run < runs; run++) {
    routes.forEach((route, index) => {
      schedule.push({ target: "route", route });
      if ((index + 1) % ROUTES_BETWEEN_FLOORS === 0 || index === routes.length - 1) schedule.push({ target: "floor" });
    });
  }
  return schedule;
}

export type Paired<Audit> = { readonly route: string; readonly site: Audit[]; readonly floor: Audit[] };

/**
 * For each route (in first-audit order), its audits and the floor audits next to them: the
 * nearest before and the nearest after each of its audits. `audits[i]` is the audit of
 * `schedule[i]`.
 */
export function pairWithFloor<Audit>(schedule: readonly Slot[], audits: readonly Audit[]): Paired<Audit>[] {
  if (audits.length !== schedule.length) throw new Error(`${audits.length} audits for a schedule of ${schedule.length}`);
  const nearestFloor = (from: number, step: 1 | -1): Audit | undefined => {
    for (let index = from + step; index >= 0 && index < schedule.length; index += step) {
      if (schedule[index]!.target === "floor") return audits[index];
    }
    return undefined;
  };
  const byRoute = new Map<string, { site: Audit[]; floor: Audit[] }>();
  schedule.forEach((slot, index) => {
    if (slot.target !== "route") return;
    const pair = byRoute.get(slot.route) ?? { site: [], floor: [] };
    byRoute.set(slot.route, pair);
    pair.site.push(audits[index]!);
    for (const neighbour of [nearestFloor(index, -1), nearestFloor(index, 1)]) if (neighbour !== undefined) pair.floor.push(neighbour);
  });
  return [...byRoute].map(([route, pair]) => ({ route, ...pair }));
}

/**
 * The floor held against itself as the gate holds a route (an A/A check of the gate's own noise):
 * `floor` is one schedule's counted floor audits in order, `perRound` of them a round over `runs`
 * rounds, so the floor audits that recur once a round at one place stand in for a route, and the
 * floor audits on either side of each of them are its neighbours. Those sit further away than a
 * route's, which if anything overstates the noise.
 */
export function floorAsRoutes<Audit>(floor: readonly Audit[], perRound: number, runs: number): Paired<Audit>[] {
  const groups: Paired<Audit>[] = [];
  for (let place = 1; place < perRound && place + (runs - 1) * perRound + 1 < floor.length; place++) {
    const own = Array.from({ length: runs }, (_, run) => place + run * perRound);
    groups.push({ route: `floor #${place}`, site: own.map((index) => floor[index]!), floor: own.flatMap((index) => [floor[index - 1]!, floor[index + 1]!]) });
  }
  return groups;
}

/** Every counted floor audit (the warm-up left out). */
export function floorAudits<Audit>(schedule: readonly Slot[], audits: readonly Audit[]): Audit[] {
  return audits.filter((_, index) => schedule[index]?.target === "floor");
}
