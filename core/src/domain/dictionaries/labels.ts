/**
 * Dictionary items as a reader sees them and as a file or a caller names
 * them. Stored values are item codes ('3'); people read and write the
 * item's name in their language ('B样', 'B sample').
 */
export interface DictionaryChoice {
  readonly code: string;
  /** The Chinese name (the dictionary's primary name). */
  readonly name: string;
  /** The English name; '' when none was given. */
  readonly enName: string;
}

/** The item's name in the reader's language: English in en-US when it has one, else its (Chinese) name. */
export function dictionaryLabel(item: Pick<DictionaryChoice, 'name' | 'enName'>, locale: string): string {
  return locale === 'en-US' && item.enName ? item.enName : item.name;
}

/**
 * Whether `dictionaryLabel` falls back to the Chinese name for an English
 * reader (an item an admin created without an English name): pickers say so
 * beside the name, so nobody takes it for a translation that is missing by mistake.
 */
export function isDictionaryFallback(item: Pick<DictionaryChoice, 'enName'>, locale: string): boolean {
  return locale === 'en-US' && !item.enName;
}

const folded = (text: string) => text.normalize('NFKC').trim().toLowerCase();

/**
 * The item a text names: its code, or its name in either language (any
 * case, full-width forms and surrounding spaces ignored). `prefer` says which
 * reading wins when a text is both (a caller sends codes, a workbook labels).
 */
export function matchDictionaryItem<T extends DictionaryChoice>(items: readonly T[], text: string, prefer: 'code' | 'label' = 'code'): T | undefined {
  const wanted = text.trim();
  if (!wanted) return undefined;
  const key = folded(wanted);
  const byCode = () => items.find((i) => i.code === wanted);
  const byLabel = () => items.find((i) => folded(i.name) === key || (i.enName !== '' && folded(i.enName) === key));
  return prefer === 'code' ? (byCode() ?? byLabel()) : (byLabel() ?? byCode());
}
