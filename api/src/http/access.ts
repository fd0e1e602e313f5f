import type { Context } from 'hono';
import { AREAS, NotAllowedError, PROJECT_TYPES, routeServing, type ButtonOf, type FmeaButton, type ProjectRouteName, type ProjectType, type RouteName } from '@fmea/core';
import { caller, hasAccess, type Access, type RouteAccess } from './authenticate.ts';
import type { AppEnv } from './env.ts';

/**
 * Checks inside a handler, for calls whose button depends on the body: save
 * routes create without an id and update with one, so the route's access
 * admits either button and the handler checks the one the payload needs.
 */
export function requireButton<R extends RouteName>(c: Context<AppEnv>, route: R, button: ButtonOf<R>): void {
  // the signature checks the pair; inside, the generic button type is not narrowed further
  if (!hasAccess(caller(c), { route, button } as RouteAccess)) throw new NotAllowedError();
}

/** The access of a save route: the route with its add or edit button (refined by `requireButton`); `defineRoute` checks the route offers both. */
export const saveAccess = <R extends RouteName>(route: R) => ({ route, button: ['add', 'edit'] as const });

/** A second, finer check inside a handler for any access (route, buttons, or a list of them). */
export function assertAccess(c: Context<AppEnv>, access: Exclude<Access, 'public'>): void {
  if (!hasAccess(caller(c), access)) throw new NotAllowedError();
}

/* Project types: an FMEA project is gated by the route of the area serving its type (core/src/domain/areas). */

/** The route of the area serving a project type, or undefined when no area serves it. */
export const routeOfType = (projectType: ProjectType): ProjectRouteName | undefined => routeServing(projectType);

/** The menu check for one project type: its area's route, and the button when one is named. */
export function requireTypeAccess(c: Context<AppEnv>, projectType: ProjectType, button?: FmeaButton): void {
  const auth = caller(c);
  const route = routeOfType(projectType);
  const allowed = route ? hasAccess(auth, button ? { route, button } : { route }) : auth.isAdmin;
  if (!allowed) throw new NotAllowedError();
}

/** Project types the caller may see in lists (by the routes of the areas serving them). */
export function visibleTypes(c: Context<AppEnv>): ProjectType[] {
  const auth = caller(c);
  if (auth.isAdmin) return [...PROJECT_TYPES];
  return AREAS.flatMap((area): readonly ProjectType[] => ('projectTypes' in area && hasAccess(auth, { route: area.routeName }) ? area.projectTypes : []));
}

