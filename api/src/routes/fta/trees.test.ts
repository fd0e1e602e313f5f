import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@fmea/core';
import { caller, expectInvalid, expectRefused, ftaApp, invalid, type TestApp } from '../../testing.ts';

const { operationLog } = schema;

let api: TestApp;
let s: Awaited<ReturnType<typeof ftaApp>>['s'];

beforeEach(async () => {
  ({ api, s } = await ftaApp());
});
afterEach(() => api.dispose());

const DOC = {
  name: 'Pump',
  missionTime: 1000,
  top: 'TOP',
  gates: [{ name: 'TOP', label: 'No <flow>', operator: 'and', inputs: ['A', 'B'] }],
  basicEvents: [
    { name: 'A', model: { kind: 'probability', probability: 0.1 } },
    { name: 'B', label: 'Motor', model: { kind: 'exponential', rate: 1e-4 } },
  ],
  houseEvents: [],
  transfers: [],
};

describe('POST /api/fta/create and GET /api/fta/get', () => {
  it('creates a tree with an FT number and reads it back whole', async () => {
    const created = await caller(api, s.team.editor).ok('POST', '/api/fta/create', { name: 'Pump', description: 'Feed pump', document: DOC });
    expect(created).toMatchObject({ ftaNum: 'FT2603010001', name: 'Pump', version: 1, status: 'draft', gateCount: 1, basicEventCount: 2, projectId: null, createTime: '2026-03-01T08:00:00.000Z' });
    expect(await caller(api, s.team.reader).ok('GET', '/api/fta/get?id=FT2603010001')).toEqual(created);
    expect(created.document).toEqual(DOC);
    expect(await api.t.db.select({ entityId: operationLog.entityId }).from(operationLog).where(eq(operationLog.action, 'fta.tree.create')).orderBy(operationLog.at, sql`rowid`)).toEqual([{ entityId: created.id }]);
  });

  it('refuses without a token (401), without the add button or the route (403), a missing name (400), and a document with problems in words (400)', async () => {
    const call = { method: 'POST' as const, path: '/api/fta/create', body: { name: 'Pump', document: DOC } };
    await expectRefused(api, call, s.team.reader.token);
    await expectRefused(api, { method: 'GET', path: '/api/fta/get?id=FT1' }, s.dfmeaOnly.token);
    await expectInvalid(api, { ...call, body: { document: DOC } }, s.team.editor.token, invalid('名称为必填项', 'Name is required'));
    const broken = await caller(api, s.team.editor, 'en-US').post(call.path, { name: 'Pump', document: { ...DOC, gates: [{ name: 'TOP', operator: 'not', inputs: ['A', 'B'] }] } });
    expect([broken.status, broken.body.meta.message]).toEqual([400, 'The fault tree has problems; nothing was saved\nNOT gate TOP must have exactly one input (it has 2)']);
    expect(broken.body.data.issues).toEqual([expect.objectContaining({ messageKey: 'fta.document.notInputs', field: 'document' })]);
    const gone = await caller(api, s.team.reader, 'en-US').get('/api/fta/get?id=FT404');
    expect([gone.status, gone.body.meta.message]).toEqual([404, 'Fault tree FT404 does not exist or was deleted']);
  });
});

describe('POST /api/fta/list', () => {
  it('lists trees by number, name or description, paged', async () => {
    for (const name of ['Pump', 'Valve', 'Brake']) await caller(api, s.team.editor).ok('POST', '/api/fta/create', { name });
    const page = await caller(api, s.team.reader).ok('POST', '/api/fta/list', { page: 1, limit: 2 });
    expect(page).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.items).toHaveLength(2);
    expect((await caller(api, s.team.reader).ok('POST', '/api/fta/list', { search: 'valv' })).items.map((i: any) => i.name)).toEqual(['Valve']);
    await expectRefused(api, { method: 'POST', path: '/api/fta/list', body: {} }, s.dfmeaOnly.token);
    const bad = await caller(api, s.team.reader, 'en-US').post('/api/fta/list', { limit: 0 });
    expect([bad.status, bad.body.meta.message]).toEqual([400, 'The request failed validation\nRows per page must be at least 1']);
  });
});

describe('POST /api/fta/save and /api/fta/delete', () => {
  it('saves against the version read (409 when stale) and deletes', async () => {
    const created = await caller(api, s.team.editor).ok('POST', '/api/fta/create', { name: 'Pump', document: DOC });
    const call = { method: 'POST' as const, path: '/api/fta/save', body: { id: created.id, version: 1, document: { ...DOC, missionTime: 10 } } };
    await expectRefused(api, call, s.team.reader.token);
    await expectInvalid(api, { ...call, body: { ...call.body, version: undefined } }, s.team.editor.token, invalid('版本为必填项', 'Version is required'));
    // a status is no field of a save: it is dropped (it moves only through submit, decide and revoke: review.test.ts)
    expect(await caller(api, s.team.editor).ok('POST', call.path, { ...call.body, status: 'released' })).toMatchObject({ version: 2, status: 'draft', missionTime: 10 });
    const stale = await caller(api, s.team.editor, 'en-US').post(call.path, call.body);
    expect([stale.status, stale.body.meta.message]).toEqual([409, `Fault tree ${created.ftaNum} was changed by someone else (now version 2); reload it and make your change again`]);

    const del = { method: 'POST' as const, path: '/api/fta/delete', body: { id: created.ftaNum, version: 2 } };
    await expectRefused(api, del, s.team.reader.token);
    expect(await caller(api, s.team.editor).ok('POST', del.path, del.body)).toEqual({ id: created.id, ftaNum: created.ftaNum });
    expect((await caller(api, s.team.reader).get(`/api/fta/get?id=${created.id}`)).status).toBe(404);
    expect((await caller(api, s.team.editor).post(del.path, { id: created.id })).status).toBe(400);
    expect((await caller(api, s.team.reader).get('/api/fta/get')).status).toBe(400);
  });
});
