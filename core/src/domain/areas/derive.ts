import type { ProjectType } from '../fmea/vocabulary.ts';
import { contributionIssues } from './contributions.ts';
import type { AreaDefinition, PageDefinition } from './define.ts';

/** One row of the `menu` table: what roles are granted and what the permission tree shows. */
export interface MenuDefinition {
  readonly routeName: string;
  readonly parentRouteName: string | null;
  readonly path: string;
  readonly title: string;
  readonly titleEn: string;
  readonly icon: string;
  readonly hidden: boolean;
  readonly sort: number;
  readonly buttons: readonly string[];
}

/** The path of a page: the area's base path, plus the micro route unless it is the landing page. */
export const pagePath = (area: AreaDefinition, page: Pick<PageDefinition, 'microRoute'>): string => (page.microRoute ? `${area.basePath}/${page.microRoute}` : area.basePath);

/** The route that guards a page: its own, else the area's. */
export const routeOfPage = (area: AreaDefinition, page: PageDefinition): string => page.routeName ?? area.routeName;

/**
 * The menu rows to seed: one per area route and one per page that has a route
 * of its own, the pages in their listed order under their area.
 */
export function menusOf(areas: readonly AreaDefinition[]): MenuDefinition[] {
  return areas.flatMap((area) => {
    const hidden = area.showIn !== 'topMenu';
    const own = { routeName: area.routeName, parentRouteName: null, path: area.basePath, title: area.title['zh-CN'], titleEn: area.title['en-US'], icon: area.icon, hidden, sort: area.sort, buttons: area.buttons };
    const pages = area.pages
      .filter((page) => page.routeName !== undefined)
      .map((page, index) => ({
        routeName: page.routeName!,
        parentRouteName: area.routeName,
        path: pagePath(area, page),
        title: page.title['zh-CN'],
        titleEn: page.title['en-US'],
        icon: page.icon ?? area.icon,
        hidden: hidden || !page.listed,
        sort: index + 1,
        buttons: page.buttons ?? [],
      }));
    return [own, ...pages];
  });
}

/** Every route name the areas define, areas before their pages. */
export function routeNamesOf(areas: readonly AreaDefinition[]): string[] {
  return menusOf(areas).map((m) => m.routeName);
}

/** Routes every signed-in user holds whatever their roles: those of the areas open to everyone. */
export function everyoneRoutes(areas: readonly AreaDefinition[]): string[] {
  return routeNamesOf(areas.filter((area) => area.everyone));
}

/** The area that opens projects of a type, if any: its route gates them on the server. */
export function areaServing<A extends AreaDefinition>(areas: readonly A[], projectType: ProjectType): A | undefined {
  return areas.find((area) => area.projectTypes?.includes(projectType));
}

/** What is wrong with a list of definitions; empty when they hold together (the contract test asserts it). */
export function areaIssues(areas: readonly AreaDefinition[]): string[] {
  const issues: string[] = [];
  const repeated = (kind: string, values: readonly string[]) => {
    const seen = new Set<string>();
    for (const value of values) {
      if (seen.has(value)) issues.push(`${kind} ${JSON.stringify(value)} is defined twice`);
      seen.add(value);
    }
  };
  repeated('area id', areas.map((a) => a.id));
  repeated('route name', routeNamesOf(areas));
  repeated('path', [...areas.map((a) => a.basePath), ...areas.flatMap((a) => (a.aliases ?? []).map((alias) => alias.path))]);
  repeated('redirect type', areas.flatMap((a) => Object.keys(a.redirectTypes ?? {})));
  repeated('project type', areas.flatMap((a) => a.projectTypes ?? []));
  for (const area of areas) {
    if (!area.basePath.startsWith('/') || area.basePath.endsWith('/')) issues.push(`${area.id}: base path ${area.basePath} must start and not end with /`);
    repeated(`${area.id}: micro route`, area.pages.map((p) => p.microRoute));
    const micro = new Set(area.pages.map((p) => p.microRoute));
    for (const page of area.pages) {
      if (page.microRoute.includes('/')) issues.push(`${area.id}: micro route ${page.microRoute} holds a /`);
      if (page.buttons?.length && !page.routeName) issues.push(`${area.id}/${page.microRoute}: buttons need a route of the page's own`);
      if (page.inUserMenu && area.showIn !== 'userMenu') issues.push(`${area.id}/${page.microRoute}: only areas shown in the user menu put pages there`);
    }
    for (const alias of area.aliases ?? []) if (!micro.has(alias.microRoute)) issues.push(`${area.id}: alias ${alias.path} opens no page`);
    for (const [type, target] of Object.entries(area.redirectTypes ?? {})) if (!micro.has(target)) issues.push(`${area.id}: redirect type ${type} opens no page`);
    if (!area.pages.some((p) => p.listed || p.microRoute === '')) issues.push(`${area.id}: no page to land on`);
    if (area.projectTypes?.length && (area.projectPage === undefined || !micro.has(area.projectPage))) issues.push(`${area.id}: opens projects but names no page of its own to open them on`);
  }
  issues.push(...contributionIssues(areas));
  return issues;
}
