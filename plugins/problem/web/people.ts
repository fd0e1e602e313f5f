import { api, useLoad } from '@fmea/sdk';

export type Person = { id: string; userName: string; realName: string };

/** The people a problem names (responsible person, team members, step owners, approver): the site's users. */
export function usePeople(): Person[] {
  return useLoad(() => api.get('/api/user/list', { limit: 500 }), []).data ?? [];
}

export const personOption = (p: Person) => ({ value: p.id, label: p.realName ? `${p.realName} (${p.userName})` : p.userName });
