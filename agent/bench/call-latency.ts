/**
 * `npm run bench -- agent`: end of visitor speech -> first agent audio, through the real protocol,
 * with the real agent (pocketsphinx, flite, the playbook caller) in its own process. Visitors
 * speak answers from the evaluation set (held-out split first) in Debian's flite and festival
 * voices, streamed in real time in 20 ms frames like a browser microphone, and a turn counts as
 * understood when the caller's reply is its reaction to what the visitor meant.
 *
 * First a warm-up (`--warmup-calls`, default 10, at once; not counted: the decoders, caches and
 * the fixed lines' synthesis settle, as they have for visitors of an agent that has run a while).
 * Phase 1: one call at a time (`--sequential-calls`, default 4, of 5 turns). Phase 2: `--calls` calls (default 10) at once, arriving at random moments over
 * `--arrival-s` seconds (default 20) and pausing 0.5-1.5 s after each reply like a person, repeated
 * `--repeats` times (default 3) with the same visitors: each repeat's p50/p95 latency and
 * understood, and their median with the spread (lowest-highest), so that two runs of one tree can
 * be compared; calls the agent refused as busy are counted apart, and understood is over the calls
 * it admitted. The agent's CPU and memory per call are the last repeat's.
 * `--tentative=off` runs the agent without tentative transcripts (the visitor's words while they
 * speak); `--tentative=both` measures both ways, on then off, with the same visitors, to show
 * what the words cost a reply (`--tentative=off,on` in the other order).
 *
 *   npm run bench -- agent [--calls=10] [--arrival-s=20] [--sequential-calls=4] [--warmup-calls=10] [--repeats=3] [--tentative=on|off|both|off,on]
 */
import { availableParallelism, loadavg } from "node:os";
import { createCaller } from "../src/caller";
import type { Playbook } from "../src/caller/playbook-schema";
import { loadPlaybooks } from "../src/caller/playbooks";
import { loadEvaluationSet, type EvaluatedIntent, type EvaluationUtterance } from "../eval/evaluation-set";
import { numberOption, stringOption } from "@mockingbird/testkit/cli-options";
import { startFigures } from "@mockingbird/testkit/figures/record";
import { medianWithRange, percentile } from "@mockingbird/testkit/stats";
import { startLocalAgent } from "@mockingbird/testkit/servers/agent-process";
import { random, reactionLines, Visitor, type Sample, type Turn } from "./support/visitor-call";
import { evaluationVoices, speakAs } from "./support/voices";
import { closes } from "@mockingbird/contract/close-reasons";
import { answerableEarlyIntents } from "../src/caller/tuning";

const busyCode = closes.busy.code;

const apiKey = "bench-agent-key";
const concurrentCalls = Math.max(1, numberOption("calls", 10));
const sequentialCalls = Math.max(1, numberOption("sequential-calls", 4));
const arrivalMs = numberOption("arrival-s", 20) * 1000;
const warmupCalls = Math.max(0, numberOption("warmup-calls", 10));
const repeats = Math.max(1, numberOption("repeats", 3));
type Tentative = "on" | "off";
const tentativeOption = stringOption("tentative") ?? "on";
const tentativeModes = (tentativeOption === "both" ? "on,off" : tentativeOption).split(",") as Tentative[];
if (!tentativeModes.every((mode) => mode === "on" || mode === "off")) throw new Error(`--tentative=${tentativeOption}: expected on, off, both (on,off) or the modes in order, e.g. off,on`);
/** Each call: who, what, why, a call-back offer, "say again", then how the visitor ends it. */
const script: readonly EvaluatedIntent[] = ["ask_identity", "ask_purpose", "offer_callback", "ask_repeat"];
const endings: readonly EvaluatedIntent[] = ["refuse", "verify", "goodbye", "comply"];

type Plan = { scenario: string; turns: { turn: Turn; intent: EvaluatedIntent }[] };

async function plans(count: number): Promise<Plan[]> {
  const utterances = loadEvaluationSet();
  const scenarios = [...loadPlaybooks().keys()];
  const pick = (scenario: string, intent: EvaluatedIntent, n: number) => {
    const candidates = utterances.filter((u) => u.scenario === scenario && u.intent === intent);
    const ordered = [...candidates.filter((u) => u.split === "held-out"), ...candidates.filter((u) => u.split === "development")];
    return ordered[n % ordered.length] as EvaluationUtterance;
  };
  const result: Plan[] = [];
  for (let call = 0; call < count; call++) {
    const scenario = scenarios[call % scenarios.length] as string;
    const intents = [...script, endings[call % endings.length] as EvaluatedIntent];
    const turns = [];
    for (const [index, intent] of intents.entries()) {
      const utterance = pick(scenario, intent, call);
      const voice = evaluationVoices[(call + index) % evaluationVoices.length]!;
      turns.push({ turn: { utterance, pcm: await speakAs(voice, utterance.text) }, intent });
    }
    result.push({ scenario, turns });
  }
  return result;
}

/** A call's turns; `refused`: the agent closed it as busy at its start (1013), so it had none. */
type CallResult = { refused: boolean; turns: ((Sample & { intent: EvaluatedIntent }) | null)[] };

async function runCall(origin: string, plan: Plan, pause: () => number): Promise<CallResult> {
  const playbook = loadPlaybooks().get(plan.scenario) as Playbook;
  const expected = reactionLines(playbook);
  const visitor = new Visitor(origin, plan.scenario, apiKey);
  await visitor.connect();
  if (visitor.closeCode === busyCode) return { refused: true, turns: [] };
  visitor.rememberGreeting();
  const samples: CallResult["turns"] = [];
  for (const { turn, intent } of plan.turns) {
    await new Promise((resolve) => setTimeout(resolve, pause()));
    const sample = await visitor.say(turn, intent === "ask_repeat" ? "repeat" : (expected.get(intent) as Set<string>));
    samples.push(sample && { ...sample, intent });
  }
  visitor.close();
  return { refused: false, turns: samples };
}

type Summary = {
  answered: number;
  turns: number;
  p50: string;
  p95: string;
  max: string;
  understood: number;
  unanswered: number;
  tentativesPerTurn: string;
  refusedCalls: number;
  /** p50 of the questions (answerable at the visitor's pause) and of the other turns (the full hangover). */
  questionsP50: string;
  othersP50: string;
};

function summarise(calls: CallResult[]): Summary {
  const turns = calls.flatMap((call) => call.turns);
  const samples = turns.filter((turn) => turn !== null);
  const latencies = samples.map((sample) => sample.latencyMs);
  return {
    answered: samples.length,
    turns: turns.length,
    p50: percentile(latencies, 50).toFixed(0),
    p95: percentile(latencies, 95).toFixed(0),
    max: Math.max(...latencies).toFixed(0),
    understood: samples.filter((sample) => sample.understood).length,
    unanswered: turns.length - samples.length,
    tentativesPerTurn: (samples.reduce((sum, sample) => sum + sample.tentatives, 0) / Math.max(1, samples.length)).toFixed(1),
    refusedCalls: calls.filter((call) => call.refused).length,
    questionsP50: percentile(samples.filter((sample) => answerableEarlyIntents.has(sample.intent)).map((sample) => sample.latencyMs), 50).toFixed(0),
    othersP50: percentile(samples.filter((sample) => !answerableEarlyIntents.has(sample.intent)).map((sample) => sample.latencyMs), 50).toFixed(0),
  };
}

const understoodPercent = (summary: Summary) => (100 * summary.understood) / Math.max(1, summary.turns);

type Spread = { p50: string; p95: string; understood: string; refused: string };

function spreadOf(summaries: Summary[]): Spread {
  return {
    p50: medianWithRange(summaries.map((summary) => Number(summary.p50)), " ms"),
    p95: medianWithRange(summaries.map((summary) => Number(summary.p95)), " ms"),
    understood: medianWithRange(summaries.map(understoodPercent), "%"),
    refused: medianWithRange(summaries.map((summary) => summary.refusedCalls), ""),
  };
}

const understoodShare = (summary: Summary) => `${summary.understood}/${summary.turns} (${understoodPercent(summary).toFixed(0)}%)`;

function report(label: string, summary: Summary): string {
  return (
    `${label}: n=${summary.answered}  p50 ${summary.p50} ms (questions ${summary.questionsP50}, the rest ${summary.othersP50})  p95 ${summary.p95} ms  max ${summary.max} ms` +
    `  understood ${understoodShare(summary)}${summary.unanswered > 0 ? `  unanswered ${summary.unanswered}` : ""}` +
    `${summary.refusedCalls > 0 ? `  refused as busy ${summary.refusedCalls} calls` : ""}  tentative transcripts ${summary.tentativesPerTurn} per turn`
  );
}

type Measured = { mode: Tentative; one: Summary; many: Summary[]; spread: Spread; cpu: string; memory: string };

/** `plans` at once, arriving over arrivalMs and pausing like people, the same draws each time. */
async function concurrentPhase(origin: string, plans: readonly Plan[]): Promise<CallResult[]> {
  const next = random(12);
  const arrivals = plans.map(() => next() * arrivalMs);
  const pause = () => 500 + next() * 1000;
  return Promise.all(
    plans.map(async (plan, index) => {
      await new Promise((resolve) => setTimeout(resolve, arrivals[index]));
      return runCall(origin, plan, pause);
    }),
  );
}

/** Both phases against a fresh agent process, its tentative transcripts on or off. */
async function measure(mode: Tentative, sequentialPlans: readonly Plan[], warmupPlans: readonly Plan[], concurrentPlans: readonly Plan[]): Promise<Measured> {
  // Loading the language models takes a few seconds, minutes on a machine busy with other work.
  const agent = await startLocalAgent({
    env: { LOCAL_AGENT_API_KEY: apiKey, AGENT_MAX_CONCURRENT_CALLS: String(concurrentCalls + 5), AGENT_TENTATIVE_TRANSCRIPTS: mode, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    readyTimeoutMs: 300_000,
  });
  try {
    // First, so that both phases meet an agent that has made its decoders and synthesized its fixed lines, as visitors do.
    if (warmupPlans.length > 0) {
      console.log(`tentative transcripts ${mode}, warm-up: ${warmupPlans.length} calls at once, not counted ...`);
      await concurrentPhase(agent.origin, warmupPlans);
    }
    console.log(`tentative transcripts ${mode}, phase 1: one call at a time, 5 turns each (real time, so this takes a few minutes) ...`);
    const sequential: CallResult[] = [];
    const steady = () => 800;
    for (const plan of sequentialPlans) sequential.push(await runCall(agent.origin, plan, steady));
    // Few enough to read, and one turn moves this phase's understood by 5 points.
    for (const [call, { turns }] of sequential.entries()) {
      for (const [index, turn] of turns.entries()) {
        if (turn && !turn.understood) console.log(`  not understood: call ${call + 1}, turn ${index + 1}, ${turn.intent}, heard as "${turn.heard ?? ""}"`);
      }
    }
    const many: Summary[] = [];
    let cpu = "";
    let memory = "";
    for (let repeat = 1; repeat <= repeats; repeat++) {
      console.log(`tentative transcripts ${mode}, phase 2 (${repeat} of ${repeats}): ${concurrentCalls} calls at once, arriving over ${arrivalMs / 1000} s, 5 turns each ...`);
      const idleRss = agent.rssMb();
      const cpuBefore = agent.cpuMs();
      const startedAt = performance.now();
      let peakRss = idleRss;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, agent.rssMb())), 250);
      const summary = summarise(await concurrentPhase(agent.origin, concurrentPlans));
      clearInterval(sampler);
      many.push(summary);
      console.log(`  ${report(`repeat ${repeat}`, summary)}`);
      const seconds = (performance.now() - startedAt) / 1000;
      const cpuPercent = ((agent.cpuMs() - cpuBefore) / 1000 / seconds) * 100;
      cpu = `${cpuPercent.toFixed(0)}% of one core in all, ${(cpuPercent / concurrentCalls).toFixed(1)}% per call`;
      memory = `${idleRss.toFixed(0)} MB idle, ${peakRss.toFixed(0)} MB peak with ${concurrentCalls} calls, ${((peakRss - idleRss) / concurrentCalls).toFixed(1)} MB per call`;
    }
    return { mode, one: summarise(sequential), many, spread: spreadOf(many), cpu, memory };
  } finally {
    await agent.stop();
  }
}

async function main() {
  const figures = startFigures("agent");
  // Checks the playbooks load before anything starts (a broken playbook is a clear error, not a hang).
  createCaller("it-helpdesk-mfa-reset");
  console.log("synthesising visitor speech (flite and festival, cached after the first run) ...");
  const sequentialPlans = await plans(sequentialCalls);
  const concurrentPlans = await plans(concurrentCalls);
  // Other visitors than the measured ones: the warm-up leaves nothing cached that the repeats then find.
  const warmupPlans = (await plans(concurrentCalls + warmupCalls)).slice(concurrentCalls);
  const loadBefore = loadavg()[0] ?? 0;
  const results: Measured[] = [];
  for (const mode of tentativeModes) results.push(await measure(mode, sequentialPlans, warmupPlans, concurrentPlans));

  // Replies at a person's pace: a person answers in about 200 ms.
  const target = `targets: one call p50 <= 300 ms; ${concurrentCalls} calls p95 <= 600 ms, understood >= 95%`;
  const named = (result: Measured, label: string) => (tentativeModes.length > 1 ? `${label}, tentative transcripts ${result.mode}` : label);
  console.log(
    [
      "",
      `end of visitor speech -> first agent audio (${target})`,
      ...results.flatMap((result) => [
        report(named(result, "one call at a time").padEnd(22), result.one),
        ...result.many.map((summary, index) => report(named(result, `${concurrentCalls} calls at once, repeat ${index + 1}`).padEnd(22), summary)),
        `${named(result, `${concurrentCalls} calls at once`)}, median of ${repeats} (lowest-highest): p50 ${result.spread.p50}, p95 ${result.spread.p95}, understood ${result.spread.understood}, refused as busy ${result.spread.refused} calls`,
        `agent CPU during the ${concurrentCalls} calls${tentativeModes.length > 1 ? ` (tentative ${result.mode})` : ""}: ${result.cpu}`,
        `agent memory: ${result.memory}`,
      ]),
      `machine: ${availableParallelism()} cores, load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]?.toFixed(1)} after (the bench and its visitors run on the same machine; other work skews every figure)`,
    ].join("\n"),
  );
  const row = (label: string, summary: Summary) => [label, summary.turns, `${summary.p50} ms`, `${summary.p95} ms`, `${summary.max} ms`, understoodShare(summary), summary.unanswered, summary.refusedCalls, summary.tentativesPerTurn];
  figures.record({
    tables: [
      {
        id: "latency",
        title: `End of visitor speech -> first agent audio over the real protocol (${target})`,
        columns: ["calls", "turns", "p50", "p95", "max", "understood", "unanswered", "calls refused as busy", "tentative transcripts per turn"],
        rows: results.flatMap((result) => [
          row(named(result, `one at a time (${sequentialCalls} calls)`), result.one),
          ...result.many.map((summary, index) => row(named(result, `${concurrentCalls} at once, arriving over ${arrivalMs / 1000} s, pausing like people, repeat ${index + 1}`), summary)),
        ]),
      },
      {
        id: "cost",
        title: `The agent's cost with ${concurrentCalls} calls at once`,
        columns: ["resource", "measured"],
        rows: results.flatMap((result) => [
          [named(result, "CPU"), result.cpu],
          [named(result, "memory"), result.memory],
        ]),
      },
    ],
    headlines: results.flatMap((result) => [
      { figure: named(result, "End of visitor speech -> first agent audio, one call at a time"), value: `p50 ${result.one.p50} ms (questions ${result.one.questionsP50} ms, the rest ${result.one.othersP50} ms), p95 ${result.one.p95} ms; understood ${understoodShare(result.one)}` },
      {
        figure: named(result, `Same, ${concurrentCalls} calls at once, median of ${repeats} repeats after a warm-up (lowest-highest)`),
        value: `p50 ${result.spread.p50}, p95 ${result.spread.p95}; understood ${result.spread.understood} of the admitted calls' turns; refused as busy ${result.spread.refused} calls`,
      },
    ]),
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
