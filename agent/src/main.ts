import { performance } from "node:perf_hooks";
import { loadEnvConfig } from "@next/env";
import { canListen, describePortInUse, isAddressInUse } from "@mockingbird/contract/ports";
import { describeOriginRule } from "@mockingbird/contract/origin-policy";
import { createCaller, fixedCallerLines, openingLine, scenarioIds, visitorSpeech } from "./caller";
import { ConfigError, loadConfig, type AgentConfig } from "./config";
import { createLogger, type Logger } from "./log";
import { createAgentServer, developmentApiKey, type AgentServer } from "./server";
import { createSpeech, type Speech } from "./speech";

/**
 * `npm run agent`: configuration, logger, speech, server, and a graceful shutdown on
 * SIGINT/SIGTERM (calls closed with 1001 'Server shutting down').
 */

const shutdownDeadlineMs = 10_000;

async function main(): Promise<void> {
  const config = readConfig();
  const log = createLogger(config.logLevel);
  process.on("unhandledRejection", (reason) => log.error({ err: reason }, "unhandled promise rejection"));
  // Before seconds of speech set-up, and again at listen if the port is taken meanwhile.
  if (config.server.port !== 0 && !(await canListen(config.server.port, config.server.host))) await exitPortInUse(config, log);

  const speech = await createSpeech(log, {
    ...visitorSpeech(),
    synthesizer: { workers: config.synthesisWorkers },
    voice: { cacheBytes: config.synthesisCacheBytes },
    voiceEngine: config.callerVoice,
    ...(config.tentativeTranscripts ? {} : { partialIntervalMs: null }),
    // Ready before listening: the first calls find their greeting cached, and its synthesis does not compete with their recognition.
    openings: config.synthesisCacheBytes === 0 ? [] : scenarioIds().map((scenarioId) => openingLine(scenarioId)),
  });
  const server = createAgentServer({
    settings: config.server,
    log,
    speech,
    createCaller: (scenarioId) => createCaller(scenarioId, config.llm ? { llm: { ...config.llm, onFallback: (reason) => log.warn({ reason }, "LLM writer unavailable: the scripted line was used") } } : {}),
    scenarioIds: scenarioIds(),
  });

  let address;
  try {
    address = await server.listen();
  } catch (error) {
    if (isAddressInUse(error)) await exitPortInUse(config, log);
    log.fatal({ err: error, host: config.server.host, port: config.server.port }, "could not listen: is AGENT_HOST an address of this machine?");
    process.exit(1);
  }
  log.info(
    {
      url: address.httpUrl,
      signedUrlOrigin: address.wsUrl,
      agents: scenarioIds(),
      maxCallSeconds: config.server.call.maxCallMs / 1000,
      turnTimeoutSeconds: config.server.call.turnTimeoutMs / 1000,
      silenceEndCallSeconds: Number.isFinite(config.server.call.silenceEndCallMs) ? config.server.call.silenceEndCallMs / 1000 : -1,
      maxConcurrentCalls: config.server.maxConcurrentCalls,
      allowedOrigins: config.server.allowedOrigins.map(describeOriginRule),
      allowedOverrides: config.server.allowedOverrides,
      synthesisWorkers: config.synthesisWorkers,
      // When unavailable, the speech part has logged why and the command that enables it.
      recognition: speech.status.recognition === "available" ? "available" : "unavailable: typed turns only",
      llm: config.llm ? config.llm.url : "off",
      // Since the process started (docs: the agent is ready in at most 3 s on an idle machine).
      readyInMs: Math.round(performance.now()),
    },
    "agent listening",
  );
  warnAboutRiskySettings(config, log);
  handleSignals(server, speech, log);
  void prepareFixedLines(speech, log, config);
}

/**
 * Every other fixed line of the playbooks (the replies to each intent, the tactics, the closing
 * lines), synthesized once calls can start, behind any call's own synthesis (the pool serves
 * "spare" work last) and only while no call is listening (speech/index.ts): a visitor's first
 * "who is this?" then finds its answer ready too, and recognition never shares the cores with it.
 */
async function prepareFixedLines(speech: Speech, log: Logger, config: AgentConfig): Promise<void> {
  if (config.synthesisCacheBytes === 0) return;
  const startedAt = performance.now();
  const lines = scenarioIds().flatMap((scenarioId) => fixedCallerLines(scenarioId));
  await speech.prepare(lines);
  log.info({ lines: lines.length, ms: Math.round(performance.now() - startedAt) }, "the playbooks' fixed lines synthesized");
}

async function exitPortInUse(config: AgentConfig, log: Logger): Promise<never> {
  const restart = (free: number) => `AGENT_PORT=${free}, or AGENT_PORT=0 for any free port`;
  const { host, port } = config.server;
  log.fatal({ host, port }, await describePortInUse({ who: "agent", port, host, setting: "AGENT_PORT", restart }));
  process.exit(1);
}

function readConfig(): AgentConfig {
  // The same .env files, in the same order, as the site reads: one place to set LOCAL_AGENT_API_KEY.
  // From where npm was run (INIT_CWD): `npm run agent` in the project reads the site's files, even
  // though npm runs the workspace's script in agent/.
  loadEnvConfig(process.env.INIT_CWD ?? process.cwd(), false, { info: () => undefined, error: (...args: unknown[]) => console.error(...args) });
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

function warnAboutRiskySettings(config: AgentConfig, log: Logger): void {
  // loadConfig refuses the default key beyond loopback; on loopback it still mints only for this machine's own requests (server/http.ts).
  if (config.server.apiKey === developmentApiKey) log.info("LOCAL_AGENT_API_KEY unset: the documented default key, accepted only from this machine");
  if (config.signingSecretGenerated) log.info("AGENT_SIGNING_SECRET unset: signed URLs are signed with a per-process key and stop working on restart");
}

function handleSignals(server: AgentServer, speech: Speech, log: Logger): void {
  let stopping = false;
  const stop = (why: string, exitCode: number): void => {
    if (stopping) {
      log.warn({ why }, "asked again while shutting down: exiting now");
      process.exit(1);
    }
    stopping = true;
    log.info({ why, activeCalls: server.activeCalls }, "shutting down");
    const deadline = setTimeout(() => {
      log.error("shutdown took too long: exiting");
      process.exit(1);
    }, shutdownDeadlineMs);
    deadline.unref();
    server
      .close()
      .then(() => speech.close())
      .then(
        () => process.exit(exitCode),
        (error: unknown) => {
          log.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
  };
  process.on("SIGINT", () => stop("SIGINT", 0));
  process.on("SIGTERM", () => stop("SIGTERM", 0));
  process.on("uncaughtException", (error) => {
    log.fatal({ err: error }, "uncaught exception");
    stop("uncaught exception", 1);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`The agent could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
