import { useEffect, useState } from 'react';
import { api } from '@fmea/sdk';
import type { DictItem, UserOption } from '../types.ts';

/**
 * The list page, its filters and its dialogs all want the same pickers: one
 * request per lookup serves them all for a minute, then the next use reads again.
 */
const FRESH_MS = 60_000;
const cache = new Map<string, { at: number; value: Promise<unknown> }>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < FRESH_MS) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key)); // a failed read is not kept
  return value;
}

function useLookup<T>(key: string, load: () => Promise<T>, empty: T): T {
  const [value, setValue] = useState<T>(empty);
  useEffect(() => {
    let live = true;
    cached(key, load)
      .then((v) => live && setValue(v))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key]);
  return value;
}

const NO_ITEMS: DictItem[] = [];
const NO_USERS: UserOption[] = [];

/** Items of one dictionary; empty while loading or on error. */
export function useDict(code: string): DictItem[] {
  return useLookup(
    `dict:${code}`,
    async () => {
      const dicts = await api.get('/api/dictionary/getDics', { code });
      return dicts.find((d) => d.code === code)?.children ?? dicts[0]?.children ?? [];
    },
    NO_ITEMS,
  );
}

/** Users for the team picker. */
export function useUsers(): UserOption[] {
  return useLookup('users', () => api.get('/api/user/list', { limit: 500 }), NO_USERS);
}

/** Users who may read the project (its team, administrators, whom it is shared with): the pickers of people a step names from its readers. */
export function useProjectReaders(projectId: string): UserOption[] {
  return useLookup(`readers:${projectId}`, () => api.get('/api/user/list', { limit: 500, projectId }), NO_USERS);
}
