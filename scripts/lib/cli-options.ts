/** The bench scripts' one option parser lives with the agent's benches (the agent never imports from scripts/). */
export { numberOption, stringOption } from "../../agent/bench/support/cli-options";
