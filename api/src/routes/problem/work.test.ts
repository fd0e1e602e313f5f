import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caller, expectInvalid, expectRefused, invalid, openTestApp, signedInWith, type Person, type TestApp } from '../../testing.ts';

let api: TestApp;
let quality: Person;
let reader: Person;
let engineer: Person;

beforeEach(async () => {
  api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  quality = await signedInWith(api, 'quality', [{ routeName: 'problem_index', buttons: ['add', 'edit'] }]);
  reader = await signedInWith(api, 'reader', [{ routeName: 'problem_index', buttons: [] }]);
  engineer = await signedInWith(api, 'eng', [{ routeName: 'problem_index', buttons: ['edit'] }]);
});
afterEach(() => api.dispose());

describe('POST /api/problem/step/save, step/move, team, isNot, causes, whys, actions', () => {
  it('works the steps in order, refusing a later one in words; keeps the team, the analysis and the actions', async () => {
    const q = caller(api, quality);
    let p = await q.ok('POST', '/api/problem/create', { brief: 'Window lifter stalls', type: 'designProblem', source: 'field', responsibleId: quality.user.id });

    const early = { method: 'POST' as const, path: '/api/problem/step/move', body: { id: p.id, version: p.version, step: 'D2', event: 'start' } };
    await expectRefused(api, early, reader.token);
    const blocked = await caller(api, quality, 'en-US').post(early.path, early.body);
    expect([blocked.status, blocked.body.meta.message]).toEqual([409, 'Unfinished earlier steps block this operation: D0 must be finished before D2']);
    await expectInvalid(api, { ...early, body: { ...early.body, step: 'D9' } }, quality.token, invalid('步骤只能是以下之一：D0, D1, D2, D3, D4, D5, D6, D7A, D7B, D8', 'Step must be one of: D0, D1, D2, D3, D4, D5, D6, D7A, D7B, D8'));

    const save = { method: 'POST' as const, path: '/api/problem/step/save', body: { id: p.id, version: p.version, step: 'D0', content: 'Sort stock at the plant' } };
    await expectRefused(api, save, reader.token);
    p = await q.ok('POST', save.path, save.body);
    expect(p.steps[0]).toMatchObject({ step: 'D0', state: 'inProgress', content: 'Sort stock at the plant', startedAt: '2026-03-01T08:00:00.000Z' });
    p = await q.ok('POST', early.path, { ...early.body, version: p.version, step: 'D0', event: 'finish' });

    const team = { method: 'POST' as const, path: '/api/problem/team', body: { id: p.id, version: p.version, members: [{ userId: quality.user.id, role: 'leader' }, { userId: engineer.user.id, role: 'member', duty: 'Design' }] } };
    await expectRefused(api, team, reader.token);
    p = await q.ok('POST', team.path, team.body);
    expect(p.members.map((m: { role: string; duty: string | null }) => [m.role, m.duty])).toEqual([
      ['leader', null],
      ['member', 'Design'],
    ]);
    // a team member now works the 8D
    p = await caller(api, engineer).ok('POST', early.path, { ...early.body, version: p.version, step: 'D1', event: 'finish' });
    p = await caller(api, engineer).ok('POST', '/api/problem/isNot', { id: p.id, version: p.version, rows: [{ dimension: 'where', isText: 'Driver door', isNotText: 'Passenger door' }] });
    expect(p.isNot).toMatchObject([{ dimension: 'where', isText: 'Driver door', isNotText: 'Passenger door' }]);
    for (const step of ['D2', 'D3']) p = await q.ok('POST', early.path, { ...early.body, version: p.version, step, event: step === 'D2' ? 'finish' : 'start' });
    p = await q.ok('POST', early.path, { ...early.body, version: p.version, step: 'D3', event: 'finish' });

    const causes = { method: 'POST' as const, path: '/api/problem/causes', body: { id: p.id, version: p.version, causes: [{ track: 'occurrence', category: 'material', description: 'Gear creeps when hot', rootCause: true }, { track: 'detection', category: 'measurement', description: 'EOL test at room temperature', rootCause: true }] } };
    await expectRefused(api, causes, reader.token);
    const empty = await caller(api, quality, 'en-US').post(causes.path, { ...causes.body, causes: [{ track: 'occurrence', description: ' ' }] });
    expect([empty.status, empty.body.meta.message]).toEqual([400, 'The problem was not saved\nDescription (row 1) cannot be empty']);
    p = await q.ok('POST', causes.path, causes.body);
    const root = p.causes.find((c: { track: string }) => c.track === 'occurrence');
    p = await q.ok('POST', '/api/problem/whys', { id: p.id, version: p.version, chains: [{ track: 'occurrence', answers: ['Motor stalls', 'Teeth deform', 'Plastic creeps'], causeId: root.id }] });
    expect(p.whys).toHaveLength(3);
    expect(p.whys[2]).toMatchObject({ chain: 1, level: 3, causeId: root.id });
    p = await q.ok('POST', early.path, { ...early.body, version: p.version, step: 'D4', event: 'finish' });

    const actions = { method: 'POST' as const, path: '/api/problem/actions', body: { id: p.id, version: p.version, kind: 'corrective', actions: [{ description: 'Glass-fibre gear', causeId: root.id, ownerId: engineer.user.id, plannedAt: '2026-04-01' }] } };
    await expectRefused(api, actions, reader.token);
    p = await q.ok('POST', actions.path, actions.body);
    expect(p.actions).toMatchObject([{ kind: 'corrective', causeId: root.id, ownerId: engineer.user.id, plannedAt: '2026-04-01T00:00:00.000Z', status: 'open' }]);
    expect(p.steps.find((s: { step: string }) => s.step === 'D5').state).toBe('inProgress');
  });
});
