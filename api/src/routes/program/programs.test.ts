import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSheet, writeSheet } from '@fmea/core';
import { caller, expectInvalid, expectRefused, invalid, programApp, signedInWith, upload, type TestApp } from '../../testing.ts';

let api: TestApp;
let s: Awaited<ReturnType<typeof programApp>>['s'];

beforeEach(async () => {
  ({ api, s } = await programApp());
});
afterEach(() => api.dispose());

describe('the program routes', () => {
  it('create, list, read, edit and delete programs: 401 without a token, 403 without the route or button, 400 in the reader’s language, 200', async () => {
    const create = { method: 'POST' as const, path: '/api/program/create', body: { programName: 'Seat rail', sopDate: '2027-01-10' } };
    await expectRefused(api, create, s.viewer.token);
    await expectRefused(api, { method: 'POST', path: '/api/program/list', body: {} }, s.nobody.token);
    await expectInvalid(api, { ...create, body: { sopDate: '2027-01-10' } }, s.planner.token, invalid('项目群名称为必填项', 'Program name is required'));
    const wrong = await caller(api, s.planner, 'en-US').post(create.path, { programName: 'Seat rail', startDate: '2027-02-01', endDate: '2027-01-01' });
    expect([wrong.status, wrong.body.meta.message]).toEqual([400, 'The program cannot be saved\nEnd date is before the start date']);
    const created = await caller(api, s.planner).ok('POST', create.path, create.body);
    expect(created).toMatchObject({ programNum: 'PN2603020002', programName: 'Seat rail', sopDate: '2027-01-10', dfmeaCount: 0, stages: [], fmeas: [] });
    const page = await caller(api, s.viewer).ok('POST', '/api/program/list', { search: 'lifter' });
    expect(page.items.map((p: { programNum: string; dfmeaCount: number }) => [p.programNum, p.dfmeaCount])).toEqual([['PN2603020001', 1]]);
    expect(await caller(api, s.viewer).ok('GET', `/api/program/get?id=${created.programNum}`)).toMatchObject({ id: created.id });

    // the project-creator rule: someone else holding edit is refused in words
    const other = await signedInWith(api, 'other', [{ routeName: 'program_index', buttons: ['edit', 'del'] }]);
    const edit = { id: created.id, version: created.version, programName: 'Seat rail MY27' };
    const refused = await caller(api, other, 'en-US').post('/api/program/update', edit);
    expect([refused.status, refused.body.meta.message]).toEqual([403, 'Only the creator of this record may edit it']);
    expect(await caller(api, s.planner).ok('POST', '/api/program/update', edit)).toMatchObject({ programName: 'Seat rail MY27', version: 2 });
    const stale = await caller(api, s.planner, 'en-US').post('/api/program/update', edit);
    expect(stale.status).toBe(409);
    const staged = await caller(api, s.planner).ok('POST', '/api/program/saveStages', { id: created.id, version: 2, stages: [{ name: 'Concept' }, { name: 'Design' }] });
    expect(staged.stages.map((x: { name: string }) => x.name)).toEqual(['Concept', 'Design']);
    await expectRefused(api, { method: 'POST', path: '/api/program/delete', body: { id: created.id } }, s.viewer.token);
    expect(await caller(api, s.planner).ok('POST', '/api/program/delete', { id: created.id })).toBeNull();
    expect((await caller(api, s.viewer).get(`/api/program/get?id=${created.id}`)).status).toBe(404);
  });

  it('export, describe and import programs as workbooks (spec 001 §7): all or nothing, wrong rows named', async () => {
    await expectRefused(api, { method: 'GET', path: '/api/program/exportData' }, s.viewer.token);
    const exported = await api.app.request('/api/program/exportData', { headers: { token: s.planner.token, lang: 'en-US' } });
    expect(exported.status).toBe(200);
    const read = await readSheet(new Uint8Array(await exported.arrayBuffer()), [{ key: 'num', headers: ['Program number'] }], undefined, { acceptUnmapped: true });
    expect(read.rows.map((r) => r.values.num)).toEqual(['PN2603020001']);
    expect((await api.app.request('/api/program/exportDescription', { headers: { token: s.planner.token } })).status).toBe(200);

    const columns = [{ key: 'name', headers: ['Program name'] }, { key: 'sop', headers: ['SOP date'] }];
    const bad = await writeSheet('Programs', columns, [{ name: 'Door', sop: '2027-01-01' }, { name: '', sop: '2027-13-01' }]);
    const refused = await api.call('POST', '/api/program/importData', { token: s.planner.token, lang: 'en-US', raw: upload('excelFile', 'programs.xlsx', bad) });
    expect([refused.status, refused.body.meta.message]).toEqual([400, 'The workbook was not imported; nothing was changed\nRow 3: Program name is required\nRow 3: SOP date: "2027-13-01" is not a date (YYYY-MM-DD)']);
    await expectRefused(api, { method: 'POST', path: '/api/program/importData', raw: upload('excelFile', 'programs.xlsx', bad) }, s.viewer.token);
    const good = await writeSheet('Programs', columns, [{ name: 'Door', sop: '2027-01-01' }]);
    const imported = await api.call('POST', '/api/program/importData', { token: s.planner.token, raw: upload('excelFile', 'programs.xlsx', good) });
    expect([imported.status, imported.body.data]).toEqual([200, { created: 1, skipped: 0, numbers: ['PN2603020002'], unmappedColumns: [] }]);
  });
});
