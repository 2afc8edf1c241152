/**
 * What the agent says first in the default scenario, for the site's tests and benches that hear
 * a call through the widget.
 */
import playbook from "../playbooks/it-helpdesk-mfa-reset.json";

/** The caller's opening line as the agent says it: the playbook's line with its variables filled in. */
export const openingLine = playbook.opening.line.replace(/\{\{(\w+)\}\}/g, (_, name: string) => (playbook.variables as Record<string, string>)[name] ?? "");
