import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  // next-sitemap loads its config with require(), so the config is CommonJS.
  { files: ["next-sitemap.config.js"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  { ignores: [".next/**", "out/**", "node_modules/**", "next-env.d.ts", "supabase/functions/**", "test-results/**", "playwright-report/**", "test-results-export/**", "playwright-report-export/**", ".wrangler/**", "scripts/.*", "public/vendor/**", "tools/*/node_modules/**", ".bench-floor/**"] },
];

export default config;
