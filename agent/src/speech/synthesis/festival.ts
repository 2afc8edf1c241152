/**
 * Debian's festival as a resident process (`festival --pipe`), the caller's voice when its HTS
 * voice is installed: the process loads the voice once, then each sentence costs only its
 * synthesis. Audio comes back on the process's stdout (raw 16 kHz s16le after a header line
 * with its length), with festival's segment end times for the captions' alignment: nothing
 * is written to disk.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import type { Phone } from "./alignment";
import { speakableText, type SynthesisEngine } from "./synthesizer";

/** The US English HTS voice Debian packages as festvox-us-slt-hts. */
export const FESTIVAL_HTS_VOICE = "cmu_us_slt_arctic_hts";
export const FESTIVAL_HTS_PACKAGES = "festival festvox-us-slt-hts";
const VOICE_DIRS = ["/usr/share/festival/voices/us/cmu_us_slt_arctic_hts", "/usr/share/festival/voices/english/cmu_us_slt_arctic_hts"];

/** Whether festival and its HTS voice are installed (a quick look at the disk, no process started). */
export function festivalHtsInstalled(): boolean {
  return VOICE_DIRS.some((dir) => existsSync(dir)) && ["/usr/bin/festival", "/usr/local/bin/festival"].some((file) => existsSync(file));
}

/** A string as a Scheme literal. */
export function schemeString(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** What one request asks festival to do: synthesize, resample, print the length, the samples and the segments. */
export function festivalRequest(text: string): string {
  return [
    `(set! mb_u (utt.synth (Utterance Text ${schemeString(text)})))`,
    "(utt.wave.resample mb_u 16000)",
    `(format t "MBWAVE %d\\n" (cadr (assoc 'num_samples (wave.info (utt.wave mb_u)))))`,
    `(utt.save.wave mb_u "-" 'raw)`,
    `(format t "MBSEG")`,
    `(mapcar (lambda (s) (format t " %s %f" (item.name s) (item.feat s "end"))) (utt.relation.items mb_u 'Segment))`,
    `(format t "\\n")`,
    "(fflush nil)",
    "",
  ].join("\n");
}

type Pending = { resolve(speech: { pcm: Int16Array; phones: Phone[] }): void; reject(error: Error): void };

/** One festival process: requests are answered in order, one at a time. */
export class FestivalProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly queue: Pending[] = [];
  private expectedSamples: number | null = null;
  private pcm: Int16Array | null = null;
  private failed: Error | null = null;

  constructor(voice = FESTIVAL_HTS_VOICE, command = "festival") {
    this.child = spawn(command, ["--pipe"], { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout.on("data", (data: Buffer) => this.onData(data));
    this.child.stderr.on("data", () => undefined);
    this.child.on("error", (error) => this.fail(error));
    this.child.on("exit", (code, signal) => this.fail(new Error(`festival exited (${signal ?? code})`)));
    this.child.stdin.on("error", (error) => this.fail(error));
    this.child.stdin.write(`(voice_${voice})\n`);
    this.hold(false);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.failed === null;
  }

  synthesize(text: string): Promise<{ pcm: Int16Array; phones: Phone[] }> {
    if (this.failed) return Promise.reject(this.failed);
    const speakable = speakableText(text);
    if (!/[A-Za-z0-9]/.test(speakable)) return Promise.resolve({ pcm: new Int16Array(0), phones: [] });
    return new Promise((resolve, reject) => {
      this.queue.push({ resolve, reject });
      this.child.stdin.write(festivalRequest(speakable));
    });
  }

  /** While a sentence is being made the process keeps Node alive; idle, it does not. */
  hold(busy: boolean): void {
    for (const handle of [this.child, this.child.stdout, this.child.stdin, this.child.stderr]) {
      const ref = handle as unknown as { ref?(): void; unref?(): void };
      if (busy) ref.ref?.();
      else ref.unref?.();
    }
  }

  close(): Promise<void> {
    this.fail(new Error("festival was closed"));
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    this.child.kill("SIGTERM");
    return exited;
  }

  private fail(error: Error): void {
    if (this.failed) return;
    this.failed = error;
    for (const pending of this.queue.splice(0)) pending.reject(error);
  }

  private onData(data: Buffer): void {
    this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
    for (;;) {
      if (this.expectedSamples === null) {
        const header = this.buffer.indexOf("MBWAVE ");
        const newline = header < 0 ? -1 : this.buffer.indexOf(10, header);
        if (newline < 0) return;
        this.expectedSamples = Number(this.buffer.toString("latin1", header + 7, newline));
        this.buffer = this.buffer.subarray(newline + 1);
      }
      if (this.pcm === null) {
        const bytes = this.expectedSamples * 2;
        if (this.buffer.length < bytes) return;
        const pcm = new Int16Array(this.expectedSamples);
        for (let i = 0; i < pcm.length; i++) pcm[i] = this.buffer.readInt16LE(i * 2);
        this.pcm = pcm;
        this.buffer = this.buffer.subarray(bytes);
      }
      const start = this.buffer.indexOf("MBSEG");
      const end = start < 0 ? -1 : this.buffer.indexOf(10, start);
      if (end < 0) return;
      const fields = this.buffer.toString("latin1", start + 5, end).trim().split(/\s+/);
      const phones: Phone[] = [];
      for (let i = 0; i + 1 < fields.length; i += 2) phones.push({ name: fields[i] as string, endS: Number(fields[i + 1]) });
      this.buffer = this.buffer.subarray(end + 1);
      const pcm = this.pcm;
      this.pcm = null;
      this.expectedSamples = null;
      this.queue.shift()?.resolve({ pcm, phones });
    }
  }
}

/** festival's slt HTS voice for a synthesis pool (synthesizer.ts): one resident process per slot. */
export function festivalEngine(voice = FESTIVAL_HTS_VOICE): SynthesisEngine {
  return {
    name: "festival",
    async prepare() {
      if (!festivalHtsInstalled()) throw new Error(`festival's HTS voice is not installed (apt-get install ${FESTIVAL_HTS_PACKAGES})`);
    },
    start() {
      const process = new FestivalProcess(voice);
      return { speak: (text) => process.synthesize(text), hold: (busy) => process.hold(busy), stop: () => process.close() };
    },
  };
}
