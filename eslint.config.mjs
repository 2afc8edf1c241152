import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Dependencies point one way: routes (app/) -> components -> lib -> content. Three workspace
 * packages sit beside the site and are imported by name, never by a relative path into their
 * folders (import/no-relative-packages; the site's `@/` alias does not reach them either):
 * - @mockingbird/contract (contract/): what the site, the agent and the tests agree on (scenario
 *   ids, close reasons, limits, the debrief, allowed origins, ports). It sits below everything and
 *   imports only npm packages.
 * - @mockingbird/agent (agent/): the voice agent. agent/src imports only itself and the contract;
 *   agent/testkit holds what its tests and benches share, so neither imports the other.
 * - @mockingbird/testkit (testkit/): servers, fakes, browsers, ports, statistics and figures for
 *   the tests, the benches and the build tools. It imports none of them and nothing of the agent
 *   (it starts the agent as a process); no product code imports it.
 * Zones are matched against the file an import resolves to, so names, the @/ alias and relative
 * paths are caught alike. A name can resolve through its link in node_modules/@mockingbird/ as well
 * as to the package's folder, so every zone also forbids the linked path (linked() below).
 */

const packageLinks = { "./contract": "./node_modules/@mockingbird/contract", "./testkit": "./node_modules/@mockingbird/testkit", "./agent": "./node_modules/@mockingbird/agent" };

/** A zone's `from` folders with, for each inside a workspace package, the same folder through its link. */
function linked(from) {
  return [from].flat().flatMap((folder) => {
    const [dir, link] = Object.entries(packageLinks).find(([dir]) => folder === dir || folder.startsWith(`${dir}/`)) ?? [];
    return dir === undefined ? [folder] : [folder, link + folder.slice(dir.length)];
  });
}

/** A zone that allows only `allowed` (folders, workspace packages included) from everywhere else. */
function onlyFrom(target, allowed, message) {
  const allowedLinks = linked(allowed).filter((folder) => folder.startsWith("./node_modules/@mockingbird/")).map((folder) => `./${folder.slice("./node_modules/@mockingbird/".length)}`);
  return [
    { target, from: ".", except: [...allowed, "./node_modules"], message },
    { target, from: "./node_modules/@mockingbird", except: allowedLinks, message },
  ];
}

/**
 * The voice agent's parts (agent/DESIGN.md, "Parts"): each is reached from the rest of agent/src
 * only through its index.ts, its public face, so each can be replaced alone. Its other files are
 * its own; what two parts share lives beside them (agent/src/speech/*.ts for speech: the Speech
 * interface, PCM, chunk alignment) or in contract/.
 */
const agentParts = [
  { part: "caller", message: "agent/src/caller/ is the caller part: import it through its index (agent/src/caller/index.ts), exporting there what another part needs; code about playbooks or dialogue belongs in caller/." },
  { part: "speech/recognition", message: "agent/src/speech/recognition/ is recognition: import it through its index (speech/recognition/index.ts), or through the Speech interface (agent/src/speech); what it shares with synthesis or the server belongs in agent/src/speech/*.ts." },
  { part: "speech/synthesis", message: "agent/src/speech/synthesis/ is synthesis: import it through its index (speech/synthesis/index.ts), or through the Speech interface (agent/src/speech); what it shares with recognition or the server (chunk alignment, PCM) belongs in agent/src/speech/*.ts." },
  { part: "server", message: "agent/src/server/ is the protocol server: import it through its index (agent/src/server/index.ts); its session and admission code belongs in server/, and what another part needs from it is exported there." },
];

/** The files of agent/src outside a part's folder: at each level, the files beside it and every other folder. */
function outsidePart(part) {
  const levels = part.split("/");
  return levels.map((name, i) => `./agent/src/${levels.slice(0, i).map((dir) => `${dir}/`).join("")}{*.ts,!(${name})/**}`);
}

const partZones = agentParts.map(({ part, message }) => ({ target: outsidePart(part), from: linked(`./agent/src/${part}`), except: ["./index.ts"], message }));

const oneWay = {
  basePath: root,
  zones: [
    ...onlyFrom(
      "./content",
      ["./content", "./contract"],
      "content/ is data: it imports only other content and the contract (scenario ids). Deploy-time values are resolved in lib (lib/config/site-links.ts).",
    ),
    { target: "./lib", from: ["./components", "./app"], message: "lib/ sits below components/ and app/: pass what it needs in as arguments." },
    { target: "./components", from: "./app", message: "components/ sit below the routes in app/: move what both need into components/ or lib/." },
    {
      target: ["./app", "./components", "./lib", "./content", "./server", "./supabase"],
      from: linked("./agent"),
      message: "The site talks to the voice agent over its protocol (docs/protocol.md), never by import: what both need lives in contract/.",
    },
    { target: "./agent", from: "./scripts", message: "The voice agent never imports from scripts/: move the helper into agent/ (scripts may import it from there)." },
    ...onlyFrom(
      "./agent/src",
      ["./agent", "./contract"],
      "The agent is its own package: it imports its own code, the contract and npm packages. Move what it shares with the site into contract/.",
    ),
    { target: "./agent/src", from: linked(["./agent/bench", "./agent/tests"]), message: "The running agent never imports its benches or tests." },
    {
      target: "./agent/src",
      from: linked("./agent/eval"),
      message: "The running agent never reads its evaluation set: what it learns from lives in agent/corpus/ (read by agent/src/caller/visitor-sentences.ts), and the evaluation reads that to prove the two do not overlap.",
    },
    ...onlyFrom("./contract", ["./contract"], "contract/ is what the site, the agent and the tests share: it imports nothing of theirs."),
    {
      target: "./testkit",
      from: linked(["./tests", "./agent", "./scripts"]),
      message: "testkit/ sits below the tests, the benches and the scripts, and imports nothing of the agent (agent-process.ts starts it by path): move what it needs into testkit/.",
    },
    { target: ["./scripts", "./agent/bench"], from: linked(["./tests", "./agent/tests"]), message: "Benches and tools never import test files: move the helper into testkit/ (or agent/testkit/ for the agent's), which both import." },
    { target: ["./tests", "./agent/tests"], from: linked("./agent/bench"), message: "Tests never import the agent's benches: move the helper into agent/testkit/ (or testkit/), which both import." },
    { target: "./agent/testkit", from: linked(["./agent/bench", "./agent/tests"]), message: "agent/testkit/ sits below the agent's benches and tests, which share it: it imports neither." },
    {
      target: ["./app", "./components", "./lib", "./content", "./server", "./agent/src", "./supabase"],
      from: linked(["./testkit", "./agent/testkit"]),
      message: "Product code never imports testkit/ or agent/testkit/: they hold what tests and benches stand up around the product.",
    },
    ...partZones,
  ],
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "import/no-restricted-paths": ["error", oneWay],
      // A relative path into contract/, testkit/ or agent/ from outside (or out of them) skips the
      // package's exports: import it by name (@mockingbird/contract/limits, say).
      "import/no-relative-packages": "error",
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^@/(contract|testkit|agent)(/|$)",
              message: "contract/, testkit/ and agent/ are packages: import them by name (@mockingbird/contract/..., @mockingbird/testkit/..., @mockingbird/agent/...).",
            },
          ],
        },
      ],
    },
  },
  // next-sitemap loads its config with require(), so the config is CommonJS.
  { files: ["next-sitemap.config.js"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  { ignores: [".next/**", "out/**", "node_modules/**", "next-env.d.ts", "supabase/functions/**", "test-results/**", "playwright-report/**", "test-results-export/**", "playwright-report-export/**", ".wrangler/**", "scripts/.*", "public/vendor/**", "tools/*/node_modules/**", ".bench-floor/**", "tools/lighthouse/floor/.next/**", "tools/lighthouse/floor/out/**"] },
];

export default config;
