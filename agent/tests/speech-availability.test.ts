/** @jest-environment node */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { createSpeech, type Speech } from "../src/speech";
import { findLibrary, missingModelFiles, modelPaths } from "../src/speech/recognition/pocketsphinx";

jest.setTimeout(20_000);

const ENABLE = "apt-get install pocketsphinx-en-us libpocketsphinx3";

/** A pino logger whose JSON lines the test can read. */
function capturingLogger() {
  const lines: { level: number; msg: string; reason?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: "info" }, stream), lines };
}

describe("speech without pocketsphinx", () => {
  let speech: Speech;
  let lines: ReturnType<typeof capturingLogger>["lines"];

  beforeAll(async () => {
    const captured = capturingLogger();
    lines = captured.lines;
    speech = await createSpeech(captured.log, { library: "/nonexistent/lib/libpocketsphinx.so.3" });
  });

  afterAll(async () => {
    await speech.close();
  });

  it("reports recognition unavailable with the command that enables it", () => {
    expect(speech.status.recognition).toBe("unavailable");
    expect(speech.status.reason).toContain("/nonexistent/lib/libpocketsphinx.so.3");
    expect(speech.status.reason).toContain(ENABLE);
  });

  it("says so in the log at warn level, with the same command", () => {
    const warning = lines.find((line) => line.level === 40 && line.msg.includes("recognition unavailable"));
    expect(warning?.msg).toContain(ENABLE);
  });

  it("creates no recognizer", () => {
    expect(speech.createRecognizer({ phrases: ["who is this"], onSpeechStart: () => undefined, onUtterance: () => undefined })).toBeNull();
  });

  it("still speaks", async () => {
    expect((await speech.synthesize("Typed turns still get spoken answers.")).length).toBeGreaterThan(16_000);
  });
});

describe("speech with an incomplete model", () => {
  let emptyModelDir: string;

  beforeAll(() => {
    emptyModelDir = mkdtempSync(path.join(tmpdir(), "mockingbird-no-model-"));
  });

  afterAll(() => {
    rmSync(emptyModelDir, { recursive: true, force: true });
  });

  it("names the missing model files and the command that installs them", async () => {
    const speech = await createSpeech(pino({ level: "silent" }), { modelDir: emptyModelDir });
    await speech.close();
    expect(speech.status.recognition).toBe("unavailable");
    expect(speech.status.reason).toContain(path.join(emptyModelDir, "en-us.lm.bin"));
    expect(speech.status.reason).toContain(ENABLE);
  });
});

describe("where pocketsphinx lives", () => {
  it("finds the library under a multiarch directory", () => {
    expect(findLibrary()).toMatch(/^\/usr\/lib\/.+\/libpocketsphinx\.so\.3$/);
  });

  it("finds nothing where there is nothing", () => {
    expect(findLibrary(["/nonexistent"])).toBeNull();
  });

  it("has every model file Debian's pocketsphinx-en-us installs", () => {
    expect(missingModelFiles(modelPaths())).toEqual([]);
  });
});
