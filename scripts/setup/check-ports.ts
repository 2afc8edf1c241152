/**
 * `npm start` checks its ports before it builds anything: each argument is
 * `<SETTING>=<port>@<host>` (e.g. `PORT=3000@0.0.0.0 AGENT_PORT=8787@127.0.0.1`). A port another
 * program holds is named, with the command that starts on a free one; exit 1 if any.
 */
import { canListen, describePortInUse } from "../../lib/net/ports";

async function main(): Promise<void> {
  let busy = 0;
  for (const argument of process.argv.slice(2)) {
    const match = /^(\w+)=(\d+)@(.+)$/.exec(argument);
    if (!match) throw new Error(`check-ports: expected SETTING=port@host, got "${argument}"`);
    const [, setting = "", portText = "", host = ""] = match;
    const port = Number(portText);
    if (await canListen(port, host)) continue;
    busy += 1;
    console.error(await describePortInUse({ who: "npm start", port, host, setting, restart: (free) => `${setting}=${free} npm start` }));
  }
  process.exit(busy === 0 ? 0 : 1);
}

void main();
