/**
 * A machine without a sound card (CI, containers) cannot start an AudioContext in Firefox or
 * WebKitGTK: resume() never settles and the call would wait forever. The suites give both
 * browsers a PulseAudio server with a null sink, private to the run (its own runtime folder,
 * anonymous access over one unix socket), and stop it afterwards.
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
  const stop = () => {
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
  return { env: { PULSE_SERVER: `unix:${socket}` }, stop };
}
