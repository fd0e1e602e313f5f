import { useEffect, useState } from 'react';
import { api } from '@fmea/workbench/sdk';
import type { DictItem, UserOption } from '../types.ts';

/** Items of one dictionary (GET /api/dictionary/getDics?code=…); empty while loading or on error. */
export function useDict(code: string): DictItem[] {
  const [items, setItems] = useState<DictItem[]>([]);
  useEffect(() => {
    let live = true;
    api
      .get<{ code: string; children?: DictItem[] }[]>('/api/dictionary/getDics', { code, timestamp: String(Date.now()) })
      .then((dicts) => {
        if (live) setItems(dicts.find((d) => d.code === code)?.children ?? dicts[0]?.children ?? []);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code]);
  return items;
}

/** Users for the team picker (GET /api/user/list). */
export function useUsers(): UserOption[] {
  const [users, setUsers] = useState<UserOption[]>([]);
  useEffect(() => {
    let live = true;
    api
      .get<UserOption[]>('/api/user/list', { limit: '500', timestamp: String(Date.now()) })
      .then((list) => {
        if (live) setUsers(list);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return users;
}
