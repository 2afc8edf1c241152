/** The budget gate's bar (budgets.ts), apart so the docs' statement of it can be tested: each route's own JS over the Next.js floor, gzip. */
export const ownJsBudgetBytes = 20 * 1024;
