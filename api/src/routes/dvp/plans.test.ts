import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChain, caller, createTeamProject, expectRefused, openTestApp, signedInWith, type Team, type TestApp } from '../../testing.ts';

let api: TestApp;
let team: Team;
let dfmeaOnly: Awaited<ReturnType<typeof signedInWith>>;
let project: { id: string; serialNum: string; pptSerial: string };
let controlId: string;

const DFMEA = { routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] };
const DVP_ALL = { routeName: 'dvp_index', buttons: ['add', 'edit', 'del', 'import', 'export'] };

beforeAll(async () => {
  api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  team = {
    owner: await signedInWith(api, 'dvpowner', [DFMEA, DVP_ALL]),
    editor: await signedInWith(api, 'dvpeditor', [DFMEA, DVP_ALL]),
    reader: await signedInWith(api, 'dvpreader', [DFMEA, { routeName: 'dvp_index', buttons: [] }]),
    outsider: await signedInWith(api, 'dvpoutsider', [DFMEA, DVP_ALL]),
  };
  dfmeaOnly = await signedInWith(api, 'dvpnone', [DFMEA]);
  project = await createTeamProject(api, team);
  const chain = await buildChain(api, team.owner, project);
  controlId = (await caller(api, team.owner).ok('POST', '/api/fmea/addControl', { causeId: chain.cause.id, kind: 'detection', description: 'Endurance test ET-3' })).id;
});
afterAll(() => api.dispose());

describe('DVP&R plans and tests: /api/dvp/add, list, get, candidates, edit, generate, test/add|edit|link|result|delete', () => {
  it('creates the plan of a DFMEA, generates and edits its tests and records a result, each refusal in words', async () => {
    const owner = caller(api, team.owner, 'en-US');
    const add = { method: 'POST' as const, path: '/api/dvp/add', body: { project: project.serialNum } };
    await expectRefused(api, add, dfmeaOnly.token);
    expect((await caller(api, team.reader).post(add.path, add.body)).status).toBe(403);
    expect((await owner.post(add.path, {})).status).toBe(400);
    const candidates = await owner.ok('GET', '/api/dvp/candidates');
    expect(candidates.map((c: { id: string }) => c.id)).toContain(project.id);
    const plan = await owner.ok('POST', add.path, add.body);
    expect(plan).toMatchObject({ dvpNum: expect.stringMatching(/^DP/), status: 'planning', canEdit: true, controls: [{ id: controlId, status: 'none' }] });
    const again = await owner.post(add.path, add.body);
    expect([again.status, again.body.meta.message]).toEqual([409, `DFMEA ${project.serialNum} already has a DVP&R plan (${plan.dvpNum})`]);

    const list = { method: 'POST' as const, path: '/api/dvp/list', body: { project: project.serialNum } };
    await expectRefused(api, list, dfmeaOnly.token);
    expect((await owner.post(list.path, { status: 'nope' })).status).toBe(400);
    expect(await caller(api, team.reader).ok('POST', list.path, list.body)).toMatchObject({ total: 1, items: [{ dvpNum: plan.dvpNum, coverage: { controls: 1, tested: 0 } }] });
    expect((await caller(api, team.outsider).ok('POST', list.path, list.body)).total).toBe(0);

    const get = { method: 'GET' as const, path: `/api/dvp/get?id=${plan.dvpNum}` };
    await expectRefused(api, get, dfmeaOnly.token);
    expect((await owner.get('/api/dvp/get')).status).toBe(400);
    const notMember = await caller(api, team.outsider, 'en-US').get(get.path);
    expect([notMember.status, notMember.body.meta.message]).toEqual([403, 'You are not a member of this project']);
    expect(await caller(api, team.reader).ok('GET', get.path)).toMatchObject({ canEdit: false });

    const people = { method: 'GET' as const, path: `/api/dvp/people?id=${plan.id}` };
    await expectRefused(api, people, dfmeaOnly.token);
    expect((await owner.get('/api/dvp/people')).status).toBe(400);
    expect((await owner.ok('GET', people.path)).map((p: { id: string }) => p.id).sort()).toEqual([team.owner.user.id, team.editor.user.id, team.reader.user.id].sort());

    const generate = { method: 'POST' as const, path: '/api/dvp/generate', body: { id: plan.id } };
    await expectRefused(api, generate, dfmeaOnly.token);
    const readOnly = await caller(api, team.reader, 'en-US').post(generate.path, generate.body);
    expect(readOnly.status).toBe(403);
    const generated = await owner.ok('POST', generate.path, generate.body);
    expect(generated).toMatchObject({ created: 1, plan: { testRows: [{ testNum: `${plan.dvpNum}-01`, controlIds: [controlId] }] } });
    const test = generated.plan.testRows[0];

    const edit = { method: 'POST' as const, path: '/api/dvp/test/edit', body: { id: plan.id, testId: test.id, version: test.version, testQuantity: 6, testStage: 'DV', responsibleUserId: team.editor.user.id } };
    await expectRefused(api, edit, dfmeaOnly.token);
    expect((await owner.post(edit.path, { ...edit.body, testStage: 'XX' })).status).toBe(400);
    const wrong = await owner.post(edit.path, { ...edit.body, testQuantity: 0, plannedStart: '2026-03-10', plannedEnd: '2026-03-01' });
    expect([wrong.status, wrong.body.meta.message.split('\n')]).toEqual([400, ['Form validation failed', 'Test quantity must be a whole number from 1 to 100000 (was 0)', 'Planned end is before its start']]);
    const edited = await owner.ok('POST', edit.path, edit.body);
    expect(edited.testRows[0]).toMatchObject({ testQuantity: 6, testStage: 'DV', responsibleUserId: team.editor.user.id, version: test.version + 1 });
    expect((await owner.post(edit.path, edit.body)).status).toBe(409);

    const result = { method: 'POST' as const, path: '/api/dvp/test/result', body: { id: plan.id, testId: test.id, version: test.version + 1, result: 'unqualified', resultNote: 'Wear 0.3 mm' } };
    await expectRefused(api, result, dfmeaOnly.token);
    expect((await owner.post(result.path, { ...result.body, result: 'passed' })).status).toBe(400);
    expect((await owner.ok('POST', result.path, result.body)).controls).toEqual([expect.objectContaining({ id: controlId, status: 'unqualified' })]);

    const status = { method: 'GET' as const, path: `/api/fmea/dvpStatus?projectId=${project.id}` };
    expect((await api.call('GET', status.path, {})).status).toBe(401);
    expect((await caller(api, team.reader).get('/api/fmea/dvpStatus')).status).toBe(400);
    expect((await caller(api, team.outsider).get(status.path)).status).toBe(403);
    expect(await caller(api, dfmeaOnly).get(status.path).then((r) => r.status)).toBe(403);
    expect(await caller(api, team.reader).ok('GET', status.path)).toMatchObject({
      plan: { dvpNum: plan.dvpNum },
      controls: [{ controlId, status: 'unqualified', tests: [{ testNum: test.testNum, result: 'unqualified' }] }],
      marks: [{ sourceKind: 'dvp', sourceNumber: test.testNum, createTime: '2026-03-01T08:00:00.000Z' }],
    });

    const addTest = { method: 'POST' as const, path: '/api/dvp/test/add', body: { id: plan.id, name: 'Salt spray 480 h' } };
    await expectRefused(api, addTest, dfmeaOnly.token);
    expect((await owner.post(addTest.path, { id: plan.id })).status).toBe(400);
    const withTwo = await owner.ok('POST', addTest.path, addTest.body);
    const second = withTwo.testRows[1];
    const link = { method: 'POST' as const, path: '/api/dvp/test/link', body: { id: plan.id, testId: second.id, version: second.version, controlIds: [controlId] } };
    await expectRefused(api, link, dfmeaOnly.token);
    expect((await owner.post(link.path, { ...link.body, controlIds: 'x' })).status).toBe(400);
    expect((await owner.ok('POST', link.path, link.body)).testRows[1].controlIds).toEqual([controlId]);

    const planEdit = { method: 'POST' as const, path: '/api/dvp/edit', body: { id: plan.id, version: plan.version, status: 'testing' } };
    await expectRefused(api, planEdit, dfmeaOnly.token);
    expect((await owner.post(planEdit.path, { ...planEdit.body, status: 'done' })).status).toBe(400);
    expect(await owner.ok('POST', planEdit.path, planEdit.body)).toMatchObject({ status: 'testing', version: plan.version + 1 });

    const del = { method: 'POST' as const, path: '/api/dvp/test/delete', body: { id: plan.id, testId: second.id, version: second.version + 1 } };
    await expectRefused(api, del, dfmeaOnly.token);
    expect((await owner.post(del.path, { id: plan.id, testId: second.id })).status).toBe(400);
    expect((await owner.ok('POST', del.path, del.body)).testRows).toHaveLength(1);
  });
});
