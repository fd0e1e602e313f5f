import { expect } from 'vitest';
import type { CallResult, TestApp } from '../../testing.ts';
import { signedInWith } from '../users/test-support.ts';

/** Builders for the FMEA route tests: people with the DFMEA work area, and a project built through the API. */

/** The refusals the project access rules answer (en-US). */
export const NOT_MEMBER = 'You are not a member of this project';
export const READ_ONLY = 'You have read-only access to this project';
export const DELETED = 'The project has been deleted and cannot be opened';

const ALL_BUTTONS = ['add', 'edit', 'del'];

/** A signed-in engineer with dfmea_index and its add/edit/del buttons. */
export async function engineer(api: TestApp, userName: string, buttons = ALL_BUTTONS) {
  return signedInWith(api, userName, [{ routeName: 'dfmea_index', buttons }]);
}

export type Person = Awaited<ReturnType<typeof engineer>>;

export interface Team {
  owner: Person;
  editor: Person;
  reader: Person;
  outsider: Person;
}

/** Owner (role 0), editor (collaborator 1), reader (reviewer 4: read-only) and someone with the route who is not a member. */
export async function makeTeam(api: TestApp): Promise<Team> {
  return {
    owner: await engineer(api, 'owner'),
    editor: await engineer(api, 'editor'),
    reader: await engineer(api, 'reader'),
    outsider: await engineer(api, 'outsider'),
  };
}

/** Calls as a person and expects 200, handing back the data. */
export function caller(api: TestApp, person: Person, lang?: string) {
  const token = person.token;
  return {
    get: (path: string) => api.call('GET', path, { token, lang }),
    post: (path: string, body: unknown) => api.call('POST', path, { token, body, lang }),
    async ok<T = any>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
      const res: CallResult<T> = await api.call(method, path, { token, body, lang });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    },
  };
}

/** Customer dictionary items the FMEA route tests name (the seed leaves the list empty); added once per database. */
export const TEST_CUSTOMERS = [
  ['1', 'ACME汽车', 'ACME Cars'],
  ['C1', '客户一', 'Customer one'],
  ['C2', '客户二', 'Customer two'],
] as const;

export async function ensureCustomers(api: TestApp): Promise<void> {
  const { dictionaryChoices, findDictionaryType, saveDictionaryItem } = await import('@fmea/core');
  if ((await dictionaryChoices(api.t.db, ['customer'])).get('customer')!.length > 0) return;
  const type = await findDictionaryType(api.t.db, 'customer');
  for (const [i, [code, name, enName]] of TEST_CUSTOMERS.entries()) await saveDictionaryItem(api.t.ctx, { parentId: type.id, code, name, enName, sort: i + 1 });
}

/** A project of the team, customer "ACME Cars" (stored as its code '1'). */
export async function createTeamProject(api: TestApp, team: Team, name = 'Window lifter') {
  await ensureCustomers(api);
  return caller(api, team.owner).ok('POST', '/api/project/save', {
    projectType: 'dfmea',
    name,
    customer: 'ACME Cars',
    projectMembers: [
      { userId: team.owner.user.id, userRole: 0 },
      { userId: team.editor.user.id, userRole: 1 },
      { userId: team.reader.user.id, userRole: 4 },
    ],
  });
}

/**
 * The handbook's window lifter over three levels, through the API:
 * Window lifter (fn Close window, FE S9) → Gearbox (fn Transmit torque, FM) → Gear (fn Mesh with worm, FC O6 D5).
 */
export async function buildChain(api: TestApp, person: Person, project: { pptSerial: string }) {
  const as = caller(api, person);
  const gearbox = await as.ok('POST', '/api/fmea/addNode', { parentId: project.pptSerial, name: 'Gearbox' });
  const gear = await as.ok('POST', '/api/fmea/addNode', { parentId: gearbox.id, name: 'Gear' });
  const close = await as.ok('POST', '/api/fmea/addFunction', { nodeId: project.pptSerial, description: 'Close window', requirement: 'within 4 s' });
  const torque = await as.ok('POST', '/api/fmea/addFunction', { nodeId: gearbox.id, description: 'Transmit torque', requirement: '12 Nm' });
  const mesh = await as.ok('POST', '/api/fmea/addFunction', { nodeId: gear.id, description: 'Mesh with worm' });
  const effect = await as.ok('POST', '/api/fmea/addFailure', { functionId: close.id, kind: 'FE', description: 'Window does not close', severity: 9 });
  const mode = await as.ok('POST', '/api/fmea/addFailure', { functionId: torque.id, kind: 'FM', description: 'No torque transmitted' });
  const cause = await as.ok('POST', '/api/fmea/addFailure', { functionId: mesh.id, kind: 'FC', description: 'Teeth worn', occurrence: 6, det: 5 });
  await as.ok('POST', '/api/fmea/linkFailures', { higherFailureId: effect.id, lowerFailureId: mode.id });
  await as.ok('POST', '/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });
  return { gearbox, gear, close, torque, mesh, effect, mode, cause };
}
