/** One message of a gettext catalog as lingui writes it (msgctxt optional, ICU text in msgid). */
export interface PoEntry {
  context: string | null;
  id: string;
  translation: string;
  obsolete: boolean;
}

/** The key lingui itself uses to tell messages apart: context and source text. */
export function keyOf(entry: Pick<PoEntry, 'context' | 'id'>): string {
  return entry.context === null ? entry.id : `${entry.context}\u0004${entry.id}`;
}

/**
 * A small reader for the .po files lingui writes: msgctxt, msgid and msgstr
 * (each possibly over several quoted lines), with `#~` marking obsolete
 * entries. The header (empty msgid) is skipped.
 */
export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  for (const block of text.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
    let obsolete = false;
    const fields: Record<string, string> = {};
    let current: string | null = null;
    for (const raw of block.split('\n')) {
      let line = raw.trim();
      if (line.startsWith('#~')) {
        obsolete = true;
        line = line.slice(2).trim();
      } else if (line.startsWith('#') || line === '') continue;
      const start = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
      if (start) {
        current = start[1]!;
        fields[current] = JSON.parse(start[2]!) as string;
      } else if (current && line.startsWith('"')) fields[current] += JSON.parse(line) as string;
    }
    if (fields.msgid === undefined || fields.msgid === '') continue;
    entries.push({ context: fields.msgctxt ?? null, id: fields.msgid, translation: fields.msgstr ?? '', obsolete });
  }
  return entries;
}
