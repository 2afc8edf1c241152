import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Dependencies point one way: routes (app/) -> components -> lib -> content, and the voice agent
 * never reaches into scripts/. testkit/ (servers, fakes, ports, statistics, figures) serves the
 * tests, the benches and the build tools from below: it imports none of them, benches import no
 * test file, and no product code imports testkit. Zones are matched against the file an import
 * resolves to, so the @/ alias and relative paths are caught alike.
 */
const benchesNeverImportTests = { target: "./scripts", from: "./tests", message: "Benches and tools never import test files: move the helper into testkit/, which both import." };

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
      from: "./agent/eval",
      message: "The running agent never reads its evaluation set: what it learns from lives in agent/corpus/ (read by agent/src/visitor-sentences.ts), and the evaluation reads that to prove the two do not overlap.",
    },
    { target: "./testkit", from: ["./tests", "./scripts"], message: "testkit/ sits below the tests and the scripts: move what it needs into testkit/." },
    benchesNeverImportTests,
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
  // The call widget's and the microphone-processing benches drive Firefox and WebKit through the engine suite's own support
  // (tests/engines/support); another change is rewriting that bench, and moves what it shares
  // with the suite into testkit/ there. Until then they alone may import from tests/.
  {
    files: ["scripts/bench/call-widget.ts", "scripts/bench/microphone-processing.ts"],
    rules: { "import/no-restricted-paths": ["error", { ...oneWay, zones: oneWay.zones.filter((zone) => zone !== benchesNeverImportTests) }] },
  },
  // next-sitemap loads its config with require(), so the config is CommonJS.
  { files: ["next-sitemap.config.js"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  { ignores: [".next/**", "out/**", "node_modules/**", "next-env.d.ts", "supabase/functions/**", "test-results/**", "playwright-report/**", "test-results-export/**", "playwright-report-export/**", ".wrangler/**", "scripts/.*", "public/vendor/**", "tools/*/node_modules/**", ".bench-floor/**"] },
];

export default config;
