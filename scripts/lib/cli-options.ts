/** scripts/bench/call-widget.ts reads its options from here while another change rewrites it; their one home is testkit/cli-options.ts. */
export { numberOption, stringOption } from "../../testkit/cli-options";
