/**
 * The order shared work is served in, where the most urgent goes first and equals in the order
 * they came: the synthesis pool's jobs (synthesis/synthesizer.ts) and a decoder lane's native calls
 * (recognition/decoders/lane.ts). Ranks are read at the moment of taking, so a job whose urgency changed while it
 * waited is served by its new rank.
 */

/** Removes and returns the queue's first item of the lowest rank; an item ranked null may not be taken now. */
export function takeFirstLowest<T>(queue: T[], rank: (item: T) => number | null): T | undefined {
  let best = -1;
  let bestRank = Number.POSITIVE_INFINITY;
  queue.forEach((item, index) => {
    const itemRank = rank(item);
    if (itemRank !== null && (best < 0 || itemRank < bestRank)) [best, bestRank] = [index, itemRank];
  });
  return best < 0 ? undefined : queue.splice(best, 1)[0];
}
