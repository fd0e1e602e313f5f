import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRuleFlag } from '@fmea/core';
import { caller, expectInvalid, expectRefused, ftaApp, invalid, watchSocket, type TestApp } from '../../testing.ts';

let api: TestApp;
let s: Awaited<ReturnType<typeof ftaApp>>['s'];

beforeEach(async () => {
  ({ api, s } = await ftaApp());
  await setRuleFlag(api.t.ctx, 'separationOfDuties', '1');
});
afterEach(() => api.dispose());

const DOC = {
  name: 'Pump',
  missionTime: 1000,
  top: 'TOP',
  gates: [{ name: 'TOP', operator: 'or', inputs: ['A', 'B'] }],
  basicEvents: [
    { name: 'A', model: { kind: 'probability', probability: 0.1 } },
    { name: 'B', model: { kind: 'probability', probability: 0.2 } },
  ],
  houseEvents: [],
  transfers: [],
};

describe('POST /api/fta/submit, /api/fta/decide, /api/fta/revoke and GET /api/fta/releases, /api/fta/release', () => {
  it('runs draft → under review → released → draft, freezing release 1, with refusals in words', async () => {
    const author = caller(api, s.team.editor, 'en-US');
    const approverId = s.team.reader.user.id;
    const tree = await author.ok('POST', '/api/fta/create', { name: 'Pump', document: DOC });
    expect((await author.ok('GET', `/api/fta/approvers?id=${tree.ftaNum}`)).map((u: any) => u.id)).toContain(approverId);

    const submit = { method: 'POST' as const, path: '/api/fta/submit', body: { id: tree.id, version: 1, approverId } };
    await expectRefused(api, submit, s.team.reader.token);
    await expectInvalid(api, { ...submit, body: { id: tree.id, approverId } }, s.team.editor.token, invalid('版本为必填项', 'Version is required'));
    const self = await author.post(submit.path, { ...submit.body, approverId: s.team.editor.user.id });
    expect([self.status, self.body.meta.message.split('\n')[1]]).toEqual([400, expect.stringMatching(/^Approver: .* is you; separation of duties needs another person to approve$/)]);
    const noRoute = await author.post(submit.path, { ...submit.body, approverId: s.dfmeaOnly.user.id });
    expect(noRoute.status).toBe(400);
    expect(noRoute.body.data.issues).toEqual([expect.objectContaining({ messageKey: 'fta.approver_not_permitted', field: 'approverId' })]);
    const approverTab = watchSocket(api, s.team.reader.token, approverId);
    expect(await author.ok('POST', submit.path, submit.body)).toMatchObject({ status: 'underReview', version: 2, approverId, submitterName: s.team.editor.user.userName });
    // the approver's open workbench hears of it at once (the badge and the toast), as with the catalog and FMEA reviews
    expect(approverTab.messages).toEqual([{ event: 'receiveMessage', data: expect.objectContaining({ type: 'message', code: 'ftaReview', title: expect.stringContaining(tree.ftaNum) }) }]);

    const locked = await author.post('/api/fta/save', { id: tree.id, version: 2, name: 'Pump 2' });
    expect([locked.status, locked.body.meta.message]).toEqual([409, 'The fault tree is under review and cannot be changed or deleted']);
    const lockedZh = await caller(api, s.team.editor).post('/api/fta/delete', { id: tree.id, version: 2 });
    expect([lockedZh.status, lockedZh.body.meta.message]).toEqual([409, '故障树审批中，不能修改或删除']);

    const decide = { method: 'POST' as const, path: '/api/fta/decide', body: { id: tree.id, version: 2, decision: 'approve', opinion: 'Checked' } };
    await expectRefused(api, decide, s.dfmeaOnly.token);
    const notHim = await caller(api, s.team.owner, 'en-US').post(decide.path, decide.body);
    expect([notHim.status, notHim.body.meta.message]).toEqual([403, expect.stringMatching(/^Only the named approver \(.+\) decides on fault tree FT/)]);
    expect((await caller(api, s.team.reader).post(decide.path, { ...decide.body, decision: 'maybe' })).status).toBe(400);
    expect(await caller(api, s.team.reader).ok('POST', decide.path, decide.body)).toMatchObject({ status: 'released', version: 3 });

    const releases = { method: 'GET' as const, path: `/api/fta/releases?id=${tree.ftaNum}` };
    await expectRefused(api, releases, s.dfmeaOnly.token);
    const list = await author.ok('GET', releases.path);
    expect(list).toEqual([expect.objectContaining({ releaseNum: 1, opinion: 'Checked', revokeTime: null, result: expect.objectContaining({ missionTime: 1000, cutSetCount: 2, top: 'TOP' }) })]);
    expect(list[0].result.probability.exact).toBeCloseTo(0.28, 12);
    const one = { method: 'GET' as const, path: `/api/fta/release?id=${tree.ftaNum}&releaseNum=1` };
    await expectRefused(api, one, s.dfmeaOnly.token);
    expect(await author.ok('GET', one.path)).toMatchObject({ releaseNum: 1, tree: { ftaNum: tree.ftaNum }, document: DOC });
    const none = await author.get(`/api/fta/release?id=${tree.ftaNum}&releaseNum=2`);
    expect([none.status, none.body.meta.message]).toEqual([404, `Fault tree ${tree.ftaNum} has no release 2`]);
    expect((await author.get(`/api/fta/release?id=${tree.ftaNum}&releaseNum=0`)).status).toBe(400);

    const again = await author.post(submit.path, { ...submit.body, version: 3 });
    expect([again.status, again.body.meta.message]).toEqual([409, 'The fault tree is released: revoke the release before submitting it again']);
    const revoke = { method: 'POST' as const, path: '/api/fta/revoke', body: { id: tree.id, version: 3 } };
    await expectRefused(api, revoke, s.dfmeaOnly.token);
    const notCreator = await caller(api, s.team.reader, 'en-US').post(revoke.path, revoke.body);
    expect(notCreator.status).toBe(403);
    expect(await author.ok('POST', revoke.path, revoke.body)).toMatchObject({ status: 'draft', version: 4 });
    expect((await author.ok('GET', releases.path))[0].revokeTime).toBe('2026-03-01T08:00:00.000Z');
  });

  it('rejects only with an opinion, and the approver reads the message that opens the tree', async () => {
    const tree = await caller(api, s.team.editor).ok('POST', '/api/fta/create', { name: 'Pump', document: DOC });
    await caller(api, s.team.editor).ok('POST', '/api/fta/submit', { id: tree.id, version: 1, approverId: s.team.reader.user.id });
    const inbox = await caller(api, s.team.reader, 'en-US').ok('GET', '/api/message/businessMessageList');
    expect(inbox.items).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'ftaReview', route: `/main/ftaIndex/ftaTree?id=${tree.ftaNum}` })]));
    const call = { method: 'POST' as const, path: '/api/fta/decide', body: { id: tree.id, version: 2, decision: 'reject' } };
    const bare = await caller(api, s.team.reader, 'en-US').post(call.path, call.body);
    expect(bare.status).toBe(400);
    expect(bare.body.data.issues).toEqual([expect.objectContaining({ messageKey: 'status.review.opinion_required' })]);
    expect(await caller(api, s.team.reader).ok('POST', call.path, { ...call.body, opinion: 'Rate of B?' })).toMatchObject({ status: 'draft', version: 3 });
    expect(await caller(api, s.team.editor).ok('GET', `/api/fta/releases?id=${tree.id}`)).toEqual([]);
  });
});
