/**
 * Server-side setup and check of the mixed read/write load of `npm run bench:api`,
 * run inside the API child (it owns the database). Setup goes through core's
 * services; the load itself goes through the real routes and real sessions.
 */
import { eq, inArray } from 'drizzle-orm';
import { addFailure, addFunction, addNode, createContext, createProject, createRole, createUser, schema, setRolePermissions, type Database } from '@fmea/core';

export const MIXED_PASSWORD = 'Mixed#Load7x!Q';

export interface MixedFixture {
  /** Engineers to sign in as (password MIXED_PASSWORD), each owning one project. */
  userNames: string[];
  /** FC causes to add controls to, by the index of their owner in `userNames`. */
  causes: { owner: number; causeId: string }[];
}

/** `users` engineers, each owning a DFMEA project with one element and `causesPerUser` failure causes. */
export async function prepareMixedLoad(database: Database, users: number, causesPerUser: number): Promise<MixedFixture> {
  const system = createContext(database.db);
  const role = await createRole(system, { name: 'bench-engineer' });
  await setRolePermissions(system, role.id, [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]);
  const fixture: MixedFixture = { userNames: [], causes: [] };
  for (let u = 0; u < users; u++) {
    const userName = `bench${u}`;
    const { user } = await createUser(system, { userName, realName: `Bench ${u}`, password: MIXED_PASSWORD, roles: [role.id] });
    await database.db.update(schema.user).set({ mustChangePassword: false }).where(eq(schema.user.id, user.id));
    const as = createContext(database.db, { userId: user.id, userName });
    const project = await createProject(as, { projectType: 'dfmea', name: `Bench lifter ${u}`, members: [{ userId: user.id, roles: [0] }] });
    const node = await addNode(as, { parentId: project.rootNodeId!, name: 'Gear' });
    const fn = await addFunction(as, { nodeId: node.id, description: 'Mesh with worm' });
    for (let c = 0; c < causesPerUser; c++) {
      const cause = await addFailure(as, { functionId: fn.id, kind: 'FC', description: `Teeth worn ${c}`, occurrence: 6, detection: 5 });
      fixture.causes.push({ owner: u, causeId: cause.id });
    }
    fixture.userNames.push(userName);
  }
  return fixture;
}

/** How many of the acknowledged control ids are stored, and how many controls the fixture's causes hold in all. */
export async function countStored(database: Database, ackedIds: readonly string[], causeIds: readonly string[]): Promise<{ found: number; total: number }> {
  let found = 0;
  for (let i = 0; i < ackedIds.length; i += 500) {
    const chunk = ackedIds.slice(i, i + 500);
    found += (await database.db.select({ id: schema.fmeaControl.id }).from(schema.fmeaControl).where(inArray(schema.fmeaControl.id, chunk))).length;
  }
  const total = (await database.db.select({ id: schema.fmeaControl.id }).from(schema.fmeaControl).where(inArray(schema.fmeaControl.causeId, [...causeIds]))).length;
  return { found, total };
}
