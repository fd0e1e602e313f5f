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
  /**
   * With `probe`: a project of its own for timing realtime events (bench:cluster): `writer` adds controls
   * to `causeId`, and `watcher`, a member too, is told of each on its sockets (fmeaChanged).
   */
  probe?: { writer: string; watcher: string; causeId: string };
}

/** `users` engineers, each owning a DFMEA project with one element and `causesPerUser` failure causes (and the probe's two, when asked). */
export async function prepareMixedLoad(database: Database, users: number, causesPerUser: number, options: { probe?: boolean } = {}): Promise<MixedFixture> {
  const system = createContext(database.db);
  const role = await createRole(system, { name: 'bench-engineer' });
  await setRolePermissions(system, role.id, [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]);
  const fixture: MixedFixture = { userNames: [], causes: [] };
  for (let u = 0; u < users; u++) {
    const userName = `bench${u}`;
    const causeIds = await engineerWithProject(database, role.id, userName, `Bench lifter ${u}`, causesPerUser);
    for (const causeId of causeIds) fixture.causes.push({ owner: u, causeId });
    fixture.userNames.push(userName);
  }
  if (options.probe) {
    const watcher = await engineer(database, role.id, 'benchwatch');
    const [causeId] = await engineerWithProject(database, role.id, 'benchprobe', 'Bench probe', 1, watcher);
    fixture.probe = { writer: 'benchprobe', watcher: 'benchwatch', causeId: causeId! };
  }
  return fixture;
}

async function engineer(database: Database, roleId: string, userName: string): Promise<string> {
  const { user } = await createUser(createContext(database.db), { userName, realName: userName, password: MIXED_PASSWORD, roles: [roleId] });
  await database.db.update(schema.user).set({ mustChangePassword: false }).where(eq(schema.user.id, user.id));
  return user.id;
}

/** An engineer owning a DFMEA project (with `memberId` as a second member) with one element and `causes` failure causes. */
async function engineerWithProject(database: Database, roleId: string, userName: string, projectName: string, causes: number, memberId?: string): Promise<string[]> {
  const userId = await engineer(database, roleId, userName);
  const as = createContext(database.db, { userId, userName });
  // role 0 is the one responsible engineer; the second member takes role 1
  const members = [{ userId, roles: [0] }, ...(memberId ? [{ userId: memberId, roles: [1] }] : [])];
  const project = await createProject(as, { projectType: 'dfmea', name: projectName, members });
  const node = await addNode(as, { parentId: project.rootNodeId!, name: 'Gear' });
  const fn = await addFunction(as, { nodeId: node.id, description: 'Mesh with worm' });
  const ids: string[] = [];
  for (let c = 0; c < causes; c++) ids.push((await addFailure(as, { functionId: fn.id, kind: 'FC', description: `Teeth worn ${c}`, occurrence: 6, detection: 5 })).id);
  return ids;
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
