/** @jest-environment node */
import { existsSync, readFileSync } from "node:fs";
import { benches, benchNames } from "@/scripts/bench/registry";
import { scriptHeader } from "@/scripts/bench/usage";

describe("the bench registry", () => {
  it("names each bench once, and none `docs`, which refreshes the docs", () => {
    expect(new Set(benchNames).size).toBe(benchNames.length);
    expect(benchNames).not.toContain("docs");
  });

  it("points every bench at a script that exists", () => {
    expect(benches.filter((bench) => !existsSync(bench.script)).map((bench) => bench.name)).toEqual([]);
  });

  it("prepares only with scripts that exist", () => {
    const scripts = benches.flatMap((bench) => (bench.prepare ?? []).flatMap((step) => step.filter((part) => part.startsWith("scripts/"))));
    expect(scripts.filter((script) => !existsSync(script))).toEqual([]);
  });

  it("gives every bench a one-line description for the list", () => {
    expect(benches.filter((bench) => bench.about.trim() === "" || bench.about.includes("\n")).map((bench) => bench.name)).toEqual([]);
  });

  it("opens every bench's script with the comment `--help` prints: what it measures", () => {
    expect(benches.filter((bench) => scriptHeader(readFileSync(bench.script, "utf8")).length < 80).map((bench) => bench.name)).toEqual([]);
  });
});
