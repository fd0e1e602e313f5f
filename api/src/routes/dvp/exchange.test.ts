import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChain, caller, createTeamProject, expectRefused, openTestApp, signedInWith, upload, type Team, type TestApp } from '../../testing.ts';

let api: TestApp;
let team: Team;
let exporterOnly: Awaited<ReturnType<typeof signedInWith>>;
let plan: { id: string; dvpNum: string };

const DFMEA = { routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] };
const DVP_ALL = { routeName: 'dvp_index', buttons: ['add', 'edit', 'del', 'import', 'export'] };

beforeAll(async () => {
  api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  team = {
    owner: await signedInWith(api, 'dvpxowner', [DFMEA, DVP_ALL]),
    editor: await signedInWith(api, 'dvpxeditor', [DFMEA, { routeName: 'dvp_index', buttons: ['edit'] }]),
    reader: await signedInWith(api, 'dvpxreader', [DFMEA, { routeName: 'dvp_index', buttons: ['export'] }]),
    outsider: await signedInWith(api, 'dvpxoutsider', [DFMEA]),
  };
  exporterOnly = team.editor;
  const project = await createTeamProject(api, team);
  const chain = await buildChain(api, team.owner, project);
  await caller(api, team.owner).ok('POST', '/api/fmea/addControl', { causeId: chain.cause.id, kind: 'detection', description: 'Endurance test ET-3' });
  plan = await caller(api, team.owner).ok('POST', '/api/dvp/add', { project: project.id });
  await caller(api, team.owner).ok('POST', '/api/dvp/generate', { id: plan.id });
});
afterAll(() => api.dispose());

describe('GET /api/dvp/exportData and POST /api/dvp/importData', () => {
  it('exports the plan as the DVP&R workbook and imports it back; refusals in words', async () => {
    const exported = { method: 'GET' as const, path: `/api/dvp/exportData?id=${plan.id}` };
    await expectRefused(api, exported, exporterOnly.token);
    expect((await caller(api, team.owner).get('/api/dvp/exportData')).status).toBe(400);
    const res = await api.app.request(exported.path, { headers: { token: team.reader.token, lang: 'en-US' } });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, expect.stringContaining('spreadsheetml')]);
    const bytes = new Uint8Array(await res.arrayBuffer());

    const post = (token: string | undefined, form: FormData) => api.call('POST', '/api/dvp/importData', { token, lang: 'en-US', raw: form });
    const form = (name = 'dvp.xlsx', data: Uint8Array | string = bytes) => upload('excelFile', name, data, { id: plan.id });
    expect((await post(undefined, form())).status).toBe(401);
    expect((await post(team.reader.token, form())).status).toBe(403);
    expect((await post(team.owner.token, upload('excelFile', 'dvp.xlsx', bytes))).status).toBe(400);
    expect((await post(team.owner.token, form('dvp.txt'))).status).toBe(400);
    const done = await post(team.owner.token, form());
    expect([done.status, done.body.data]).toEqual([200, { created: 0, updated: 1, unmapped: [] }]);
  });
});
