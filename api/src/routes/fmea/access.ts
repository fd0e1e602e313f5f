import type { Context } from 'hono';
import { AREAS, projectOfItem, readMembers, routeServing, NotAllowedError, PROJECT_ROUTES, PROJECT_TYPES, type FmeaButton, type FmeaEntity, type ProjectRouteName, type ProjectType, type ServiceContext } from '@fmea/core';
import { caller, hasAccess } from '../../http/authenticate.ts';
import type { AppEnv } from '../../http/env.ts';
import { operatorContext } from '../users/operator.ts';

/**
 * Access to FMEA projects (spec 001 §6), decided by the engine's services in
 * core (core/src/services/fmea/access.ts): the menu route of the area that
 * serves the project's type (its `projectTypes` in core/src/domain/areas;
 * `dfmea_index` for design, family and MSR projects; a type no area serves is
 * open to the admin role only) with the operation's button, then membership
 * and read-only rules. The session's grants reach them in the service
 * context. Routes here only gate on "any area that opens projects" and
 * answer the few calls that name a type before there is a project.
 */

/** The routes of the areas that open projects. */
export const FMEA_ROUTES = PROJECT_ROUTES;
export type FmeaRouteName = ProjectRouteName;
export type { FmeaButton, FmeaEntity };

/**
 * Route-level gate: any area that opens projects. `requireTypeAccess` then
 * checks the route of the project's own type.
 */
const GATE = FMEA_ROUTES;
export const readAccess = { route: GATE };
export const writeAccess = (...buttons: FmeaButton[]) => ({ route: GATE, button: buttons });

/** The route of the area serving a project type, or undefined when no area serves it. */
export const routeOfType = (projectType: ProjectType): FmeaRouteName | undefined => routeServing(projectType);

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

/**
 * The project an item belongs to, for telling its members after a deletion
 * (the item is gone afterwards). Not an access check: the engine's services
 * decide who may do what, the menu route of the project's type included.
 */
export async function projectIdOfItem(c: Context<AppEnv>, entity: FmeaEntity, id: string): Promise<string | null> {
  return (await projectOfItem(c.var.services.database.db, entity, id))?.id ?? null;
}

/** The caller as the engine's operator. */
export const fmeaContext = (c: Context<AppEnv>): ServiceContext => operatorContext(c);

export interface FmeaChange {
  type: 'fmeaChanged';
  projectId: string;
  entity: string;
  id: string;
  byUserId: string | null;
}

/**
 * Tells the open views of the project's members that something changed
 * (`receiveMessage` with `{ type: 'fmeaChanged', projectId, entity, id }`),
 * so they refresh. Only members are told.
 */
export async function notifyChanged(c: Context<AppEnv>, projectId: string, entity: string, id: string): Promise<void> {
  const services = c.var.services;
  // the tab that made the change already shows it; every other open view of a member is told
  const origin = c.var.auth?.session.id;
  // with no other view open there is nobody to tell: skip the members query (it is on every FMEA write)
  if (!services.realtime.some((b) => b.sessionId !== origin)) return;
  const memberIds = new Set((await readMembers(services.database.db, projectId)).map((m) => m.userId));
  const change: FmeaChange = { type: 'fmeaChanged', projectId, entity, id, byUserId: c.var.auth?.user.id ?? null };
  services.realtime.broadcast('receiveMessage', change, (b) => memberIds.has(b.userId) && b.sessionId !== origin);
}
