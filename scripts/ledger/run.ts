import { writeFileSync } from "node:fs";
import path from "node:path";
import { ledgerText } from "./ledger";

/** `npm run ledger`: writes docs/claims-ledger.md from content/ (tests/unit/claims-ledger.test.ts fails while the committed page differs). */
const file = path.join(process.cwd(), "docs", "claims-ledger.md");
writeFileSync(file, ledgerText());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
