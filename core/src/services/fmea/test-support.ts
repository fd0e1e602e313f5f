import { eq } from 'drizzle-orm';
import { user } from '../../db/schema/index.ts';
import type { TestDatabase } from '../../testing/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { addFailure } from './failures.ts';
import { addFunction } from './functions.ts';
import { linkFailures } from './nets.ts';
import { createProject, type ProjectView } from './projects.ts';
import { addNode } from './structure.ts';
import { addControl } from './controls.ts';
import { findDictionaryType, saveDictionaryItem } from '../dictionaries/dictionaries.ts';

/**
 * Builders for the FMEA service tests: users inserted straight into the
 * table (no password hashing needed here) and a small three-level DFMEA
 * built through the real use cases.
 */
export async function makeUser(t: TestDatabase, userName: string): Promise<ServiceContext> {
  const [row] = await t.db.insert(user).values({ userName, realName: userName, passwordHash: 'not-a-real-hash' }).returning();
  return t.as({ userId: row!.id, userName });
}

export async function adminContext(t: TestDatabase): Promise<ServiceContext> {
  const admin = (await t.db.select().from(user).where(eq(user.userName, 'admin')).get())!;
  return t.as({ userId: admin.id, userName: 'admin' });
}

export const idOf = (ctx: ServiceContext) => ctx.actor.userId!;

/** Items of a dictionary type the seed leaves empty (customer, productPlatform): code, Chinese and English name. */
export async function addDictionaryItems(ctx: ServiceContext, typeCode: string, items: readonly (readonly [code: string, name: string, enName: string])[]): Promise<void> {
  const type = await findDictionaryType(ctx.db, typeCode);
  for (const [i, [code, name, enName]] of items.entries()) await saveDictionaryItem(ctx, { parentId: type.id, code, name, enName, sort: i + 1 });
}

export interface Team {
  owner: ServiceContext;
  editor: ServiceContext;
  reader: ServiceContext;
  outsider: ServiceContext;
}

/** Owner (role 0), editor (collaborator, 1), reader (reviewer, 4) and someone outside the project. */
export async function makeTeam(t: TestDatabase): Promise<Team> {
  return {
    owner: await makeUser(t, 'owner'),
    editor: await makeUser(t, 'editor'),
    reader: await makeUser(t, 'reader'),
    outsider: await makeUser(t, 'outsider'),
  };
}

export function createTeamProject(team: Team, overrides: Partial<Parameters<typeof createProject>[1]> = {}): Promise<ProjectView> {
  return createProject(team.owner, {
    projectType: 'dfmea',
    name: 'Window lifter',
    members: [
      { userId: idOf(team.owner), roles: [0] },
      { userId: idOf(team.editor), roles: [1] },
      { userId: idOf(team.reader), roles: [4] },
    ],
    ...overrides,
  });
}

/**
 * The handbook's window-lifter shape over three levels:
 * Window lifter (fn "Close window", FE "Window does not close" S9)
 *   └ Gearbox (fn "Transmit torque", FM "No torque transmitted")
 *       ├ Gear (fn "Mesh with worm", FC "Teeth worn" O6 D5, FC "Teeth broken" O2 D7)
 *       └ Housing (fn "Hold bearings", FC "Bearing seat loose" O3 D6)
 */
export async function buildWindowLifter(ctx: ServiceContext, project: ProjectView) {
  const rootId = project.rootNodeId!;
  const gearbox = await addNode(ctx, { parentId: rootId, name: 'Gearbox' });
  const gear = await addNode(ctx, { parentId: gearbox.id, name: 'Gear' });
  const housing = await addNode(ctx, { parentId: gearbox.id, name: 'Housing' });
  const close = await addFunction(ctx, { nodeId: rootId, description: 'Close window', requirement: 'within 4 s' });
  const torque = await addFunction(ctx, { nodeId: gearbox.id, description: 'Transmit torque', requirement: '12 Nm' });
  const mesh = await addFunction(ctx, { nodeId: gear.id, description: 'Mesh with worm' });
  const hold = await addFunction(ctx, { nodeId: housing.id, description: 'Hold bearings' });
  const effect = await addFailure(ctx, { functionId: close.id, kind: 'FE', description: 'Window does not close', severity: 9 });
  const mode = await addFailure(ctx, { functionId: torque.id, kind: 'FM', description: 'No torque transmitted' });
  const worn = await addFailure(ctx, { functionId: mesh.id, kind: 'FC', description: 'Teeth worn', occurrence: 6, detection: 5 });
  const broken = await addFailure(ctx, { functionId: mesh.id, kind: 'FC', description: 'Teeth broken', occurrence: 2, detection: 7 });
  const loose = await addFailure(ctx, { functionId: hold.id, kind: 'FC', description: 'Bearing seat loose', occurrence: 3, detection: 6 });
  await linkFailures(ctx, { higherFailureId: effect.id, lowerFailureId: mode.id });
  for (const cause of [worn, broken, loose]) await linkFailures(ctx, { higherFailureId: mode.id, lowerFailureId: cause.id });
  await addControl(ctx, { causeId: worn.id, kind: 'prevention', description: 'Design guideline DG-12' });
  await addControl(ctx, { causeId: worn.id, kind: 'detection', description: 'Endurance test ET-3' });
  return { rootId, gearbox, gear, housing, close, torque, mesh, hold, effect, mode, worn, broken, loose };
}
