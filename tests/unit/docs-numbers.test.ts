/** @jest-environment node */
/**
 * The numbers the site's docs state are the code's (the agent's docs: agent/tests/doc-numbers.test.ts).
 * Each row names a doc, what it states, the wording with the number (every match of the pattern,
 * whitespace normalised; its group is the number) and the code's value in the doc's unit. A row
 * fails when the doc says another number, or no longer says it that way: then reword the row with
 * the doc, never the value. The configuration tables are read whole, against their schemas.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CONNECT_TIMEOUT_MS, AUDIO_OUTPUT_TIMEOUT_MS } from "@/components/call-widget/call-runner";
import { MAX_AUTOMATIC_RETRIES, RETRY_DELAY_MS } from "@/lib/call/call-machine";
import { validatePublicEnv } from "@/lib/config/public-env-schema";
import { parseServerEnv } from "@/lib/config/server-env";
import { cacheControlFor } from "@/lib/security/cache-policy";
import { shareImageSize } from "@/lib/seo/share-image";
import { longestWindowMs, memorySweepEveryMs, postgresPruneEveryMs } from "@/lib/signed-url/counter-lifetime";
import { identityForAddress } from "@/lib/signed-url/ip-address";
import { maxRequestBodyBytes } from "@/lib/signed-url/request-body";
import { limiterRetryAfterSeconds } from "@/lib/signed-url/handler";
import { postgresTimeoutMs } from "@/lib/signed-url/postgres-store";
import { socketTimeouts } from "@/server/guard";
import { voiceHistoryRetentionDays } from "@/content/legal/data-practices";
import { cdnLimits } from "@/scripts/build/export-cdn-config";
import { ownJsBudgetBytes } from "@/scripts/quality/js-budget";
import { floorTbtCeilingMs, lighthouseMargins } from "@/scripts/quality/lighthouse-verdict";
import { fallbackReadingTime } from "@/lib/blog/reading-time";
import { readNextCount } from "@/lib/blog/read-next";
import { minArticlesPerTopic } from "@/lib/blog/topics";
import { DEFAULT_CALL_LIMIT_SECONDS } from "@mockingbird/contract/limits";
import { SILENCE_END_CALL_TIMEOUT_SECONDS, TURN_TIMEOUT_SECONDS } from "@mockingbird/contract/turn-timing";

const root = path.join(__dirname, "..", "..");
const raw = (doc: string) => readFileSync(path.join(root, doc), "utf8");
const read = (doc: string) => raw(doc).replace(/\s+/g, " ");
const words: Record<string, number> = { once: 1, minute: 1, two: 2, three: 3 };
const numberIn = (text: string) => words[text] ?? Number(text.replace(/,/g, ""));
const packageJson = JSON.parse(raw("package.json")) as { optionalDependencies: { node: string }; engines: { node: string } };
const projectNode = packageJson.optionalDependencies.node;
const nodeMajor = Number(projectNode.split(".")[0]);
/** npm start's port when PORT is unset (scripts/start.sh), and the local agent's as the site reaches it. */
const sitePort = Number(/port=\$\{PORT:-(\d+)\}/.exec(raw("scripts/start.sh"))![1]);
const agentPort = Number(new URL(parseServerEnv({}).LOCAL_AGENT_URL).port);
/** The prefix length of the keys a signed-URL request is counted under. */
const prefixOf = (address: string, key: "client" | "network") => Number(identityForAddress(address)![key].split("/")[1]);

type Row = readonly [doc: string, what: string, wording: RegExp, value: number | string];

const rows: readonly Row[] = [
  ["README.md", "npm start's port", /(?:localhost:|`\$PORT` \()(\d+)/g, sitePort],
  ["docs/server.md", "npm start's port", /(?:\$PORT \(|--port )(\d+)/g, sitePort],
  ["docs/deploy.md", "npm start's port", /(?:Next\.js on |PORT=)(\d+)/g, sitePort],
  ["docs/deploy.md", "the local agent's port", /the local voice agent on (\d+)/g, agentPort],
  ["docs/architecture.md", "the JS budget", /at most (\d+) KB gzip per route/g, ownJsBudgetBytes / 1024],
  ["docs/quality.md", "the JS budget", /<= (\d+) KB gzip/g, ownJsBudgetBytes / 1024],
  ["docs/specification.md", "a topic page's articles", /each tag (two) articles or more share/g, minArticlesPerTopic],
  ["docs/content.md", "a topic page's articles", /a tag (two) articles or more share/g, minArticlesPerTopic],
  ["docs/specification.md", "the articles read next", /two or (three) articles sharing/g, readNextCount],
  ["docs/specification.md", "the fallback reading time", /"(\d+) min read" is the fallback/g, Number.parseInt(fallbackReadingTime)],
  ["docs/architecture.md", "the share image's size", /renders a (\d+x\d+) PNG/g, `${shareImageSize.width}x${shareImageSize.height}`],
  ["docs/call-widget.md", "the speaker's deadline", /does not start within (\d+) s of the tap/g, AUDIO_OUTPUT_TIMEOUT_MS / 1000],
  ["docs/call-widget.md", "the connect timeout", /after the (\d+) s connect timeout/g, CONNECT_TIMEOUT_MS / 1000],
  ["docs/call-widget.md", "the automatic retries", /is retried (once), after \d+ s/g, MAX_AUTOMATIC_RETRIES],
  ["docs/call-widget.md", "the retry's delay", /is retried once, after (\d+) s/g, RETRY_DELAY_MS / 1000],
  ["docs/protocol.md", "the widget's handshake timeout", /The widget adds its own \((\d+) s\)/g, CONNECT_TIMEOUT_MS / 1000],
  ["docs/signed-url.md", "the longest window", /(?:per (\d+) hours|(\d+) h from)/g, longestWindowMs / 3_600_000],
  ["docs/signed-url.md", "an IPv4 network", /IPv4 \/(\d+)/g, prefixOf("203.0.113.9", "network")],
  ["docs/signed-url.md", "an IPv6 network", /IPv4 \/\d+(?:,| or) IPv6 \/(\d+)/g, prefixOf("2001:db8::1", "network")],
  ["docs/signed-url.md", "an IPv6 visitor", /(?:address or IPv6|count per) \/(\d+)/g, prefixOf("2001:db8::1", "client")],
  ["docs/signed-url.md", "a request body's size", /over (\d+) KiB/g, maxRequestBodyBytes / 1024],
  ["docs/signed-url.md", "the memory store's sweep", /a sweep every (minute)/g, memorySweepEveryMs / 60_000],
  ["docs/server.md", "a request's headers' deadline", /headers within (\d+) s/g, socketTimeouts.headersMs / 1000],
  ["docs/server.md", "a whole request's deadline", /the whole request within (\d+) s/g, socketTimeouts.requestMs / 1000],
  ["docs/server.md", "an idle keep-alive", /idle keep-alive (\d+) s/g, socketTimeouts.keepAliveMs / 1000],
  ["docs/signed-url.md", "the wait after the counters' store failed", /`Retry-After: (\d+)`/g, limiterRetryAfterSeconds],
  ["docs/signed-url.md", "the Postgres timeout", /a timeout after (\d+) s/g, postgresTimeoutMs / 1000],
  ["docs/signed-url.md", "the Postgres prune", /prune\(\)` every (\d+) minutes/g, postgresPruneEveryMs / 60_000],
  ["supabase/README.md", "the Postgres prune", /runs every (\d+) minutes/g, postgresPruneEveryMs / 60_000],
  ["docs/deploy.md", "the agents' maximum duration", /`en`, (\d+) s/g, DEFAULT_CALL_LIMIT_SECONDS],
  ["docs/deploy.md", "the agents' turn timeout", /(\d+) s \(a re-prompt\)/g, TURN_TIMEOUT_SECONDS],
  ["docs/deploy.md", "the agents' silence end", /(\d+) s \(the call ends\)/g, SILENCE_END_CALL_TIMEOUT_SECONDS],
  ["docs/deploy.md", "the agents' history retention", /`voiceHistoryRetentionDays` \((\d+) days\)/g, voiceHistoryRetentionDays],
  ["docs/deploy.md", "Cloudflare's header rules", /\((\d+) rules, [\d,]+ characters a line\)/g, cdnLimits.headerRules],
  ["docs/deploy.md", "Cloudflare's header line", /([\d,]+) characters a line/g, cdnLimits.headerLineLength],
  ["docs/deploy.md", "the hosts' Node", /(?:NODE_VERSION ?= ?"?|Node )(\d+)\b(?! or later)/g, nodeMajor],
  ["docs/install.md", "the project's Node", /(?:installs|project's) Node (\d+\.\d+\.\d+)/g, projectNode],
  ["docs/install.md", "the engines", /`engines` \(`([^`]+)`\)/g, packageJson.engines.node],
  ["docs/quality.md", "the Lighthouse performance margin", /no more than (\d+) points under/g, lighthouseMargins.performancePoints],
  ["docs/quality.md", "the Lighthouse TBT margin", /Total Blocking Time no more than (\d+) ms over/g, lighthouseMargins.tbtMs],
  ["docs/quality.md", "the floor's TBT ceiling", /floor blocks for at most (\d+) ms/g, floorTbtCeilingMs],
];

describe("the site's docs", () => {
  it.each(rows)("%s states %s as the code's value", (doc, _what, wording, value) => {
    const stated = [...read(doc).matchAll(wording)].map((match) => match.slice(1).find((group) => group !== undefined)!).map((text) => (typeof value === "string" ? text : numberIn(text)));
    expect(stated.length).toBeGreaterThan(0);
    expect(stated).toEqual(stated.map(() => value));
  });

  /** A configuration table's rows with a default in backticks: `| \`NAME\` | \`default\` | meaning |`. */
  const tableDefaults = (doc: string) =>
    [...raw(doc).matchAll(/^\| `([A-Z_]+)` \| `([^`]+)` \| (.+) \|$/gm)].map(([, name, fallback, meaning]) => ({ name: name!, fallback: fallback!, meaning: meaning! }));

  it.each([
    ["docs/signed-url.md", parseServerEnv],
    ["docs/architecture.md", validatePublicEnv],
  ] as const)("%s's configuration table gives each variable its schema's default", (doc, parse) => {
    const stated = tableDefaults(doc);
    expect(stated.length).toBeGreaterThan(3);
    const defaults = parse({}) as Record<string, unknown>;
    expect(stated.map(({ name }) => [name, String(defaults[name])])).toEqual(stated.map(({ name, fallback }) => [name, fallback]));
  });

  it("docs/signed-url.md's configuration table gives each range the server accepts", () => {
    const ranged = tableDefaults("docs/signed-url.md").flatMap(({ name, meaning }) => [...meaning.matchAll(/\((\d+)–(\d+)\)/g)].map(([, low, high]) => ({ name, low: Number(low), high: Number(high) })));
    expect(ranged.length).toBeGreaterThan(0);
    for (const { name, low, high } of ranged) {
      for (const good of [low, high]) expect(() => parseServerEnv({ [name]: String(good) })).not.toThrow();
      for (const bad of [low - 1, high + 1]) expect(() => parseServerEnv({ [name]: String(bad) })).toThrow(name);
    }
  });

  it("docs/server.md's cache lifetimes are what the guard sends for each kind of file", () => {
    const examples: Record<string, string> = {
      "`/_next/static/*`": "/_next/static/chunks/app.js",
      "`/vendor/voice/<name>.<hash>.js`": "/vendor/voice/rawAudioProcessor.0123456789ab.js",
      "other `/vendor/*`": "/vendor/voice/rawAudioProcessor.js",
      "`/og/*.png` share images": "/og/product.png",
      "`/_next/image`": "/_next/image",
      "other site files (images, PDF, sitemap, robots)": "/mockingbird-one-pager.pdf",
      "pages (HTML)": "/product",
    };
    const table = [...raw("docs/server.md").matchAll(/^\| ([^|]+) \| `(public, [^`]+)` \| .+ \|$/gm)].map(([, files, header]) => [files!.trim(), header!]);
    expect(table.map(([files]) => files)).toEqual(Object.keys(examples));
    expect(table.map(([files]) => [files, cacheControlFor(examples[files!]!)])).toEqual(table);
  });
});
