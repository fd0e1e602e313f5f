import type { UserInfo } from '../api/types.ts';
import type { WorkAreaPlugin } from '../plugins/contract.ts';
import { matchPlugin } from '../plugins/registry.ts';

export type Resolved =
  | { kind: 'home' }
  | { kind: 'plugin'; plugin: WorkAreaPlugin; microRoute: string; title: { 'zh-CN': string; 'en-US': string } }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' }
  | { kind: 'notFound' };

/** /main children of spec 000 §2.1 that live in the personal centre. */
const INBOX: Record<string, string> = {
  '/main/my_notice': 'myNotice',
  '/main/view_my_notice': 'myNotice',
  '/main/my_task': 'myTask',
  '/main/my_message': 'myMessage',
  '/my_message': 'myMessage',
};

function permitted(user: UserInfo, routeName: string): boolean {
  return user.isAdmin || user.routers.some((r) => r.routeName === routeName);
}

/**
 * The guard's decision for a path (spec 000 §2.2 item 5): a known page the
 * user may open, 403 for a known page they may not, 404 for anything unknown.
 */
export function resolveRoute(path: string, user: UserInfo, search = ''): Resolved {
  const clean = path.replace(/\/+$/, '') || '/';
  // legacy deep links of spec 001 §2 keep their query and land in the area's plugin
  if (clean === '/main/dfmeaProject' || clean === '/main/pfmeaProject') {
    const area = clean === '/main/dfmeaProject' ? 'dfmea' : 'pfmea';
    return { kind: 'redirect', to: `/main/${area}/${area}Project${search ? `?${search.replace(/^\?/, '')}` : ''}` };
  }
  if (clean === '/main' || clean === '/main/homeIndex') return { kind: 'home' };
  if (INBOX[clean]) return { kind: 'redirect', to: `/systemInfo/ownspaceIndex/${INBOX[clean]}` };
  const match = matchPlugin(clean);
  if (!match) return { kind: 'notFound' };
  const { plugin, microRoute } = match;
  if (!permitted(user, plugin.manifest.routeName)) return { kind: 'forbidden' };
  if (!microRoute) return { kind: 'plugin', plugin, microRoute, title: plugin.manifest.title };
  const page = plugin.manifest.pages.find((p) => p.microRoute === microRoute);
  if (!page) return { kind: 'notFound' };
  if (!permitted(user, page.routeName)) return { kind: 'forbidden' };
  return { kind: 'plugin', plugin, microRoute, title: page.title };
}
