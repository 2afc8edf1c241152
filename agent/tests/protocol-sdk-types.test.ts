/** @jest-environment node */
import path from "node:path";
import ts from "typescript";
import { ofType, startAgent, testCallSettings, tone, silence, type Frame } from "./support/agent-harness";

/**
 * What actually goes over the wire, checked against the SDK's own generated types
 * (@elevenlabs/types, which @elevenlabs/client 1.25 is built on). messages.ts already types
 * every frame builder with them at compile time; this checks the JSON the server sent in a
 * real call, every kind of frame included, by type-checking it as a TypeScript literal.
 */

jest.setTimeout(60_000);

const root = path.resolve(__dirname, "../..");
const sdkTypes = [
  "ConversationMetadata",
  "Ping",
  "AgentResponse",
  "Audio",
  "UserTranscript",
  "Interruption",
  "AgentResponseCorrection",
  "ClientToolCallMessage",
  "AgentToolResponseMessage",
  "ErrorMessage",
  "AgentChatResponsePart",
  "VadScore",
] as const;

/** The TypeScript diagnostics of `source`, compiled as a file at the project root. */
function typeErrors(source: string): string[] {
  const fileName = path.join(root, "agent", "tests", "__wire-frames__.ts");
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  host.getSourceFile = (name, languageVersion, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, languageVersion, true) : getSourceFile(name, languageVersion, ...rest);
  const program = ts.createProgram([fileName], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === fileName || diagnostic.file === undefined)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

function asTypedLiteral(frames: readonly Frame[]): string {
  return [
    `import type { ${sdkTypes.join(", ")} } from "@elevenlabs/types";`,
    `type ServerFrame = ${sdkTypes.join(" | ")};`,
    ...frames.map((frame, i) => `export const frame${i}: Extract<ServerFrame, { type: ${JSON.stringify(frame.type)} }> = ${JSON.stringify(frame)};`),
  ].join("\n");
}

async function framesOfARealCall(): Promise<Frame[]> {
  const agent = await startAgent({ timings: { pingIntervalMs: 100 } });
  try {
    const long = `${"This is a long opening line that keeps going. ".repeat(6)}End.`;
    const call = await agent.startCall({ conversation_config_override: { agent: { first_message: long } } });
    await call.waitForAudio(1, 3_200);
    // The visitor talks over the greeting, then the caller ends the call.
    agent.speech.understandNext("who is this");
    call.sendAudio(tone(200, 8_000));
    call.sendAudio(silence(64));
    await call.waitFor(ofType("agent_response_correction"), "correction");
    call.send({ type: "user_message", text: "goodbye" });
    await call.waitFor(ofType("agent_tool_response"), "end_call");
    call.close();
    return call.frames;
  } finally {
    await agent.close();
  }
}

/** A text-only call: its replies are streamed. */
async function framesOfATypedCall(): Promise<Frame[]> {
  const agent = await startAgent();
  try {
    const call = await agent.startCall({ conversation_config_override: { agent: {}, tts: {}, conversation: { text_only: true } } });
    await call.roundTrip("who is this");
    call.close();
    return call.frames;
  } finally {
    await agent.close();
  }
}

/** A call that runs into the time limit gets the error frame. */
async function framesOfACallOverItsTime(): Promise<Frame[]> {
  const agent = await startAgent({ settings: { call: { ...testCallSettings, maxCallMs: 1_000 } } });
  try {
    const call = await agent.startCall({ conversation_config_override: { agent: { first_message: "" } } });
    await call.waitFor(ofType("error"), "max_duration_exceeded");
    return call.frames;
  } finally {
    await agent.close();
  }
}

describe("frames on the wire", () => {
  it("are every one of the SDK's own types for them, alignment included", async () => {
    const frames = [...(await framesOfARealCall()), ...(await framesOfATypedCall()), ...(await framesOfACallOverItsTime())];
    expect(new Set(frames.map((frame) => frame.type))).toEqual(
      new Set([
        "conversation_initiation_metadata",
        "ping",
        "agent_response",
        "audio",
        "vad_score",
        "user_transcript",
        "interruption",
        "agent_response_correction",
        "client_tool_call",
        "agent_tool_response",
        "agent_chat_response_part",
        "error",
      ]),
    );
    // One of each kind and every distinct shape of audio is enough: the rest are the same builders.
    const sample = frames.filter((frame, i) => frames.findIndex((other) => other.type === frame.type) === i || frame.type === "audio");
    expect(typeErrors(asTypedLiteral(sample))).toEqual([]);
  });

  it("would be caught if they drifted from the SDK's types", () => {
    const drifted = { type: "audio", audio_event: { audio_base_64: "AAAA", event_id: 1, alignment: { chars: ["a"], char_start_times_ms: ["0"], char_durations_ms: [1] } } };
    expect(typeErrors(asTypedLiteral([drifted]))).not.toEqual([]);
  });
});
