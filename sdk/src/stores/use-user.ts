import { useSnapshot } from 'valtio';
import type { ButtonOf, RouteName } from '@fmea/core/domain';
import type { UserInfo } from '../api/types.ts';
import { can, session } from './session.ts';

/** The signed-in user (the shell loads it before any plugin renders; `loadUser(true)` refreshes it). */
export function useUser(): UserInfo | null {
  return useSnapshot(session).user as UserInfo | null;
}

/** `allowed('add')`: whether the user holds a button of a page (admins: always). */
export function usePermission<R extends RouteName>(routeName: R): (button: ButtonOf<R>) => boolean {
  const user = useUser();
  // the signature ties the button to the route; the compiler cannot follow the generic through `can`
  return (button) => can(user, routeName as RouteName, button as ButtonOf<RouteName>);
}
