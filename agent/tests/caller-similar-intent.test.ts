import { createSimilarIntent, type LabelledSentence } from "../src/caller/similar-intent";
import { createIntentClassifier } from "../src/caller/intents";
import { loadPlaybooks } from "../src/caller/playbooks";

const sentences: LabelledSentence[] = [
  { intent: "ask_repeat", text: "Sorry, you're very faint." },
  { intent: "ask_identity", text: "Who am I talking to?" },
  { intent: "verify", text: "I'll ring your office number and check it's you." },
  { intent: "comply", text: "Okay, I'll send the payment now." },
  { intent: "small_talk", text: "How's the weather over there?" },
  { intent: "goodbye", text: "Speak soon, bye." },
];

describe("the similar-sentence fallback", () => {
  const similar = createSimilarIntent(sentences);

  it("reads a misheard sentence by the labelled sentence most like it", () => {
    expect(similar(["sorry you are very framed"])).toBe("ask_repeat");
    expect(similar(["i were in your office number and check it to you"])).toBe("verify");
  });

  it("reads every hypothesis and takes the closest match of any", () => {
    expect(similar(["purple monkey", "who am i talking too"])).toBe("ask_identity");
  });

  it("never answers compliance, small talk or goodbye, however alike the words", () => {
    expect(similar(["okay i will send the payment now"])).toBeNull();
    expect(similar(["how is the weather over there"])).toBeNull();
    expect(similar(["speak soon bye"])).toBeNull();
  });

  it("answers nothing when no labelled sentence is alike enough", () => {
    expect(similar(["did you see the football last night"])).toBeNull();
    expect(similar([""])).toBeNull();
  });
});

describe("a spoken turn", () => {
  const playbook = loadPlaybooks().get("it-helpdesk-mfa-reset")!;
  const spoken = (...hypotheses: string[]) => ({ via: "speech" as const, text: hypotheses[0] ?? "", alternatives: hypotheses.slice(1) });

  it("goes to the fallback only when no hypothesis means anything to the rules", () => {
    const asked: string[][] = [];
    const classify = createIntentClassifier(playbook, (hypotheses) => {
      asked.push([...hypotheses]);
      return "ask_repeat";
    });
    expect(classify(spoken("who is this"))).toBe("ask_identity");
    expect(asked).toEqual([]);
    expect(classify(spoken("sorry you are very framed", "sorry you are very fate"))).toBe("ask_repeat");
    expect(asked).toEqual([["sorry you are very framed", "sorry you are very fate"]]);
  });

  it("never reaches the fallback when typed", () => {
    const classify = createIntentClassifier(playbook, () => "ask_repeat");
    expect(classify({ via: "text", text: "sorry you are very framed" })).not.toBe("ask_repeat");
  });
});
