import { useSnapshot } from 'valtio';
import { session, type UserInfo } from '@fmea/workbench/sdk';

/** The signed-in user (the shell loads it before any plugin renders; `loadUser(true)` refreshes it). */
export function useUser(): UserInfo | null {
  return useSnapshot(session).user as UserInfo | null;
}
