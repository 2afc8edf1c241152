/**
 * What the fact sheet (content/FACTS.md) records of one source: its entry. An entry is the line
 * that carries the source's address, with the indented sub-points under it that name no address
 * of their own ("The same ZDNET piece adds…"), since those report the same source.
 */
export function factsEntry(factsText: string, address: string): string[] {
  const lines = factsText.split("\n");
  const entry: string[] = [];
  lines.forEach((line, index) => {
    if (!line.includes(address)) return;
    entry.push(line);
    for (let next = index + 1; next < lines.length && /^\s+- /.test(lines[next] as string) && !/https?:\/\//.test(lines[next] as string); next += 1) entry.push(lines[next] as string);
  });
  return entry;
}

/** The heading of the fact-sheet section a line stands in ("## 4. Google Threat Intelligence on UNC6040 (vishing against Salesforce customers)"). */
export function factsSectionOf(factsText: string, line: string): string | undefined {
  const lines = factsText.split("\n");
  const at = lines.indexOf(line);
  for (let index = at; index >= 0; index -= 1) if (/^## /.test(lines[index] as string)) return lines[index];
  return undefined;
}

/**
 * What an entry line states, without its attributions: each "— Source: Publisher, "Title" (date),
 * address" names a title, which can hold words the fact does not ("M&S calls for mandatory
 * ransomware reporting"). Facts written after an address are kept.
 */
export function factStated(line: string): string {
  return line.replace(/\s—\s+[^—]*?https?:\/\/\S+(?:\s*;\s*[^—;]*?https?:\/\/\S+)*/g, "").trim();
}
