import { eq } from 'drizzle-orm';
import { schema } from '@fmea/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildChain, caller, engineer, openTestApp, type TestApp } from '../../testing.ts';

/**
 * Many requests at once through the real routes, as a busy server sees them
 * (issue 9 §4): every acknowledged write is stored, writes are applied one
 * after another (no two read the same "next sort"), a refused write takes no
 * other with it, and reads are answered meanwhile.
 */
let api: TestApp;
afterEach(() => api.dispose());

describe.each([
  ['an in-memory database', false],
  ['a file database (reader and writer connections)', true],
])('concurrent FMEA writes and reads on %s', (_name, file) => {
  it('stores every acknowledged control, in order, while reads are answered', async () => {
    api = await openTestApp({ file });
    const owner = await engineer(api, 'owner');
    const project = await caller(api, owner).ok('POST', '/api/project/save', { projectType: 'dfmea', name: 'Window lifter', projectMembers: [{ userId: owner.user.id, userRole: 0 }] });
    const { cause } = await buildChain(api, owner, project);
    const token = owner.token;
    const add = (i: number) => api.call('POST', '/api/fmea/addControl', { token, body: { causeId: cause.id, kind: 'prevention', description: `Control ${i}` } });
    const missing = api.call('POST', '/api/fmea/addControl', { token, lang: 'en-US', body: { causeId: 'no-such-cause', kind: 'prevention', description: 'Lost' } });
    const calls = Array.from({ length: 40 }, (_, i) => [add(i), api.call('GET', '/api/user/info', { token })]).flat();
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status)).toEqual(calls.map(() => 200));
    expect((await missing).status).toBe(404);

    const acknowledged = answers.filter((a) => a.body.data?.causeId === cause.id).map((a) => a.body.data as { id: string; sort: number });
    const stored = await api.t.db.select().from(schema.fmeaControl).where(eq(schema.fmeaControl.causeId, cause.id));
    expect(acknowledged).toHaveLength(40);
    expect(stored.map((r) => r.id).sort()).toEqual(acknowledged.map((a) => a.id).sort());
    // each write saw the one before it: the sort numbers are 1..40 without a repeat
    expect(acknowledged.map((a) => a.sort).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const logged = await api.t.db.select().from(schema.operationLog).where(eq(schema.operationLog.action, 'fmea.control.create'));
    expect(logged).toHaveLength(40);
    // many requests on a shared, busy machine: a generous limit, not a speed check
  }, 60_000);
});

describe('a burst of writes on one cause', () => {
  it('stores every one of 200 controls added at once, numbered 1..200', async () => {
    api = await openTestApp();
    const owner = await engineer(api, 'owner');
    const project = await caller(api, owner).ok('POST', '/api/project/save', { projectType: 'dfmea', name: 'Door latch', projectMembers: [{ userId: owner.user.id, userRole: 0 }] });
    const { cause } = await buildChain(api, owner, project);
    // on PostgreSQL each round of these serializable transactions commits one (they all read the cause's next
    // sort number): the refused ones run again until every one is stored
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => api.call('POST', '/api/fmea/addControl', { token: owner.token, body: { causeId: cause.id, kind: 'detection', description: `Check ${i}` } })));
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.meta?.message)).toEqual([]);
    expect(answers.map((a) => (a.body.data as { sort: number }).sort).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  }, 120_000);
});
