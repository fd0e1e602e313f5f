import { useEffect, useState } from 'react';
import { api } from '../../api/typed-client.ts';

export interface DictionaryItem {
  code: string;
  name: string;
  enName: string | null;
}
/** Items of each dictionary type, by the type's code. */
export type DictionaryItems = Readonly<Record<string, readonly DictionaryItem[]>>;

// the list, its filters and its dialogs want the same items: one read per type serves them for a minute
const FRESH_MS = 60_000;
const cache = new Map<string, { at: number; items: Promise<DictionaryItem[]> }>();

function itemsOf(code: string): Promise<DictionaryItem[]> {
  const hit = cache.get(code);
  if (hit && Date.now() - hit.at < FRESH_MS) return hit.items;
  const items = api.get('/api/dictionary/getDics', { code }).then((types) => (types.find((d) => d.code === code)?.children ?? []).map(({ code, name, enName }) => ({ code, name, enName: enName ?? null })));
  cache.set(code, { at: Date.now(), items });
  items.catch(() => cache.delete(code)); // a failed read is not kept
  return items;
}

/** The items of the dictionaries named (empty while they load, or when one cannot be read). */
export function useDictionaries(codes: readonly string[]): DictionaryItems {
  const [items, setItems] = useState<DictionaryItems>({});
  const key = codes.join(',');
  useEffect(() => {
    let live = true;
    void Promise.all(codes.map(async (code) => [code, await itemsOf(code).catch(() => [])] as const)).then((pairs) => live && setItems(Object.fromEntries(pairs)));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return items;
}
