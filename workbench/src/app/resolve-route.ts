import { pagePath, routeOfPage, type AreaDefinition, type LocalisedText, type PageDefinition } from '@fmea/core/domain';
import type { UserInfo, WorkAreaPlugin } from '@fmea/sdk';
import { HOSTED, hostedAreas, type Hosted } from '../plugins/registry.ts';
import { landingPage } from '../shell/areas.ts';
import { holds } from '@fmea/sdk/host';

export type Resolved =
  /** An area the shell renders itself (the home page). */
  | { kind: 'shell'; area: AreaDefinition; title: LocalisedText }
  /** A plugin's page, or no page when none of the area's is open to the user (the host shows an empty state). */
  | { kind: 'area'; plugin: WorkAreaPlugin; page: PageDefinition | undefined; microRoute: string; title: LocalisedText }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' }
  | { kind: 'notFound' };

export interface ResolveOptions {
  readonly hosted?: Hosted;
  /** The page an area remembers for this session (areas with `rememberLastPage`). */
  readonly rememberedPage?: (areaId: string) => string | null;
}

function areaAt(path: string, areas: readonly AreaDefinition[]): { area: AreaDefinition; microRoute: string } | undefined {
  for (const area of areas) {
    const base = area.basePath;
    if (path === base || path.startsWith(`${base}/`)) return { area, microRoute: path.slice(base.length).replace(/^\//, '').split('/')[0] ?? '' };
  }
  return undefined;
}

/**
 * The guard's decision for a path (spec 000 §2.2 item 5), from the area
 * definitions alone: deep-link aliases redirect (keeping the query), an area
 * without a named page lands on its landing page, a known page the user may
 * open is shown, one they may not is 403, and anything unknown is 404.
 */
export function resolveRoute(path: string, user: UserInfo, search = '', options: ResolveOptions = {}): Resolved {
  const hosted = options.hosted ?? HOSTED;
  const areas = hostedAreas(hosted);
  const clean = path.replace(/\/+$/, '') || '/';
  const query = search.replace(/^\?/, '');
  for (const area of areas) {
    const alias = area.aliases?.find((a) => a.path === clean);
    if (alias) return { kind: 'redirect', to: `${pagePath(area, alias)}${query ? `?${query}` : ''}` };
  }
  const match = areaAt(clean, areas);
  if (!match) return { kind: 'notFound' };
  const { area, microRoute } = match;
  if (!holds(user, area.routeName)) return { kind: 'forbidden' };
  const plugin = hosted.plugins.find((p) => p.area === area);

  const page = area.pages.find((p) => p.microRoute === microRoute);
  if (microRoute === '' && !page) {
    const landing = landingPage(area, user, options.rememberedPage?.(area.id) ?? null);
    if (landing) return { kind: 'redirect', to: `${pagePath(area, landing)}${query ? `?${query}` : ''}` };
    // nothing of the area is open to the user: the host says so
    return plugin ? { kind: 'area', plugin, page: undefined, microRoute, title: area.title } : { kind: 'forbidden' };
  }
  if (!page) return { kind: 'notFound' };
  if (!holds(user, routeOfPage(area, page))) return { kind: 'forbidden' };
  return plugin ? { kind: 'area', plugin, page, microRoute, title: page.title } : { kind: 'shell', area, title: page.title };
}
