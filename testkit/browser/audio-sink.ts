/**
 * A machine without a sound card (CI, containers) cannot start an AudioContext in Firefox or
 * WebKitGTK: resume() never settles and the call would wait forever. The suites give both
 * browsers a PulseAudio server with a null sink, private to the run (its own runtime folder,
 * anonymous access over one unix socket), and stop it afterwards.
 *
 * A sound card clocks all the time; an idle null sink does not: it renders in 2 s blocks, so a
 * stream that joins it waits up to 2 s for its first request. Firefox's AudioContext then took
 * 1.9 s to start (measured: ~30 ms once the sink is clocking), which no visitor's machine
 * does. A silent stream at 20 ms latency keeps the sink running as hardware runs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type AudioSink = { env: Record<string, string>; stop(): void };

export async function startAudioSink(): Promise<AudioSink> {
  const dir = mkdtempSync(path.join(tmpdir(), "engines-pulse-"));
  const socket = path.join(dir, "native");
  const child: ChildProcess = spawn(
    "pulseaudio",
    [
      "-n",
      "--daemonize=no",
      "--exit-idle-time=-1",
      "--use-pid-file=no",
      "--load=module-null-sink sink_name=engines",
      `--load=module-native-protocol-unix auth-anonymous=1 socket=${socket}`,
    ],
    { env: { ...process.env, HOME: dir, XDG_RUNTIME_DIR: dir, PULSE_RUNTIME_PATH: dir }, stdio: "ignore" },
  );
  let clock: ChildProcess | null = null;
  const stop = () => {
    if (clock && clock.exitCode === null) clock.kill("SIGTERM");
    if (child.exitCode === null) child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!existsSync(socket)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error("PulseAudio did not start (install the pulseaudio package: scripts/setup/ensure-deps.sh does)");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const env = { PULSE_SERVER: `unix:${socket}` };
  clock = spawn("pacat", ["--playback", "--latency-msec=20", "--rate=48000", "--channels=2", "--format=s16le", "/dev/zero"], { env: { ...process.env, ...env }, stdio: "ignore" });
  return { env, stop };
}
