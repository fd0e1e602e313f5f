import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { AREAS, routeServing, NotAllowedError, PROJECT_ROUTES, PROJECT_TYPES, schema, type ProjectRouteName, type ProjectType, type ServiceContext } from '@fmea/core';
import { caller, hasAccess } from '../../http/authenticate.ts';
import type { AppEnv } from '../../http/env.ts';
import { operatorContext } from '../users/operator.ts';

/**
 * Access to FMEA projects, in two layers (spec 001 §6):
 * 1. the route of the work area that serves the project's type (its
 *    `projectTypes` in core/src/domain/areas: `dfmea_index` for design,
 *    family and MSR projects), checked here once the type is known; a type
 *    no area serves is open to the admin role only (process projects until
 *    the PFMEA area is defined);
 * 2. membership and read-only rules, checked by the engine's services.
 */

/** The routes of the areas that open projects. */
export const FMEA_ROUTES = PROJECT_ROUTES;
export type FmeaRouteName = ProjectRouteName;
export type FmeaButton = 'add' | 'edit' | 'del';

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

const TABLES = {
  project: schema.fmeaProject,
  node: schema.fmeaNode,
  function: schema.fmeaFunction,
  functionLink: schema.fmeaFunctionLink,
  characteristic: schema.fmeaCharacteristic,
  interface: schema.fmeaInterface,
  failure: schema.fmeaFailure,
  failureLink: schema.fmeaFailureLink,
  control: schema.fmeaControl,
  action: schema.fmeaAction,
} as const;
export type FmeaEntity = keyof typeof TABLES;

/** The project an item belongs to (id and type), or null when the item does not exist (the service then answers 404). */
export async function projectOfItem(c: Context<AppEnv>, entity: FmeaEntity, id: string): Promise<{ id: string; projectType: ProjectType } | null> {
  const db = c.var.services.database.db;
  const project = schema.fmeaProject;
  const columns = { id: project.id, projectType: project.projectType };
  // one query on the hot path of every FMEA write: the item joined to its project
  const row =
    entity === 'project'
      ? await db.select(columns).from(project).where(eq(project.id, id)).get()
      : await db.select(columns).from(TABLES[entity]).innerJoin(project, eq(project.id, TABLES[entity].projectId)).where(eq(TABLES[entity].id, id)).get();
  return row ? { id: row.id, projectType: row.projectType as ProjectType } : null;
}

/**
 * The menu check for the project an item belongs to. An unknown item passes:
 * the service that follows answers with its own 404.
 */
export async function requireItemAccess(c: Context<AppEnv>, entity: FmeaEntity, id: string, button?: FmeaButton): Promise<string | null> {
  const project = await projectOfItem(c, entity, id);
  if (project) requireTypeAccess(c, project.projectType, button);
  return project?.id ?? null;
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
  const rows = await services.database.db.select({ userId: schema.fmeaMember.userId }).from(schema.fmeaMember).where(eq(schema.fmeaMember.projectId, projectId));
  const memberIds = new Set(rows.map((r) => r.userId));
  const change: FmeaChange = { type: 'fmeaChanged', projectId, entity, id, byUserId: c.var.auth?.user.id ?? null };
  services.realtime.broadcast('receiveMessage', change, (b) => memberIds.has(b.userId) && b.sessionId !== origin);
}
