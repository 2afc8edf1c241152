import { fillPlaceholders, variableValue } from "@mockingbird/contract/call-variables";

/** Dynamic variables come from the browser; they are spoken, so they are kept short and plain. */
const maxVariableLength = 80;

/** A line with its `{{name}}`s filled, spaces tidied where an empty value left a gap. */
export function fillLine(variables: Readonly<Record<string, string>>, text: string): string {
  // The call's own keys only: {{constructor}} must not reach what every object inherits.
  return fillPlaceholders(text, (name) => String(variableValue(variables, name) ?? ""))
    .replace(/\s+([,.?!])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** A call's own variables as the caller may speak them: plain names, short plain values, nothing empty. */
export function sanitiseVariables(variables: Record<string, unknown> | undefined): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(variables ?? {})) {
    if (!/^[a-zA-Z][a-zA-Z0-9_]*$/.test(name)) continue;
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") continue;
    const text = String(value)
      .replace(/[\u0000-\u001f\u007f{}]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, maxVariableLength);
    if (text !== "") clean[name] = text;
  }
  return clean;
}
