/** Entry of the fake voice upstream's own process: prints its port, then serves until killed. */
import { startFakeVoiceUpstream } from "./voice-upstream";

const apiKey = process.argv.find((arg) => arg.startsWith("--api-key="))?.slice("--api-key=".length);
void startFakeVoiceUpstream({ apiKey }).then((upstream) => process.stdout.write(`${new URL(upstream.baseUrl).port}\n`));
