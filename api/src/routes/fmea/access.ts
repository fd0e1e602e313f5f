import type { Context } from 'hono';
import { projectOfItem, readMembers, PROJECT_ROUTES, type FmeaButton, type FmeaEntity, type ProjectRouteName, type ServiceContext } from '@fmea/core';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';

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
 * Route-level gate: any area that opens projects. The engine then checks the
 * route of the project's own type (core/src/services/fmea/access.ts).
 */
const GATE = FMEA_ROUTES;
export const readAccess = { route: GATE };
export const writeAccess = (...buttons: FmeaButton[]) => ({ route: GATE, button: buttons });

/**
 * The project an item belongs to, for telling its members after a deletion
 * (the item is gone afterwards). Not an access check: the engine's services
 * decide who may do what, the menu route of the project's type included.
 */
export async function projectIdOfItem(c: Context<AppEnv>, entity: FmeaEntity, id: string): Promise<string | null> {
  return (await projectOfItem(c.var.services.database.db, entity, id))?.id ?? null;
}

/** The caller as the engine's operator. */
export const fmeaContext = (c: Context<AppEnv>): ServiceContext => serviceContext(c);

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
  if (!services.realtime.mayReach({ exceptSession: origin })) return;
  const memberIds = (await readMembers(services.database.db, projectId)).map((m) => m.userId);
  const change: FmeaChange = { type: 'fmeaChanged', projectId, entity, id, byUserId: c.var.auth?.user.id ?? null };
  services.realtime.send('receiveMessage', change, { users: memberIds, ...(origin ? { exceptSession: origin } : {}) });
}
