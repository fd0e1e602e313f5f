import { useSnapshot } from 'valtio';
import { can, session, type ButtonOf, type RouteName, type UserInfo } from '@fmea/workbench/sdk';

/** The signed-in user (the shell loads it before any plugin renders). */
export function useUser(): UserInfo | null {
  return useSnapshot(session).user as UserInfo | null;
}

/** `allowed('add')`: whether the user holds a button of a page (admins: always). */
export function usePermission<R extends RouteName>(routeName: R): (button: ButtonOf<R>) => boolean {
  const user = useUser();
  // the signature ties the button to the route; the compiler cannot follow the generic through `can`
  return (button) => can(user, routeName as RouteName, button as ButtonOf<RouteName>);
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
