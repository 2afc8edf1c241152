/**
 * The production caller of a scenario as ElevenLabs would hold it: the committed elevenlabs/
 * folder pushed (npm run agents -- push's own code) to the double of ElevenLabs' management API,
 * and read back through @elevenlabs/elevenlabs-js. The widget's tests against the service double
 * take the greeting, the debrief tool and the allowed overrides from here, so the widget and the
 * production config cannot disagree.
 */
import { rmSync } from "node:fs";
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { doubleAgent, type DoubleAgent } from "@mockingbird/testkit/fakes/elevenlabs-service";
import { pushAgents } from "../../../scripts/agents/push";
import { callerSettings, scenarioPlaybooks } from "../../../scripts/agents/sources";
import { agentConfigPath, elevenlabsDir, readRegistries } from "../../../scripts/agents/tree";
import { copyWithoutIds, serveManagementDouble } from "@mockingbird/testkit/fakes/elevenlabs-management";

export type PushedCaller = {
  /** The first message as configured, with its {{variables}} for the service to fill. */
  firstMessage: string;
  debriefToolName: string;
  /** The pushed agent as the service holds it: its allowed overrides, its limit and timeouts. */
  agent: DoubleAgent;
};

export async function pushedCaller(scenario: string): Promise<PushedCaller> {
  const apiKey = "sk_double";
  const double = await serveManagementDouble({ apiKey });
  const dir = copyWithoutIds(elevenlabsDir);
  try {
    await pushAgents({ dir, playbooks: scenarioPlaybooks(), settings: callerSettings(dir), apiKey, baseUrl: double.baseUrl, only: [scenario] });
    const registries = readRegistries(dir);
    const client = new ElevenLabsClient({ apiKey, baseUrl: double.baseUrl, maxRetries: 0 });
    const agent = await client.conversationalAi.agents.get(registries.agents.agents.find((entry) => entry.config === agentConfigPath(scenario))!.id!);
    const [toolId] = agent.conversationConfig.agent?.prompt?.toolIds ?? [];
    const tool = await client.conversationalAi.tools.get(toolId!);
    return {
      firstMessage: agent.conversationConfig.agent?.firstMessage ?? "",
      debriefToolName: "name" in tool.toolConfig ? tool.toolConfig.name : "",
      agent: doubleAgent(agent),
    };
  } finally {
    await double.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
