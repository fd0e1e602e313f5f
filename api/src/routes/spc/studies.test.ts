import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caller, expectInvalid, expectRefused, invalid, spcApp, type SpcWorld, type TestApp } from '../../testing.ts';

let api: TestApp;
let s: SpcWorld;

beforeEach(async () => ({ api, s } = await spcApp()));
afterEach(() => api.dispose());

describe('POST /api/spc/list, /api/spc/add, /api/spc/edit, /api/spc/delete and GET /api/spc/get, /api/spc/candidates', () => {
  it('lists, opens, reads, edits and deletes a study, with each refusal in words', async () => {
    const editor = caller(api, s.editor, 'en-US');
    const candidates = { method: 'GET' as const, path: `/api/spc/candidates?projectId=${s.projectId}` };
    await expectRefused(api, candidates, s.pfmeaOnly.token);
    expect((await editor.get('/api/spc/candidates')).status).toBe(400);
    expect((await caller(api, s.reader).ok('GET', candidates.path)).find((c: { lineId: string }) => c.lineId === s.lineId)).toMatchObject({
      name: 'Bore diameter',
      limits: { lsl: 19.95, usl: 20.05, target: 20 },
      studies: [{ id: s.study.id, studyNum: s.study.studyNum }],
    });

    const add = { method: 'POST' as const, path: '/api/spc/add', body: { projectId: s.projectId, lineId: s.lineId, chart: 'i-mr', subgroupSize: 1 } };
    await expectRefused(api, add, s.pfmeaOnly.token);
    await expectInvalid(api, { ...add, body: { ...add.body, chart: 'pareto' } }, s.editor.token, invalid('控制图只能是以下之一：xbar-r, xbar-s, i-mr, p, np, c, u', 'Chart must be one of: xbar-r, xbar-s, i-mr, p, np, c, u'));
    // the read-only member may not open one; someone outside the team neither
    const readOnly = await caller(api, s.reader, 'en-US').post(add.path, add.body);
    expect(readOnly.status).toBe(403);
    expect((await caller(api, s.outsider).post(add.path, add.body)).status).toBe(403);
    const badLimits = await editor.post(add.path, { ...add.body, lsl: 21, usl: 20 });
    expect([badLimits.status, badLimits.body.meta.message.split('\n')]).toEqual([400, ['Form validation failed', 'Upper specification limit (USL) must be above the lower specification limit (21)', 'Target (20) must lie between the specification limits']]);
    const created = await editor.ok('POST', add.path, { ...add.body, name: 'Bore (I-MR)' });
    expect(created).toMatchObject({ studyNum: expect.stringMatching(/^SP/), name: 'Bore (I-MR)', chart: 'i-mr', lsl: 19.95, usl: 20.05, target: 20, frozen: null, measurements: 0, can: { edit: true, del: true, import: true } });

    const list = { method: 'POST' as const, path: '/api/spc/list', body: { projectId: s.projectId } };
    await expectRefused(api, list, s.pfmeaOnly.token);
    expect((await editor.post(list.path, { page: 0 })).status).toBe(400);
    expect((await caller(api, s.reader).ok('POST', list.path, list.body)).total).toBe(2);
    expect((await caller(api, s.outsider).ok('POST', list.path, list.body)).total).toBe(0);

    const get = { method: 'GET' as const, path: `/api/spc/get?id=${created.studyNum}` };
    await expectRefused(api, get, s.pfmeaOnly.token);
    expect((await editor.get('/api/spc/get')).status).toBe(400);
    expect(await caller(api, s.reader).ok('GET', get.path)).toMatchObject({ id: created.id, can: { edit: false, del: false, import: false } });
    const missing = await editor.get('/api/spc/get?id=SP404');
    expect([missing.status, missing.body.meta.message]).toEqual([404, 'SPC study SP404 does not exist']);

    const edit = { method: 'POST' as const, path: '/api/spc/edit', body: { id: created.id, version: 1, usl: 20.06, rules: [1, 2, 3] } };
    await expectRefused(api, edit, s.pfmeaOnly.token);
    expect((await editor.post(edit.path, { id: created.id, usl: 20.06 })).status).toBe(400);
    expect((await caller(api, s.reader).post(edit.path, edit.body)).status).toBe(403);
    expect(await editor.ok('POST', edit.path, edit.body)).toMatchObject({ usl: 20.06, rules: [1, 2, 3], version: 2 });
    const stale = await editor.post(edit.path, edit.body);
    expect([stale.status, stale.body.meta.message]).toEqual([409, `SPC study ${created.studyNum} was changed by someone else: read it again`]);

    const del = { method: 'POST' as const, path: '/api/spc/delete', body: { id: created.id, version: 2 } };
    await expectRefused(api, del, s.pfmeaOnly.token);
    expect((await editor.post(del.path, { id: created.id })).status).toBe(400);
    expect((await caller(api, s.reader).post(del.path, del.body)).status).toBe(403);
    expect(await editor.ok('POST', del.path, del.body)).toEqual({ id: created.id });
    expect((await editor.get(get.path)).status).toBe(404);
  });
});
