import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Dependencies point one way: routes (app/) -> components -> lib -> content. contract/ (what the
 * widget, the agent and the tests agree on: close reasons, limits, the debrief, allowed origins,
 * the double of ElevenLabs' service) sits below everything and imports only npm packages; the
 * voice agent (agent/src, its own package) imports only itself and contract/. testkit/ (servers, fakes, ports, statistics, figures) serves the
 * tests, the benches and the build tools from below: it imports none of them, benches import no
 * test file, and no product code imports testkit. Zones are matched against the file an import
 * resolves to, so the @/ alias and relative paths are caught alike.
 */

const oneWay = {
  basePath: root,
  zones: [
    {
      target: "./content",
      from: ".",
      except: ["./content", "./node_modules"],
      message: "content/ is data: it imports only other content. Deploy-time values are resolved in lib (lib/config/site-links.ts).",
    },
    { target: "./lib", from: ["./components", "./app"], message: "lib/ sits below components/ and app/: pass what it needs in as arguments." },
    { target: "./components", from: "./app", message: "components/ sit below the routes in app/: move what both need into components/ or lib/." },
    { target: "./agent", from: "./scripts", message: "The voice agent never imports from scripts/: move the helper into agent/ (scripts may import it from there)." },
    {
      target: "./agent/src",
      from: ".",
      except: ["./agent", "./contract", "./node_modules"],
      message: "The agent is its own package: it imports its own code, contract/ and npm packages. Move what it shares with the site into contract/.",
    },
    {
      target: "./agent/src",
      from: "./agent/eval",
      message: "The running agent never reads its evaluation set: what it learns from lives in agent/corpus/ (read by agent/src/caller/visitor-sentences.ts), and the evaluation reads that to prove the two do not overlap.",
    },
    {
      target: "./contract",
      from: ".",
      except: ["./contract", "./node_modules"],
      message: "contract/ is what the site, the agent and the tests share: it imports nothing of theirs.",
    },
    { target: "./testkit", from: ["./tests", "./agent/tests", "./scripts"], message: "testkit/ sits below the tests and the scripts: move what it needs into testkit/." },
    { target: "./scripts", from: ["./tests", "./agent/tests"], message: "Benches and tools never import test files: move the helper into testkit/, which both import." },
    { target: "./agent/bench", from: ["./tests", "./agent/tests"], message: "The agent's benches never import test files: move the helper into agent/bench/support/ (the agent's tests import it from there) or testkit/." },
    {
      target: ["./app", "./components", "./lib", "./content", "./server", "./agent/src", "./supabase"],
      from: "./testkit",
      message: "Product code never imports testkit/: it holds what tests and benches stand up around the product.",
    },
  ],
};

const config = [
  ...nextVitals,
  ...nextTs,
  { rules: { "import/no-restricted-paths": ["error", oneWay] } },
  // next-sitemap loads its config with require(), so the config is CommonJS.
  { files: ["next-sitemap.config.js"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  { ignores: [".next/**", "out/**", "node_modules/**", "next-env.d.ts", "supabase/functions/**", "test-results/**", "playwright-report/**", "test-results-export/**", "playwright-report-export/**", ".wrangler/**", "scripts/.*", "public/vendor/**", "tools/*/node_modules/**", ".bench-floor/**"] },
];

export default config;
