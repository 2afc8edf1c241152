/** @jest-environment node */
import type { CallerReply, VisitorTurn } from "../src/caller/caller";
import type { LineOutcome } from "../src/server/session/audio-pacer";
import { inaudibleTranscript } from "../src/server/session/caption";
import type { ServerFrame } from "../src/server/messages";
import type { CutLine, Line } from "../src/server/session/delivery";
import { TurnTaking } from "../src/server/session/turn-taking";
import { capturingLogger } from "./support/capturing-logger";

/** Lines that play until the test finishes or cuts them. */
function fakeLines() {
  const spoken: { text: string; eventId: number; isOpening: boolean; finish: (outcome: LineOutcome) => void }[] = [];
  let playing: (typeof spoken)[number] | null = null;
  return {
    spoken,
    speak({ text, eventId, isOpening = false }: Line): Promise<LineOutcome> {
      return new Promise<LineOutcome>((resolve) => {
        const line = {
          text,
          eventId,
          isOpening,
          finish: (outcome: LineOutcome) => {
            if (playing === line) playing = null;
            resolve(outcome);
          },
        };
        spoken.push(line);
        playing = line;
      });
    },
    cut(): CutLine | null {
      const line = playing;
      if (!line) return null;
      line.finish("interrupted");
      return { eventId: line.eventId, text: line.text, heard: line.text.split(" ")[0] ?? "" };
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setUp(respond: (turn: VisitorTurn) => Promise<CallerReply> = async (turn) => ({ text: `You said ${turn.text}.` }), maxQueuedTurns = 3) {
  const frames: ServerFrame[] = [];
  const lines = fakeLines();
  const endings: string[] = [];
  const { log, lines: logLines } = capturingLogger();
  let live = true;
  const silence: string[] = [];
  const heard: VisitorTurn[] = [];
  const turns = new TurnTaking({
    caller: { respond: (turn) => (heard.push(turn), respond(turn)), silence: (kind) => (kind === "prompt" ? { text: "Are you still there?" } : { text: "I've lost you. Bye.", end: "silent" }) },
    log,
    send: (frame) => frames.push(frame) > 0,
    isLive: () => live,
    maxQueuedTurns,
    ending: {
      begin: (end, eventId) => endings.push(`begin ${end} ${eventId}`),
      closingLineDone: (eventId, outcome, end) => endings.push(`done ${eventId} ${outcome} ${end}`),
    },
    silence: { callerTurn: () => silence.push("caller turn"), waitForVisitor: () => silence.push("wait for visitor"), visitorActive: () => silence.push("visitor active") },
  });
  turns.start(lines);
  return { turns, frames, lines, endings, silence, heard, logLines, end: () => (live = false) };
}

const utterance = (transcript: string, alternatives?: string[]) => ({ transcript, ...(alternatives ? { alternatives } : {}), endOfTurnAt: 0 });
const types = (frames: ServerFrame[]) => frames.map((frame) => frame.type);
/** A frame's type and the event id it names. */
const typeAndId = (frame: ServerFrame) => [frame.type, Number(/"event_id":(\d+)/.exec(JSON.stringify(frame))?.[1])];

describe("answering the visitor", () => {
  it("sends a spoken turn's user_transcript before handing it to the caller with its alternatives", async () => {
    const { turns, frames, heard } = setUp();
    turns.spoken(utterance("it is me", ["it is knee"]));
    expect(frames).toEqual([{ type: "user_transcript", user_transcription_event: { user_transcript: "it is me", event_id: 1 } }]);
    await settle();
    expect(heard).toEqual([{ via: "speech", text: "it is me", alternatives: ["it is knee"] }]);
  });

  it("hands the caller how sure the recogniser was of a spoken turn", async () => {
    const { turns, heard } = setUp();
    turns.spoken({ ...utterance("okay i will send it"), confidence: 0.42 });
    await settle();
    expect(heard).toEqual([{ via: "speech", text: "okay i will send it", confidence: 0.42 }]);
  });

  it("captions speech in which no words came out as '(inaudible)' and still hands it to the caller", async () => {
    const { turns, frames, heard } = setUp();
    turns.spoken(utterance(""));
    await settle();
    expect(frames).toEqual([expect.objectContaining({ user_transcription_event: expect.objectContaining({ user_transcript: inaudibleTranscript }) })]);
    expect(heard).toEqual([{ via: "speech", text: "" }]);
  });

  it("answers turns one at a time, in the order they came", async () => {
    const { turns, lines } = setUp();
    turns.typed("one");
    turns.typed("two");
    await settle();
    expect(lines.spoken.map(({ text }) => text)).toEqual(["You said one."]);
    lines.spoken[0]?.finish("finished");
    await settle();
    expect(lines.spoken.map(({ text }) => text)).toEqual(["You said one.", "You said two."]);
  });

  it("drops a visitor turn when too many are already waiting for an answer", async () => {
    const { turns, lines, logLines } = setUp(undefined, 2);
    turns.typed("one");
    turns.typed("two");
    turns.typed("three");
    for (let i = 0; i < 3; i += 1) {
      await settle();
      lines.spoken.at(-1)?.finish("finished");
    }
    expect(lines.spoken.map(({ text }) => text)).toEqual(["You said one.", "You said two."]);
    expect(logLines.map(({ msg }) => msg)).toContain("dropped a visitor turn: too many waiting for an answer");
  });

  it("skips a turn the caller fails to answer and answers the next", async () => {
    const { turns, lines, logLines } = setUp(async (turn) => {
      if (turn.text === "boom") throw new Error("caller bug");
      return { text: "Next." };
    });
    turns.typed("boom");
    turns.typed("fine");
    await settle();
    expect(lines.spoken.map(({ text }) => text)).toEqual(["Next."]);
    expect(logLines.map(({ msg }) => msg)).toContain("the caller failed to answer a turn; it was skipped");
  });

  it("takes no turns once the call is no longer live, and answers none still waiting", async () => {
    const { turns, frames, lines, end } = setUp();
    turns.typed("one");
    end();
    turns.typed("two");
    turns.spoken(utterance("three"));
    await settle();
    expect(lines.spoken).toEqual([]);
    expect(frames).toEqual([]);
  });
});

describe("barge-in", () => {
  it("speech over the agent's line stops it, with an interruption above its id, then the correction to what was heard", async () => {
    const { turns, frames, lines } = setUp();
    turns.open({ text: "Hello there, this is Sam." });
    await settle();
    turns.speechStarted();
    expect(frames).toEqual([
      { type: "interruption", interruption_event: { event_id: 2 } },
      { type: "agent_response_correction", agent_response_correction_event: { original_agent_response: "Hello there, this is Sam.", corrected_agent_response: "Hello", event_id: 1 } },
    ]);
    expect(lines.spoken[0]?.isOpening).toBe(true);
  });

  it("gives the interrupting turn's transcript the interruption's id when nothing went out in between", async () => {
    const { turns, frames } = setUp();
    turns.open({ text: "Hello there." });
    await settle();
    turns.speechStarted();
    turns.spoken(utterance("stop"));
    expect(frames.map(typeAndId)).toEqual([
      ["interruption", 2],
      ["agent_response_correction", 1],
      ["user_transcript", 2],
    ]);
  });

  it("interrupts when an utterance arrives without a speech start, as a typed turn does", async () => {
    const { turns, frames } = setUp();
    turns.open({ text: "Hello there." });
    await settle();
    turns.spoken(utterance("stop"));
    expect(types(frames)).toEqual(["interruption", "agent_response_correction", "user_transcript"]);
    turns.open({ text: "Again." });
    await settle();
    turns.typed("stop");
    expect(types(frames).slice(3)).toEqual(["interruption", "agent_response_correction"]);
  });

  it("does nothing when no line is playing", () => {
    const { turns, frames } = setUp();
    turns.speechStarted();
    expect(frames).toEqual([]);
  });

  it("numbers agent lines, interruptions and the turns after them from one counter that only goes up", async () => {
    const { turns, frames, lines } = setUp();
    turns.open({ text: "Hello there." });
    await settle();
    turns.speechStarted();
    turns.spoken(utterance("who is this"));
    await settle();
    turns.spoken(utterance("hello"));
    await settle();
    expect(frames.map(typeAndId)).toEqual([
      ["interruption", 2],
      ["agent_response_correction", 1],
      ["user_transcript", 2],
      ["interruption", 4],
      ["agent_response_correction", 3],
      ["user_transcript", 4],
    ]);
    expect(lines.spoken.map(({ eventId }) => eventId)).toEqual([1, 3, 5]);
  });
});

describe("a reply that ends the call", () => {
  it("hands over to the ending before its line goes out, and again once the line is done, under the line's id", async () => {
    const { turns, lines, endings } = setUp(async () => ({ text: "Fine, goodbye.", end: "hung-up" }));
    turns.typed("goodbye");
    await settle();
    expect(endings).toEqual(["begin hung-up 1"]);
    lines.spoken[0]?.finish("finished");
    await settle();
    expect(endings).toEqual(["begin hung-up 1", "done 1 finished hung-up"]);
  });

  it("takes the event ids the ending needs from the same counter", () => {
    const { turns } = setUp();
    expect([turns.allocateEventId(), turns.allocateEventId()]).toEqual([1, 2]);
  });
});

describe("the visitor's words as they speak", () => {
  it("go out as tentative_user_transcript under the id the turn's user_transcript then takes", async () => {
    const { turns, frames } = setUp();
    turns.tentative("i will");
    turns.tentative("i will call you");
    turns.spoken(utterance("i will call you back"));
    expect(frames.map(typeAndId)).toEqual([
      ["tentative_user_transcript", 1],
      ["tentative_user_transcript", 1],
      ["user_transcript", 1],
    ]);
    expect(frames[1]).toEqual({ type: "tentative_user_transcript", tentative_user_transcription_event: { user_transcript: "i will call you", event_id: 1 } });
  });

  it("share the interruption's id when the visitor talks over the caller", async () => {
    const { turns, frames } = setUp();
    turns.typed("hello");
    await settle();
    turns.speechStarted();
    turns.tentative("wait");
    turns.spoken(utterance("wait a second"));
    expect(frames.map(typeAndId)).toEqual([
      ["interruption", 2],
      ["agent_response_correction", 1],
      ["tentative_user_transcript", 2],
      ["user_transcript", 2],
    ]);
  });

  it("are not sent once the call is no longer live, nor when no words were heard", () => {
    const { turns, frames, end } = setUp();
    turns.tentative("");
    end();
    turns.tentative("hello");
    expect(frames).toEqual([]);
  });
});

describe("a silent visitor", () => {
  it("is waited on once the caller's line has played, and not while a turn of theirs waits for an answer", async () => {
    const { turns, lines, silence } = setUp();
    turns.typed("one");
    turns.typed("two");
    await settle();
    lines.spoken[0]!.finish("finished");
    await settle();
    lines.spoken[1]!.finish("finished");
    await settle();
    expect(silence).toEqual(["visitor active", "visitor active", "caller turn", "caller turn", "wait for visitor"]);
  });

  it("is not waited on after a line the visitor cut", async () => {
    const { turns, silence } = setUp();
    turns.typed("one");
    await settle();
    turns.speechStarted();
    await settle();
    expect(silence).toEqual(["visitor active", "caller turn", "visitor active"]);
  });

  it("hears the caller again in its own words at the turn timeout, and its closing line at the silence timeout", async () => {
    const { turns, lines, endings } = setUp();
    turns.silencePrompt();
    await settle();
    lines.spoken[0]!.finish("finished");
    turns.silenceEnd();
    await settle();
    lines.spoken[1]!.finish("finished");
    await settle();
    expect(lines.spoken.map(({ text }) => text)).toEqual(["Are you still there?", "I've lost you. Bye."]);
    expect(endings).toEqual(["begin silent 2", "done 2 finished silent"]);
  });

  it("is not prompted again while a turn of theirs waits for an answer", async () => {
    const { turns, lines } = setUp(() => new Promise(() => undefined));
    turns.typed("one");
    turns.silencePrompt();
    await settle();
    expect(lines.spoken).toEqual([]);
  });

  it("counts as there again after user activity", () => {
    const { turns, silence } = setUp();
    turns.visitorActive();
    expect(silence).toEqual(["visitor active"]);
  });
});
