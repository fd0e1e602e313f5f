import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caller, expectInvalid, expectRefused, invalid, type TestApp, ewoApp, openEwo, type EwoWorld } from '../../testing.ts';

let api: TestApp;
let s: EwoWorld;

beforeEach(async () => ({ api, s } = await ewoApp()));
afterEach(() => api.dispose());

describe('POST /api/ewo/add, /api/ewo/list, /api/ewo/edit, /api/ewo/delete and GET /api/ewo/get, /api/ewo/people', () => {
  it('opens, lists, reads, edits and deletes an EWO, with each refusal in words', async () => {
    const author = caller(api, s.author, 'en-US');
    const add = { method: 'POST' as const, path: '/api/ewo/add', body: { description: 'Stronger gear', ewoType: 'design', source: 'problem', trackerId: s.tracker.user.id } };
    await expectRefused(api, add, s.dfmeaOnly.token);
    // the route without the add button
    expect((await caller(api, s.tracker).post(add.path, add.body)).status).toBe(403);
    await expectInvalid(
      api,
      { ...add, body: { ...add.body, ewoType: 'rename' } },
      s.author.token,
      invalid('变更类型只能是以下之一：design, process, material, document, other', 'Type must be one of: design, process, material, document, other'),
    );
    const wrong = await author.post(add.path, { ...add.body, description: ' ', closingDate: '2026-02-30', trackerId: s.dfmeaOnly.user.id });
    expect([wrong.status, wrong.body.meta.message.split('\n')]).toEqual([
      400,
      ['Form validation failed', 'Description cannot be empty', 'Closing date must be a date as YYYY-MM-DD (got 2026-02-30)'],
    ]);
    const badTracker = await author.post(add.path, { ...add.body, trackerId: s.dfmeaOnly.user.id });
    expect(badTracker.body.data.issues).toEqual([expect.objectContaining({ field: 'trackerId', messageKey: 'ewo.tracker_not_permitted' })]);

    const created = await author.ok('POST', add.path, add.body);
    expect(created).toMatchObject({ ewoNum: expect.stringMatching(/^EC/), status: 'opening', openStatus: 'open', version: 1, can: { edit: true, delete: true, events: ['startFollowUp'] } });

    const list = { method: 'POST' as const, path: '/api/ewo/list', body: { scope: 'tracking' } };
    await expectRefused(api, list, s.dfmeaOnly.token);
    expect((await caller(api, s.tracker).post(list.path, { status: ['nope'] })).status).toBe(400);
    expect(await caller(api, s.tracker).ok('POST', list.path, list.body)).toMatchObject({ total: 1, items: [{ id: created.id, createTime: '2026-03-01T08:00:00.000Z' }] });
    expect((await author.ok('POST', list.path, { openStatus: 'closed' })).total).toBe(0);

    const get = { method: 'GET' as const, path: `/api/ewo/get?id=${created.ewoNum}` };
    await expectRefused(api, get, s.dfmeaOnly.token);
    expect((await author.get('/api/ewo/get')).status).toBe(400);
    expect(await caller(api, s.colleague).ok('GET', get.path)).toMatchObject({ id: created.id, can: { edit: false, delete: false, events: [] } });
    const missing = await author.get('/api/ewo/get?id=EC404');
    expect([missing.status, missing.body.meta.message]).toEqual([404, 'Engineering change EC404 does not exist']);

    const edit = { method: 'POST' as const, path: '/api/ewo/edit', body: { id: created.id, version: 1, description: 'Stronger gear, glass fibre' } };
    await expectRefused(api, edit, s.dfmeaOnly.token);
    expect((await author.post(edit.path, { id: created.id, description: 'x' })).status).toBe(400);
    const notOwner = await caller(api, s.colleague, 'en-US').post(edit.path, edit.body);
    expect([notOwner.status, notOwner.body.meta.message]).toEqual([403, `Only the creator or the tracker of engineering change ${created.ewoNum} may do this`]);
    expect(await author.ok('POST', edit.path, edit.body)).toMatchObject({ description: 'Stronger gear, glass fibre', version: 2 });
    const stale = await author.post(edit.path, edit.body);
    expect(stale.status).toBe(409);

    const people = { method: 'GET' as const, path: `/api/ewo/people?role=approver&id=${created.id}` };
    await expectRefused(api, people, s.dfmeaOnly.token);
    expect((await author.get('/api/ewo/people?role=boss')).status).toBe(400);
    const approvers = (await author.ok('GET', people.path)).map((u: { id: string }) => u.id);
    // audit holders (and administrators), never the caller or someone without the button
    expect(approvers).toContain(s.approver.user.id);
    for (const other of [s.author, s.tracker, s.colleague]) expect(approvers).not.toContain(other.user.id);
    // a tracker is anyone who may read EWOs: not someone without the route
    const trackers = (await author.ok('GET', '/api/ewo/people?role=tracker')).map((u: { id: string }) => u.id);
    expect(trackers).toEqual(expect.arrayContaining([s.author.user.id, s.tracker.user.id, s.approver.user.id, s.colleague.user.id]));
    expect(trackers).not.toContain(s.dfmeaOnly.user.id);

    const del = { method: 'POST' as const, path: '/api/ewo/delete', body: { id: created.id, version: 2 } };
    await expectRefused(api, del, s.dfmeaOnly.token);
    expect((await author.post(del.path, { id: created.id })).status).toBe(400);
    expect((await caller(api, s.colleague).post(del.path, del.body)).status).toBe(403);
    expect(await author.ok('POST', del.path, del.body)).toEqual({ id: created.id });
    expect((await author.get(get.path)).status).toBe(404);
    expect((await openEwo(api, s)).ewoNum).not.toBe(created.ewoNum);
  });
});
