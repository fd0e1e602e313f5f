import { proxy } from 'valtio';
import { getToken, setSessionLostHandler, setToken } from '../api/client.ts';
import { api } from '../api/typed-client.ts';
import type { ButtonOf, RouteName } from '@fmea/core/domain';
import type { Router, UserInfo } from '../api/types.ts';
import { WIDTHS_PREFIX } from '../components/data-grid/use-column-widths.ts';

/** Who is signed in, what they may open, and the rule flags (spec 000 §3 "session values"). */
export const session = proxy({
  token: getToken(),
  user: null as UserInfo | null,
  loading: false,
});

export function signedIn(): boolean {
  return Boolean(session.token);
}

/** Fetches user info (roles and routers) once per page load. */
export async function loadUser(force = false): Promise<UserInfo> {
  if (session.user && !force) return session.user;
  session.loading = true;
  try {
    session.user = await api.get('/api/user/info');
    return session.user;
  } finally {
    session.loading = false;
  }
}

export function startSession(token: string): void {
  setToken(token);
  session.token = token;
  session.user = null;
}

/**
 * Clears tokens and all local/session storage except the language and the grid column widths, which
 * are layout kept per user id, not data (spec 000 §4 "Session"; docs/decisions/choices.md).
 */
export function clearSession(): void {
  try {
    const kept = Object.keys(localStorage)
      .filter((key) => key === 'fmea.locale' || key.startsWith(WIDTHS_PREFIX))
      .map((key) => [key, localStorage.getItem(key) ?? ''] as const);
    sessionStorage.clear();
    localStorage.clear();
    for (const [key, value] of kept) localStorage.setItem(key, value);
  } catch {
    // storage disabled: nothing to clear
  }
  setToken(null);
  session.token = null;
  session.user = null;
}

/**
 * Signs out here; answers the single sign-on provider's end-session address when the session began
 * there (the caller sends the browser on to it so the provider's session ends too), else null.
 */
export async function logout(): Promise<string | null> {
  let endSessionUrl: string | null = null;
  try {
    endSessionUrl = (await api.post('/api/logout')).endSessionUrl;
  } catch {
    // already gone on the server: sign out locally anyway
  }
  clearSession();
  return endSessionUrl;
}

setSessionLostHandler(() => {
  clearSession();
  window.location.assign('/');
});

export function routerOf(user: UserInfo | null, routeName: string): Router | undefined {
  return user?.routers.find((r) => r.routeName === routeName);
}

/** Whether the user holds a route (and a button of it) by name; the shell's guard reads definitions as data. */
export function holds(user: UserInfo | null, routeName: string, button?: string): boolean {
  if (!user) return false;
  if (user.isAdmin) return true;
  const router = routerOf(user, routeName);
  if (!router) return false;
  return button === undefined || router.buttons.includes(button);
}

/**
 * Button permission of spec 000 §6: granted when the route's list contains it
 * (admins: always). Route and button names are those the work areas define,
 * so a typo does not compile.
 */
export function can<R extends RouteName>(user: UserInfo | null, routeName: R, button?: ButtonOf<R>): boolean {
  return holds(user, routeName, button);
}
