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

type ReviewRole = 'professional' | 'quality' | 'technical' | 'countersign';
const REVIEW_PICKER_ROLES: readonly ReviewRole[] = ['professional', 'quality', 'technical', 'countersign'];
const NO_NOMINEES: Record<ReviewRole, UserOption[]> = { professional: [], quality: [], technical: [], countersign: [] };

/**
 * Per review role, the readers the project's FMEA type lets the caller name for it (the workflow settings' "who may
 * be named"): the server's answer by the rule the submit checks, so the review pickers offer nobody it would refuse.
 */
export function useReviewNominees(projectId: string): Record<ReviewRole, UserOption[]> {
  return useLookup(
    `nominees:${projectId}`,
    async () => Object.fromEntries(await Promise.all(REVIEW_PICKER_ROLES.map(async (reviewRole) => [reviewRole, await api.get('/api/user/list', { limit: 500, projectId, reviewRole })]))) as Record<ReviewRole, UserOption[]>,
    NO_NOMINEES,
  );
}
