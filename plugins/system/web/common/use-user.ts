import { useSnapshot } from 'valtio';
import { can, session, type UserInfo } from '@fmea/workbench/sdk';

/** The signed-in user (the shell loads it before any plugin renders). */
export function useUser(): UserInfo | null {
  return useSnapshot(session).user as UserInfo | null;
}

/** `allowed('add')`: whether the user holds a button of a page (admins: always). */
export function usePermission(routeName: string): (button: string) => boolean {
  const user = useUser();
  return (button) => can(user, routeName, button);
}
