/**
 * Visitor text as the rules read it: lowercase words and digits, contractions spelled out, chat
 * shorthand and the recogniser's spellings mapped to one word each, and runs of digits counted
 * however they were said.
 */

const spokenDigits: Record<string, string> = {
  zero: "0",
  oh: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
};

/** Chat shorthand, spoken forms and the recogniser's spellings mapped to the words the rules look for. */
const shorthand: [RegExp, string][] = [
  [/\bok\b/g, "okay"],
  [/\bu\b/g, "you"],
  [/\bur\b/g, "your"],
  [/\br\b/g, "are"],
  [/\bpls\b|\bplz\b/g, "please"],
  [/\bthx\b|\bty\b/g, "thanks"],
  [/\bgonna\b/g, "going to"],
  [/\bgotta\b/g, "got to"],
  [/\bwanna\b/g, "want to"],
  [/\bcannot\b/g, "can not"],
  [/\bhelp desk\b/g, "helpdesk"],
  [/\bservice desk\b/g, "helpdesk"],
  [/\bgood bye\b/g, "goodbye"],
  [/\bbye bye\b/g, "goodbye"],
  [/\be mail\b|\bmail\b|\bmale\b/g, "email"],
  [/\bsir name\b|\bsur name\b/g, "surname"],
  [/\bsign ins?\b/g, "sign in"],
  [/\blog ins?\b/g, "login"],
  [/\bcall back\b/g, "call back"],
  [/\bi d\b/g, "id"],
  [/\bhr\b|\bh r\b|\bhuman resources\b/g, "hr"],
  [/\bi t\b/g, "it"],
];

/** Lowercase words and digits separated by single spaces, contractions spelled out. */
export function normalise(text: string): string {
  let result = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
    .replace(/\bwon't\b/g, "will not")
    .replace(/\bcan't\b/g, "can not")
    .replace(/\bshan't\b/g, "shall not")
    .replace(/\bain't\b/g, "is not")
    .replace(/\blet's\b/g, "let us")
    .replace(/n't\b/g, " not")
    .replace(/'ll\b/g, " will")
    .replace(/'re\b/g, " are")
    .replace(/'ve\b/g, " have")
    .replace(/'m\b/g, " am")
    .replace(/'d\b/g, " would")
    .replace(/'s\b/g, " is")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  for (const [pattern, replacement] of shorthand) result = result.replace(pattern, replacement);
  return result;
}

/**
 * Words that carry no intent of their own ("what exactly is the problem", "i am really busy"):
 * the rules also read the text without them, so a filler between two cue words does not hide a
 * rule's match.
 */
const fillers =
  /\b(sorry|exactly|actually|just|really|please|um|uh|er|erm|well|basically|honestly|then|again|sort of|kind of|a bit|a little|right now|though|anyway|hang on|hold on|look|listen|okay|so|but)\b/g;

export function withoutFillers(text: string): string {
  return text.replace(fillers, " ").replace(/\s+/g, " ").trim();
}

/** Words a recogniser writes for a digit it heard ("to" for two): digits only next to other digits. */
const digitHomophones: ReadonlySet<string> = new Set(["to", "too", "for", "ate", "won"]);

const isDigitWord = (token: string | undefined) => token !== undefined && (/^[0-9]+$/.test(token) || token in spokenDigits);

/** The longest run of digits, spoken ("four seven two") or typed ("472 913"). */
export function longestDigitRun(normalised: string): number {
  const tokens = normalised.split(" ");
  let longest = 0;
  let run = 0;
  tokens.forEach((token, index) => {
    if (/^[0-9]+$/.test(token)) run += token.length;
    else if (token in spokenDigits) run += 1;
    else if (digitHomophones.has(token) && (run > 0 || isDigitWord(tokens[index + 1]))) run += 1;
    else run = 0;
    longest = Math.max(longest, run);
  });
  return longest;
}
