import { api } from '@fmea/sdk';
import type { Department, DictItem, Role, Site, UserPick } from './types.ts';

/** Pickers degrade to empty lists when the user may not read a list (the server decides). */
const orEmpty = <T,>(p: Promise<T[]>): Promise<T[]> => p.catch(() => []);

export const loadSites = () => orEmpty(api.get('/api/site/selectSiteList'));
export const loadDepartments = (siteId?: string) => orEmpty(api.get('/api/department/list', { siteId }));
export const loadRoles = () => orEmpty(api.get('/api/role/list'));
export const loadUserPicks = (searchKey = '', limit = 500) => orEmpty(api.get('/api/user/list', { searchKey, limit }));
export const loadDictionaries = () => api.get('/api/dictionary/getDics');

export function userLabel(u: UserPick): string {
  return u.realName ? `${u.realName} (${u.userName})` : u.userName;
}
