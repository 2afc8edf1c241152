/**
 * @jest-environment node
 *
 * The contract's builders count bytes with TextEncoder, which jsdom lacks.
 */
import { callLiveText } from "@/content/call/live";
import { closeMessage, closeMessages } from "@/lib/call/close-messages";
import { disconnectErrorMessage, sessionFailureMessage } from "@/lib/call/session-errors";
import { closes, type Close } from "@mockingbird/contract/close-reasons";

const say = callLiveText.closes;
const generic = callLiveText.errors.serverClosed;

/** Every close the local agent can send, its builders called with a sample value; the normal hang-ups (1000) are endings, not errors. */
const agentCloses: Array<[string, Close]> = Object.entries(closes).flatMap(([name, close]): Array<[string, Close]> => {
  if (typeof close !== "function") return [[name, close]];
  const sample = name === "signature" ? (["missing", "malformed", "forged", "expired", "reused", "too-many-open"] as const).map((refusal) => closes.signature(refusal)) : [(close as (value: never) => Close)((name === "missingVariables" ? ["user_name"] : "x") as never)];
  return sample.map((built, index) => [`${name} ${index}`, built]);
});
const errorCloses = agentCloses.filter(([, close]) => close.code !== 1000);

describe("closeMessage", () => {
  it.each(errorCloses)("gives the local agent's %s close one of the page's own close messages, not the generic one", (_name, close) => {
    expect(Object.values(say)).toContain(closeMessage(close.code, close.reason));
  });

  it("says the call service restarted when the agent shuts down mid-call (1001 'Server shutting down')", () => {
    expect(closeMessage(closes.shutdown.code, closes.shutdown.reason)).toBe(say.restarting);
  });

  it("tells a refused link, a busy agent, a page of another site and the caller's configuration apart", () => {
    expect(closeMessage(1008, closes.signature("expired").reason)).toBe(say.linkInvalid);
    expect(closeMessage(1013, closes.busy.reason)).toBe(say.busy);
    expect(closeMessage(1008, closes.originRefused.reason)).toBe(say.wrongPage);
    expect(closeMessage(1008, closes.overrideRefused("first_message").reason)).toBe(say.callerUnavailable);
    expect(closeMessage(1008, closes.flood.reason)).toBe(say.tooMuchData);
    expect(closeMessage(1011, closes.internal.reason)).toBe(say.serviceFailed);
  });

  it("maps the service's overrides and variables refusals, worded as it words them, to the caller being unavailable", () => {
    expect(closeMessage(1008, "Override for field 'voice_id' is not allowed by config.")).toBe(say.callerUnavailable);
    expect(closeMessage(1008, "Missing required dynamic variables in first message: {'company'}")).toBe(say.callerUnavailable);
  });

  it("says calls are unavailable when the service's quota or credits run out, whatever the code", () => {
    expect(closeMessage(1002, "This request exceeds your quota limit.")).toBe(say.unavailable);
    expect(closeMessage(1008, "This request exceeds your quota of 10000. You have 0 credits remaining, while 12 credits are required for this request.")).toBe(say.unavailable);
  });

  it.each([
    [1001, say.restarting],
    [1012, say.restarting],
    [1011, say.serviceFailed],
    [1014, say.serviceFailed],
    [1006, say.dropped],
    [1013, say.busy],
    [1009, say.tooMuchData],
  ])("gives code %i without a reason the page knows its own message", (code, message) => {
    expect(closeMessage(code, "")).toBe(message);
    expect(closeMessage(code, "Some words the page has never seen")).toBe(message);
  });

  it.each([
    [1008, "Something only the service says."],
    [1002, ""],
    [4000, "Application detail 42"],
    [3000, undefined],
    [null, null],
  ])("gives an unknown close (%s %j) the generic message, never raw text", (code, reason) => {
    expect(closeMessage(code, reason)).toBe(generic);
  });

  it("lists every message a close can show", () => {
    expect(new Set(closeMessages)).toEqual(new Set([...Object.values(say), generic]));
  });
});

describe("closes reported by the SDK", () => {
  it("a connected call closed by the agent's shutdown shows the page's words, not 'Server shutting down'", () => {
    const details = { reason: "error" as const, message: "Server shutting down", context: { type: "close" }, closeCode: 1001, closeReason: "Server shutting down" };
    expect(disconnectErrorMessage(details)).toBe(say.restarting);
  });

  it("a close before the session (SessionConnectionError) shows the page's words, not its reason", () => {
    const refused = Object.assign(new Error("Override for field 'first_message' is not allowed by config."), { name: "SessionConnectionError", closeCode: 1008, closeReason: "Override for field 'first_message' is not allowed by config." });
    expect(sessionFailureMessage(refused.message, refused)).toBe(say.callerUnavailable);
    const cut = Object.assign(new Error("Connection closed unexpectedly before session could be established."), { name: "SessionConnectionError", closeCode: 1006 });
    expect(sessionFailureMessage(cut.message, cut)).toBe(say.dropped);
  });
});
