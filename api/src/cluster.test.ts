import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT } from '@fmea/core/db/dialect';
import { attachPostgresRelay } from './realtime/relay.ts';
import { buildChain, caller, createTeamProject, engineer, makeTeam, openTestApp, watchSocket, type TestApp } from './testing.ts';

/**
 * Two API servers on one PostgreSQL database behave as one (issue 22): what one writes or decides, the
 * other knows at once (sessions, locks, the review's edit lock, versions are in the database), and a realtime event sent by
 * either reaches a browser's socket on the other (realtime/relay.ts, LISTEN/NOTIFY). Two app instances of
 * one process stand for the two servers here; cli/src/commands/serve/cluster.test.ts runs two `fmea serve`
 * processes and kills one.
 */
const WAIT_MS = 20_000;

/** What a fake socket received, once `found` holds, waiting up to WAIT_MS (the event crosses the database). */
async function eventually<T>(look: () => T | undefined, what: string): Promise<T> {
  for (let waited = 0; waited < WAIT_MS; waited += 10) {
    const found = look();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${what}: not within ${WAIT_MS} ms`);
}

describe.skipIf(DIALECT !== 'postgres')('two servers on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  const detach: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    a = await openTestApp();
    b = await openTestApp({ beside: a });
    for (const server of [a, b]) {
      if (server.t.dialect !== 'postgres') throw new Error('a PostgreSQL database was expected');
      detach.push(await attachPostgresRelay(server.services.realtime, server.t));
    }
    admin = await b.adminToken();
  });
  afterAll(async () => {
    for (const stop of detach) await stop();
    b?.dispose();
    a?.dispose();
  });

  it('brings a change written through one server to a member’s socket on the other', async () => {
    const owner = await engineer(a, 'owner');
    const viewer = await engineer(b, 'viewer');
    const project = await caller(a, owner).ok('POST', '/api/project/save', {
      projectType: 'dfmea',
      name: 'Window lifter',
      projectMembers: [
        { userId: owner.user.id, userRole: 0 },
        { userId: viewer.user.id, userRole: 3 },
      ],
    });
    const onB = watchSocket(b, viewer.token, viewer.user.id);
    const chain = await buildChain(a, owner, project);
    const change = await eventually(
      () => onB.messages.find((m) => m.event === 'receiveMessage' && (m.data as { id?: string }).id === chain.cause.id),
      'the change on the other server',
    );
    expect(change.data).toMatchObject({ type: 'fmeaChanged', projectId: project.id, byUserId: owner.user.id });
  });

  it('refuses a user locked through one server on the other at once, and ends their socket there', async () => {
    const person = await engineer(a, 'locked');
    expect((await b.call('GET', '/api/user/info', { token: person.token })).status).toBe(200);
    const onA = watchSocket(a, person.token, person.user.id);
    const locked = await b.call('POST', '/api/user/lock', { token: admin, body: { id: person.user.id } });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect((await a.call('GET', '/api/user/info', { token: person.token })).status).toBe(401);
    await eventually(() => (onA.closed ? true : undefined), 'the locked user’s socket closed on the other server');
    expect(onA.messages.map((m) => m.event)).toContain('removeLogin');
  });

  it('ends a session kicked or signed out through one server on the other at once', async () => {
    const kicked = await engineer(a, 'kicked');
    const leaving = await engineer(a, 'leaving');
    // both servers hold the sessions resolved in their caches
    for (const server of [a, b]) for (const person of [kicked, leaving]) expect((await server.call('GET', '/api/user/info', { token: person.token })).status).toBe(200);
    const kick = await b.call('POST', '/api/removeLoginUser', { token: admin, body: { userId: kicked.user.id } });
    expect(kick.status, JSON.stringify(kick.body)).toBe(200);
    expect((await a.call('GET', '/api/user/info', { token: kicked.token })).status).toBe(401);
    expect((await b.call('POST', '/api/logout', { token: leaving.token })).status).toBe(200);
    expect((await a.call('GET', '/api/user/info', { token: leaving.token })).status).toBe(401);
  });

  it('holds an FMEA submitted for review through one server against an edit through the other', async () => {
    const team = await makeTeam(a);
    const project = await createTeamProject(a, team);
    const reviewers = { professional: team.reader.user.id, quality: team.editor.user.id, technical: team.reader.user.id, countersign: team.editor.user.id };
    expect((await caller(a, team.owner).post('/api/project/review/submit', { projectId: project.id, assignees: reviewers })).status).toBe(200);
    const edit = await caller(b, team.editor, 'en-US').post('/api/fmea/addNode', { parentId: project.pptSerial, name: 'Gearbox' });
    expect(edit.status).toBe(409);
    expect(edit.body.meta.message).toBe('The FMEA is under review and cannot be edited or deleted');
  });

  it('keeps a version read through one server from overwriting a save made through the other', async () => {
    const owner = await engineer(a, 'rater');
    const project = await caller(a, owner).ok('POST', '/api/project/save', { projectType: 'dfmea', name: 'Seat adjuster', projectMembers: [{ userId: owner.user.id, userRole: 0 }] });
    const { cause } = await buildChain(a, owner, project);
    const first = await caller(a, owner).ok('POST', '/api/fmea/rateCause', { id: cause.id, version: cause.version, occurrence: 4, det: 5 });
    expect(first).toMatchObject({ occurrence: 4, version: cause.version + 1 });
    const stale = await b.call('POST', '/api/fmea/rateCause', { token: owner.token, lang: 'en-US', body: { id: cause.id, version: cause.version, occurrence: 2, det: 5 } });
    expect(stale.status).toBe(409);
    const rows = await b.call('GET', `/api/fmea/riskGrid?projectId=${project.id}`, { token: owner.token });
    expect(rows.body.data.items[0].cause).toMatchObject({ occurrence: 4 });
  });
});
