import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caller, expectInvalid, expectRefused, invalid, openTestApp, signedInWith, type Person, type TestApp } from '../../testing.ts';

let api: TestApp;
let quality: Person;
let reader: Person;
let customerDesk: Person;
let engineer: Person;

beforeEach(async () => {
  api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  quality = await signedInWith(api, 'quality', [{ routeName: 'problem_index', buttons: ['add', 'edit', 'del'] }]);
  reader = await signedInWith(api, 'reader', [{ routeName: 'problem_index', buttons: [] }]);
  customerDesk = await signedInWith(api, 'desk', [{ routeName: 'fawProblem_index', buttons: ['add', 'edit'] }]);
  engineer = await signedInWith(api, 'eng', [{ routeName: 'dfmea_index', buttons: ['add'] }]);
});
afterEach(() => api.dispose());

const NEW = { brief: 'Window lifter stalls at top', type: 'designProblem', source: 'field', partNumber: 'WL-100', happenedAt: '2026-02-20' };

describe('POST /api/problem/list, create, update, delete and GET /api/problem/get', () => {
  it('opens, reads, lists, changes and deletes a problem; refuses without authority in the spec’s words', async () => {
    const create = { method: 'POST' as const, path: '/api/problem/create', body: { ...NEW, responsibleId: quality.user.id } };
    await expectRefused(api, create, engineer.token);
    await expectInvalid(api, { ...create, body: { ...NEW, brief: undefined } }, quality.token, invalid('问题简述为必填项', 'Brief is required'));
    const p = await caller(api, quality).ok('POST', create.path, create.body);
    expect(p).toMatchObject({ problemNum: expect.stringMatching(/^RS\d{10}$/), status: 'open', happenedAt: '2026-02-20T00:00:00.000Z', version: 1, can: { edit: true, del: true, decide: false } });
    expect(p.steps.map((s: { step: string }) => s.step)).toEqual(['D0', 'D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7A', 'D7B', 'D8']);

    const get = { method: 'GET' as const, path: `/api/problem/get?id=${p.problemNum}` };
    await expectRefused(api, get, engineer.token);
    expect(await caller(api, reader).ok('GET', get.path)).toMatchObject({ id: p.id, can: { edit: false, del: false } });
    const list = { method: 'POST' as const, path: '/api/problem/list', body: { search: 'lifter', status: ['open'] } };
    await expectRefused(api, list, engineer.token);
    expect(await caller(api, reader).ok('POST', list.path, list.body)).toMatchObject({ total: 1, items: [{ id: p.id, brief: NEW.brief }] });
    // the customer desk holds fawProblem_index only: the internal list is not theirs
    expect((await caller(api, customerDesk).post(list.path, list.body)).status).toBe(403);
    expect(await caller(api, customerDesk).ok('POST', list.path, { kind: 'customer' })).toMatchObject({ total: 0 });

    const update = { method: 'POST' as const, path: '/api/problem/update', body: { id: p.id, version: 1, frequency: '3 / 1000' } };
    await expectRefused(api, update, reader.token);
    const stale = await caller(api, quality, 'en-US').post(update.path, { ...update.body, version: 9 });
    expect(stale.status).toBe(409);
    // edit on the route, but not one of the 8D's people: core refuses in the spec's words
    const stranger = await signedInWith(api, 'stranger', [{ routeName: 'problem_index', buttons: ['edit'] }]);
    const notHis = await caller(api, stranger, 'en-US').post(update.path, update.body);
    expect([notHis.status, notHis.body.meta.message]).toEqual([403, 'Insufficient authority to open, modify or delete a problem']);
    expect(await caller(api, quality).ok('POST', update.path, update.body)).toMatchObject({ frequency: '3 / 1000', version: 2 });

    const del = { method: 'POST' as const, path: '/api/problem/delete', body: { id: p.id, version: 2 } };
    await expectRefused(api, del, reader.token);
    expect(await caller(api, quality).ok('POST', del.path, del.body)).toEqual({ id: p.id, problemNum: p.problemNum });
    expect((await caller(api, quality).get(get.path)).status).toBe(404);
  });

  it('keeps customer problems on fawProblem_index, with their customer named', async () => {
    const body = { ...NEW, customerProblem: true, customerName: 'FAW' };
    const internal = await caller(api, quality, 'en-US').post('/api/problem/create', body);
    expect([internal.status, internal.body.meta.message]).toEqual([403, 'Insufficient authority to open, modify or delete a problem']);
    const noCustomer = await caller(api, customerDesk, 'en-US').post('/api/problem/create', { ...body, customerName: null });
    expect([noCustomer.status, noCustomer.body.meta.message]).toEqual([400, 'The problem was not saved\nCustomer: name the customer of a customer problem']);
    const p = await caller(api, customerDesk).ok('POST', '/api/problem/create', body);
    expect(await caller(api, customerDesk).ok('POST', '/api/problem/list', { kind: 'customer' })).toMatchObject({ total: 1, items: [{ id: p.id, customerName: 'FAW' }] });
    expect((await caller(api, quality).get(`/api/problem/get?id=${p.id}`)).status).toBe(403);
  });
});
