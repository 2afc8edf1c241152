/**
 * What a debrief may carry of the visitor's words: never their digits, nor anything that reads as
 * a secret. The prompt asks the caller to leave such words out, but a model's tool call (or a
 * transcript the local caller quotes) can still hold a code, a card number or a password, so the
 * local caller's debrief (agent/src/caller/debrief.ts) and the widget's view of any debrief
 * (lib/call/debrief-view.ts) pass their text through here, whatever the caller sent.
 */

/** What stands in for a number the visitor said, and for a secret. */
export const REDACTED_DIGITS = "[number removed]";
export const REDACTED_SECRET = "[removed]";

const numberWord = "(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|double|triple)";
/** Digits, however spaced or punctuated ("4 8 2-9.13"), and two or more number words in a row ("four eight two"). */
const digitRun = /\d(?:[\s.,\-/]*\d)*/g;
const numberWords = new RegExp(`\\b${numberWord}(?:[\\s,\\-]+${numberWord})+\\b`, "gi");
/** Words that introduce a secret said as one ("my password is Hunter2", "PIN: 4821", "passphrase = blue-sky"). */
const secretKey = "(password|passcode|passphrase|pass code|pin|code|otp|token|secret|cvv|cvc|security answer|sort code|account number|card number|iban)(\\s+(?:is|was)\\s+|\\s*[:=]\\s*)";
const valueEnd = "(?=[\\s,;!?]|\\.(?:\\s|$)|$)";
/** In the visitor's words, whatever word follows such a key is the secret. */
const keyedSecret = new RegExp(`\\b${secretKey}("[^"]+"|'[^']+'|[^\\s,;!?]+?)${valueEnd}`, "gi");
/**
 * In the caller's own prose a key is often followed by ordinary words ("an MFA code is for typing
 * into a login page"): there only a value that looks like one goes, quoted or carrying a digit.
 */
const keyedValue = new RegExp(`\\b${secretKey}("[^"]+"|'[^']+'|[^\\s,;!?]*\\d[^\\s,;!?]*?)${valueEnd}`, "gi");
/** A lone word that looks generated rather than spoken: long, mixing letters with digits or symbols. */
const secretShaped = /\b(?=\S{8,})(?=\S*[A-Za-z])(?=\S*[\d!@#$%^&*_+=?])\S+/g;

/** Words the visitor said, with every number and every secret-shaped token removed. */
export function redactVisitorWords(text: string): string {
  return text
    .replace(keyedSecret, (_match, key: string, joint: string) => `${key}${joint}${REDACTED_SECRET}`)
    .replace(secretShaped, REDACTED_SECRET)
    .replace(numberWords, REDACTED_DIGITS)
    .replace(digitRun, REDACTED_DIGITS);
}

/**
 * The caller's own text (its lines, the summary, advice), which may quote the visitor: secrets
 * and any run of four or more digits go, while an amount of money ("$25,000", "£4,500") and a
 * short number ("2 minutes", "24 hours") stay, since they are the caller's pretext, not the visitor's.
 */
export function redactCallerText(text: string): string {
  return text
    .replace(keyedValue, (_match, key: string, joint: string) => `${key}${joint}${REDACTED_SECRET}`)
    .replace(/[$£€]\s?\d[\d,.]*|\d(?:[\s.\-/]*\d)*/g, (match) => (/^[$£€]/.test(match) || match.replace(/\D/g, "").length < 4 ? match : REDACTED_DIGITS));
}
