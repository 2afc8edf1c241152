/** @jest-environment node */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { siteCopy } from "@mockingbird/testkit/content/site-copy";

/**
 * The site is written in US English (the spec's exact strings say "organization"). This flags the
 * common UK spellings in everything a visitor reads that this repository's content owns. Quotations
 * keep their original spelling, and proper names are listed below.
 */
const root = path.join(__dirname, "../..");

/** Proper names and titles that are spelled the UK way by their owners. */
const properNames = ["National Cyber Security Centre"];

/** Words ending in -ise that are US English too. */
const usIse = new Set(
  "advise advertise apprise arise chastise circumcise comprise compromise concise demise despise devise disguise enterprise excise exercise expertise franchise improvise incise likewise merchandise otherwise noise paradise poise praise precise premise promise raise revise rise supervise surmise surprise televise treatise wise clockwise cruise bruise guise reprise valise vise porpoise tortoise turquoise".split(" "),
);

const ukPatterns: RegExp[] = [
  /\b\w*(colour|flavour|behaviour|favour|honour|labour|neighbour|rumour|humour|harbour|savour|endeavour|armour|vapour|vigour|rigour|odour|parlour|tumour|valour|saviour|candour|splendour|fervour)\w*\b/gi,
  /\b(centre|centres|centred|metre|metres|litre|litres|theatre|theatres|fibre|fibres|calibre|sombre|spectre|lustre|manoeuvre)\b/gi,
  /\b(defence|defences|offence|offences|licence|licences|pretence)\b/gi,
  /\b(programme|programmes|catalogue|catalogues|analogue|cheque|cheques|grey|tyre|tyres|aluminium|whilst|amongst|learnt|spelt|enrol|enrolment|enrolments|fulfil|fulfilment|instalment|instalments|jewellery|sceptic|sceptical|ageing|storey|plough|mould|draught)\b/gi,
  /\b\w+(travell|cancell|labell|modell|counsell|signall)(ed|ing|er|ers)\b|\b(travell|cancell|labell|modell|counsell|signall)(ed|ing|er|ers)\b/gi,
  /\b\w*(analys|paralys|catalys)(e|ed|ing)\b/gi,
  /\b\w*isation(s)?\b/gi,
  /\bpractis(e|es|ed|ing)\b/gi,
];

function ukSpellings(text: string): string[] {
  let visible = text.replace(/["“][^"”\n]*["”]/g, " ");
  for (const name of properNames) visible = visible.split(name).join(" ");
  const found = ukPatterns.flatMap((pattern) => Array.from(visible.matchAll(pattern), (match) => match[0]));
  for (const [word, stem] of visible.matchAll(/\b(\w+is)(e|es|ed|ing|er|ers)\b/gi)) {
    if (!usIse.has(`${stem}e`.toLowerCase())) found.push(word);
  }
  return found;
}

function filesUnder(dir: string, extensions: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, extensions) : extensions.test(name) ? [full] : [];
  });
}

/**
 * The call strings (content/call-*.ts, content/microphone-help.ts) are moving to content/call/,
 * which this scan covers; the flat files are left to that move.
 */
const callStringsAwaitingMove = /^content\/(call-[\w-]+|microphone-help)\.ts$/;

const scanned = [
  ...filesUnder(path.join(root, "content"), /\.(ts|tsx|json|md)$/),
  path.join(root, "app/one-pager/page.tsx"),
  ...filesUnder(path.join(root, "components/legal"), /\.tsx?$/),
  ...filesUnder(path.join(root, "components/manifesto"), /\.tsx?$/),
  ...filesUnder(path.join(root, "components/team"), /\.tsx?$/),
]
  .map((file) => path.relative(root, file))
  // The fact sheet quotes its sources and is written in UK English; it is data, not site copy.
  .filter((file) => file !== "content/FACTS.md" && !callStringsAwaitingMove.test(file));

describe("US spelling", () => {
  test("the spelling check recognizes UK spellings and leaves US ones, quotations and proper names alone", () => {
    expect(ukSpellings("Our organisation's programme: authorised, anonymised, practise, colour, defence, licence, travelling, analysed")).toEqual(
      expect.arrayContaining(["organisation", "programme", "authorised", "anonymised", "practise", "colour", "defence", "licence", "travelling", "analysed"]),
    );
    expect(ukSpellings('Our organization\'s program: otherwise we advise, promise and exercise expertise; the "organisation" quoted; National Cyber Security Centre; analyses; color; licensed')).toEqual([]);
  });

  test.each(scanned)("%s uses US spelling", (file) => {
    expect(ukSpellings(readFileSync(path.join(root, file), "utf8"))).toEqual([]);
  });

  test("every string a visitor reads uses US spelling, the strings of content modules and the agent's playbooks included", () => {
    // The playbooks' `phrases` are what the caller listens for, in any spelling a visitor might use.
    const copy = siteCopy().filter((part) => !/\.phrases\./.test(part.where));
    expect(copy.flatMap((part) => ukSpellings(part.text).map((word) => `${part.page} (${part.where}): ${word}`))).toEqual([]);
  });
});
