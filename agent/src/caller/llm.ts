import { tacticMeanings } from "@mockingbird/contract/debrief";
import { tactics as tacticNames, type Playbook } from "./playbook-schema";
import { clipAtSentence } from "./spoken-text";

/**
 * Optional: an OpenAI-compatible chat endpoint that phrases the caller's lines. The dialogue state
 * machine still decides what happens (which tactic, when the call ends, the debrief); the model only
 * words the line, so a slow, broken or misbehaving endpoint costs nothing but the scripted wording.
 */
export type LlmConfig = {
  /** Base URL, e.g. http://127.0.0.1:11434/v1; the writer POSTs to {url}/chat/completions. */
  url: string;
  apiKey?: string;
  model: string;
  /** Give up and use the scripted line after this long. Default 4000 ms. */
  timeoutMs?: number;
  /** Told why a scripted line was used instead (never the conversation's text). */
  onFallback?: (reason: string) => void;
};

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

export type ConversationEntry = { speaker: "caller" | "visitor"; text: string | null };

export type LineRequest = {
  instructions: string;
  history: readonly ConversationEntry[];
  /** What the next line has to do, decided by the state machine. */
  direction: string;
  /** The playbook's own line for this moment: the model's example and the fallback. */
  scripted: string;
};

export const defaultLlmTimeoutMs = 4000;

/** The system prompt: who the caller is, what they want, how they press, and the rules of the exercise. */
export function callerInstructions(playbook: Playbook, fill: (text: string) => string): string {
  const tactics = playbook.tactics.map(({ tactic, lines }) => `- ${tactic}, for example: "${fill(lines[0]?.line ?? "")}"`).join("\n");
  return [
    `You play ${playbook.persona.name}, ${playbook.persona.role}, in a phone call that is a vishing (voice phishing) training exercise.`,
    `How you sound: ${playbook.persona.voice}`,
    `Your goal: ${fill(playbook.goal.description)}`,
    `The pressure tactics you escalate through, in order:\n${tactics}`,
    // The direction names the scripted line's tags; these say what the words mean, so the written line uses the same ones.
    `What the tactics mean:\n${tacticNames.map((tactic) => `- ${tactic}: ${tacticMeanings[tactic]}`).join("\n")}`,
    "Rules: stay in character; say only the words you speak on the phone, one to three short sentences, plain words for a speech synthesiser; no stage directions, no quotation marks, no lists; never say that this is an exercise; never ask for anything beyond your goal.",
  ].join("\n\n");
}

export function chatMessages(request: LineRequest): ChatMessage[] {
  const conversation: ChatMessage[] = request.history.map((entry) =>
    entry.speaker === "caller"
      ? { role: "assistant", content: entry.text ?? "" }
      : { role: "user", content: entry.text ?? "(the line crackled and you could not make out what they said)" },
  );
  return [
    { role: "system", content: request.instructions },
    ...conversation,
    {
      role: "system",
      content: `Your next line: ${request.direction}\nThe script's version, to adapt to the conversation: "${request.scripted}"\nReply with only what you say.`,
    },
  ];
}

/** The model's line, or the scripted line when anything at all goes wrong. */
export async function writeLine(config: LlmConfig, request: LineRequest): Promise<string> {
  const timeoutMs = config.timeoutMs ?? defaultLlmTimeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(`${config.url.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: config.model, messages: chatMessages(request), temperature: 0.7, max_tokens: 150 }),
      signal: controller.signal,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return fallback(config, request, `HTTP ${response.status}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(await response.text());
    } catch {
      return fallback(config, request, "the reply was not JSON");
    }
    const line = cleanLine(replyContent(body));
    return line ?? fallback(config, request, "the reply held no usable line");
  } catch (error) {
    return fallback(config, request, controller.signal.aborted ? `no reply within ${timeoutMs} ms` : `request failed (${(error as Error).message})`);
  } finally {
    clearTimeout(timer);
  }
}

function fallback(config: LlmConfig, request: LineRequest, reason: string): string {
  config.onFallback?.(reason);
  return request.scripted;
}

function replyContent(body: unknown): unknown {
  if (typeof body !== "object" || body === null) return undefined;
  const choices = (body as { choices?: unknown }).choices;
  if (!Array.isArray(choices)) return undefined;
  const first: unknown = choices[0];
  if (typeof first !== "object" || first === null) return undefined;
  const message = (first as { message?: unknown }).message;
  if (typeof message !== "object" || message === null) return undefined;
  return (message as { content?: unknown }).content;
}

/**
 * Models like to add stage directions, speaker labels and quotes; none of it should be spoken.
 * Returns null when nothing speakable is left.
 */
export function cleanLine(content: unknown): string | null {
  if (typeof content !== "string") return null;
  let line = content
    .replace(/\*[^*]*\*/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\([^)]*\)/g, " ")
    .replace(/[*_#<>[\]]/g, " ")
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[A-Z][A-Za-z .'-]{0,40}:\s*/, "")
    .replace(/^["'\u201c\u2018]+|["'\u201d\u2019]+$/g, "")
    .trim();
  line = clipAtSentence(line);
  return /[A-Za-z]/.test(line) ? line : null;
}
