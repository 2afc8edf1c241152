import { agentRequest, testRequest, toolRequest } from "./api-shapes";
import { serviceRefusals, type KnownIds } from "./service-rules";
import { generatedFolders } from "./tree";

/**
 * `npm run agents -- check`'s verdict on a generated folder: every config as the API's request
 * (the SDK's schemas) and as the service takes it (ranges, ids, variables). Empty when all pass.
 */
export function configProblems(files: ReadonlyMap<string, string>, known: KnownIds): string[] {
  return [...files].flatMap(([path, text]) => {
    if (!generatedFolders.some((folder) => path.startsWith(`${folder}/`))) return [];
    const raw: unknown = JSON.parse(text);
    const parsed = path.startsWith("agent_configs/") ? agentRequest(raw, path) : path.startsWith("tool_configs/") ? toolRequest(raw, path) : testRequest(raw, path);
    return [...(parsed.ok ? [] : parsed.problems), ...serviceRefusals(path, raw, known)];
  });
}
