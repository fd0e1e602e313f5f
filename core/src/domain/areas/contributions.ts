import { COMMENT_TARGET_KINDS } from '../fmea-comments/index.ts';
import { MESSAGE_CODES } from '../messages/index.ts';
import type { AreaDefinition, LocalisedText } from './define.ts';

/**
 * What an area contributes to the shell, as data in its definition (as VS
 * Code's `contributes` and Grafana's `includes`): the home page, My tasks,
 * My favourites, the comment threads and the inbox gather these across the
 * areas, so none of them names an area (docs/recipes/work-area.md "What an
 * area contributes to the shell").
 */
export interface AreaContributions {
  /**
   * The GET route listing the caller's recently opened items of the area
   * (`?limit=`; each `{ id, serialNum, name, projectType }`, opened by its
   * project link). The home page's "Recent projects" card reads it for users
   * holding the area's route; the route's access must name that route.
   */
  readonly recent?: { readonly path: string };
  /** Names of the task sources (core/src/services/my-work TASK_SOURCES) that give My tasks the work of the area's records. */
  readonly taskSources?: readonly string[];
  /** The favourite ("collect", spec 001 §3) kinds of the area's records; each kind is one area's. */
  readonly favourites?: readonly FavouriteKind[];
  /** The row kinds (COMMENT_TARGET_KINDS) a project of the area's `projectTypes` takes comments and a history on. */
  readonly commentTargets?: readonly string[];
  /** The message codes (MESSAGE_CODES) of messages that open a page of the area. */
  readonly messageCodes?: readonly string[];
  /**
   * The home page's workbench indicators the area gives (spec 000 §2.4; docs/domain/dashboard.md): each a
   * figure or a short list answered by a GET route, shown to holders of the area's route in the order the
   * administrator sets (Administration › Workbench indicators).
   */
  readonly indicators?: readonly IndicatorContribution[];
}

/** How the home page shows an indicator: its figure large (with the first few rows), or its rows. */
export const INDICATOR_KINDS = ['count', 'list'] as const;
export type IndicatorKind = (typeof INDICATOR_KINDS)[number];

/**
 * One workbench indicator. Its route answers `IndicatorAnswer` (core/src/domain/dashboard) to holders of the
 * area's route, 403 to others; the home page shows it only to them.
 */
export interface IndicatorContribution {
  /** Unique across the areas: what the administrator's settings store. */
  readonly id: string;
  readonly title: LocalisedText;
  /** The GET route answering the indicator (`?limit=`). */
  readonly route: string;
  readonly kind: IndicatorKind;
  /** The place in a new installation's order (the administrator changes it): a positive whole number. */
  readonly sort: number;
  /**
   * Indicators of one sort group may share a sort value (spec 000 §5 "some dashboard modules must share the
   * same sort order"): those sharing one are shown side by side as one block. Outside a group sort values are unique.
   */
  readonly sortGroup?: string;
}

/** An indicator with the area that contributes it (its route gates it). */
export interface ContributedIndicator extends IndicatorContribution {
  readonly area: string;
  readonly areaRoute: string;
  /** Every signed-in user holds the area. */
  readonly everyone: boolean;
}

export interface FavouriteKind {
  /** The stored collect type. */
  readonly type: string;
  /** What My favourites calls an item of the kind. */
  readonly title: LocalisedText;
  /** The kind names a project of one of the area's `projectTypes` (it opens by its project link). */
  readonly projects?: boolean;
}

/** A favourite kind with the area that contributes it. */
export interface ContributedFavourite extends FavouriteKind {
  readonly area: string;
}

/** The areas contributing a recent list, in the areas' order. */
export const recentContributors = <A extends AreaDefinition>(areas: readonly A[]): (A & { contributes: { recent: { path: string } } })[] =>
  areas.filter((area): area is A & { contributes: { recent: { path: string } } } => area.contributes?.recent !== undefined);

/** Each task source the areas contribute, once, with the project types of the areas contributing it (in the areas' order). */
export function taskSourcesOf(areas: readonly AreaDefinition[]): Map<string, { projectTypes: string[] }> {
  const sources = new Map<string, { projectTypes: string[] }>();
  for (const area of areas) {
    for (const name of area.contributes?.taskSources ?? []) {
      const scope = sources.get(name) ?? { projectTypes: [] };
      scope.projectTypes.push(...(area.projectTypes ?? []));
      sources.set(name, scope);
    }
  }
  return sources;
}

/** Every favourite kind the areas contribute. */
export const favouriteKinds = (areas: readonly AreaDefinition[]): ContributedFavourite[] => areas.flatMap((area) => (area.contributes?.favourites ?? []).map((kind) => ({ ...kind, area: area.id })));

/** The favourite kinds that name a project. */
export const projectFavouriteTypes = (areas: readonly AreaDefinition[]): string[] => favouriteKinds(areas).filter((kind) => kind.projects).map((kind) => kind.type);

/** The row kinds a project of the type takes comments on: those the area opening it contributes (none when no area opens it). */
export const commentTargetsOf = (areas: readonly AreaDefinition[], projectType: string): readonly string[] =>
  areas.find((area) => area.projectTypes?.includes(projectType))?.contributes?.commentTargets ?? [];

/** Each message code with the areas whose pages its messages open. */
export function messageCodesOf(areas: readonly AreaDefinition[]): Map<string, string[]> {
  const codes = new Map<string, string[]>();
  for (const area of areas) for (const code of area.contributes?.messageCodes ?? []) codes.set(code, [...(codes.get(code) ?? []), area.id]);
  return codes;
}

/** Every indicator the areas contribute, in the areas' order. */
export const indicatorsOf = (areas: readonly AreaDefinition[]): ContributedIndicator[] =>
  areas.flatMap((area) => (area.contributes?.indicators ?? []).map((indicator) => ({ ...indicator, area: area.id, areaRoute: area.routeName, everyone: area.everyone })));

/** The indicators' own problems: unique ids and routes, an API path, a known kind, a positive whole sort, shared sorts only within a group. */
function indicatorIssues(areas: readonly AreaDefinition[]): string[] {
  const issues: string[] = [];
  const ids = new Map<string, string>();
  const routes = new Map<string, string>();
  const sorts = new Map<number, ContributedIndicator>();
  for (const indicator of indicatorsOf(areas)) {
    const { id, area, route, kind, sort, sortGroup } = indicator;
    if (ids.has(id)) issues.push(`indicator ${JSON.stringify(id)} is contributed by ${ids.get(id)} and ${area}`);
    else ids.set(id, area);
    if (routes.has(route)) issues.push(`${area}: indicator ${id} answers at ${route}, as ${routes.get(route)} does`);
    else routes.set(route, id);
    if (!/^\/api\/\S+$/.test(route)) issues.push(`${area}: indicator ${id}'s route ${route} is no API path`);
    if (!(INDICATOR_KINDS as readonly string[]).includes(kind)) issues.push(`${area}: indicator ${id} is of no kind (${kind})`);
    if (!Number.isInteger(sort) || sort < 1) issues.push(`${area}: indicator ${id}'s sort ${sort} is no positive whole number`);
    const other = sorts.get(sort);
    if (other && (other.sortGroup === undefined || other.sortGroup !== sortGroup)) issues.push(`${area}: indicator ${id} shares sort ${sort} with ${other.id} outside a sort group`);
    else sorts.set(sort, indicator);
  }
  return issues;
}

/** What is wrong with the areas' contributions (part of `areaIssues`). */
export function contributionIssues(areas: readonly AreaDefinition[]): string[] {
  const issues: string[] = [];
  const favouriteOwner = new Map<string, string>();
  for (const area of areas) {
    const given = area.contributes;
    if (!given) continue;
    const twice = (what: string, values: readonly string[]) => {
      for (const value of new Set(values.filter((v, i) => values.indexOf(v) !== i))) issues.push(`${area.id}: ${what} ${JSON.stringify(value)} is contributed twice`);
    };
    if (given.recent && !/^\/api\/\S+$/.test(given.recent.path)) issues.push(`${area.id}: the recent list ${given.recent.path} is no API path`);
    twice('task source', given.taskSources ?? []);
    for (const kind of given.favourites ?? []) {
      const owner = favouriteOwner.get(kind.type);
      if (owner !== undefined) issues.push(`favourite kind ${JSON.stringify(kind.type)} is contributed by ${owner} and ${area.id}`);
      else favouriteOwner.set(kind.type, area.id);
      if (kind.projects && !area.projectTypes?.length) issues.push(`${area.id}: favourite kind ${kind.type} names projects, but the area opens none`);
    }
    twice('comment target', given.commentTargets ?? []);
    if (given.commentTargets?.length && !area.projectTypes?.length) issues.push(`${area.id}: takes comments on rows, but opens no projects`);
    for (const kind of given.commentTargets ?? []) if (!(COMMENT_TARGET_KINDS as readonly string[]).includes(kind)) issues.push(`${area.id}: comment target ${kind} is no row kind`);
    twice('message code', given.messageCodes ?? []);
    for (const code of given.messageCodes ?? []) if (!(MESSAGE_CODES as readonly string[]).includes(code)) issues.push(`${area.id}: message code ${code} is no message code`);
  }
  issues.push(...indicatorIssues(areas));
  return issues;
}
