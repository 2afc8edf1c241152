import { takeFirstLowest } from "../src/speech/queue-order";

describe("queue order", () => {
  it("takes the most urgent item, the one that came first among equals, and leaves the rest in order", () => {
    const queue = [
      { name: "a", rank: 2 },
      { name: "b", rank: 1 },
      { name: "c", rank: 1 },
    ];
    expect(takeFirstLowest(queue, (item) => item.rank)?.name).toBe("b");
    expect(queue.map((item) => item.name)).toEqual(["a", "c"]);
  });

  it("takes an item ranked Infinity when nothing is more urgent, and never one ranked null", () => {
    expect(takeFirstLowest([{ rank: Number.POSITIVE_INFINITY }], (item) => item.rank)).toEqual({ rank: Number.POSITIVE_INFINITY });
    const held = [{ rank: null }];
    expect(takeFirstLowest(held, (item) => item.rank)).toBeUndefined();
    expect(held).toHaveLength(1);
  });
});
