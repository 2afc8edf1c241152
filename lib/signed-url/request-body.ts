import { isScenarioId, scenarioIds, type ScenarioId } from "@mockingbird/contract/scenarios";
import { signedUrlMessages } from "./messages";

/** `{"scenario":"<id>"}` is under 60 bytes; a kilobyte leaves room and still refuses uploads. */
export const maxRequestBodyBytes = 1024;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

export type SignedUrlRequest = { readonly scenario: ScenarioId | undefined };

export type BodyReading = { readonly ok: true; readonly request: SignedUrlRequest } | { readonly ok: false; readonly message: string };

/**
 * Reads `{ "scenario"?: "<id>" }`. An empty body is the default scenario, because
 * `supabase.functions.invoke('elevenlabs-auth')` without a body sends none. The content
 * type is not checked (functions-js labels strings text/plain); the content is.
 */
export async function readSignedUrlRequest(request: Request): Promise<BodyReading> {
  const text = await readBoundedText(request, maxRequestBodyBytes);
  if (text === undefined) return refuse(signedUrlMessages.bodyTooLarge);
  if (text === null) return refuse(signedUrlMessages.bodyNotJson);
  if (text.trim() === "") return { ok: true, request: { scenario: undefined } };

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse(signedUrlMessages.bodyNotJson);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return refuse(signedUrlMessages.bodyNotObject);

  const unknownField = Object.keys(body).find((field) => field !== "scenario");
  if (unknownField !== undefined) return refuse(signedUrlMessages.unknownField(unknownField));

  const scenario: unknown = (body as { scenario?: unknown }).scenario;
  if (scenario === undefined) return { ok: true, request: { scenario: undefined } };
  if (typeof scenario !== "string") return refuse(signedUrlMessages.scenarioNotString);
  if (!isScenarioId(scenario)) return refuse(signedUrlMessages.unknownScenario(scenarioIds));
  return { ok: true, request: { scenario } };
}

function refuse(message: string): BodyReading {
  return { ok: false, message };
}

/**
 * The body as text, reading no more than `limit` bytes whatever Content-Length claims.
 * undefined: too large; null: not UTF-8.
 */
async function readBoundedText(request: Request, limit: number): Promise<string | null | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return undefined;
  if (request.body === null) return "";

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }

  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}
