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

/**
 * Where the signed-in user administers (docs/domain/administration.md): super
 * administrators everywhere, site administrators the site of their session,
 * others nowhere. The server decides; pages only leave out what it would refuse.
 */
export function useAdminScope() {
  const user = useUser();
  const rank = user?.adminRank ?? 'none';
  return {
    rank,
    configuresSites: rank === 'super',
    managesSite: (siteId: string) => rank === 'super' || (rank === 'site' && user?.siteId === siteId),
  };
}
