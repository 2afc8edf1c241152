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

/**
 * What an entry line states, without its attributions: each "— Source: Publisher, "Title" (date),
 * address" names a title, which can hold words the fact does not ("M&S calls for mandatory
 * ransomware reporting"). Facts written after an address are kept.
 */
export function factStated(line: string): string {
  return line.replace(/\s—\s+[^—]*?https?:\/\/\S+(?:\s*;\s*[^—;]*?https?:\/\/\S+)*/g, "").trim();
}
