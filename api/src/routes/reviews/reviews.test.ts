import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyCatalogRecord, auditCatalogRecord, createCatalogRecord, rejectCatalogRecord, type ServiceContext } from '@fmea/core';
import { addDictionaryItems, buildRole, buildUser } from '@fmea/core/testing';
import { engineerToken, expectInvalid, expectRefused, invalid, listen, openTestApp, type TestApp } from '../../testing.ts';
import { notifyReviewStep } from '../../realtime/review-notice.ts';

let api: TestApp;
let clock: Date;
beforeEach(async () => {
  clock = new Date('2026-03-01T08:00:00Z');
  api = await openTestApp({ now: () => clock });
  await addDictionaryItems(api.t.ctx, 'productType', [
    ['7', '车门', 'Door'],
    ['8', '座椅', 'Seat'],
  ]);
});
afterEach(() => api.dispose());
const tick = () => (clock = new Date(clock.getTime() + 60_000));

interface Someone {
  token: string;
  ctx: ServiceContext;
  id: string;
  userName: string;
}

/** A signed-in user whose one role grants `buttons` on the failure-mode route, for `productTypes` (none: every type). */
async function someone(label: string, buttons: string[], productTypes: string[] = []): Promise<Someone> {
  const role = await buildRole(api.t.ctx, { label, grants: [{ routeName: 'invalid_index', buttons }], productTypes });
  const user = await buildUser(api.t.ctx, { label, roles: [role.id], mustChangePassword: false });
  return { token: await api.login(user.userName), ctx: api.t.as({ userId: user.id, userName: user.userName }), id: user.id, userName: user.userName };
}

async function appliedBy(author: Someone, text: string, productType?: string) {
  const draft = await createCatalogRecord(author.ctx, 'invalidMode', { values: { invalidmode: text, ...(productType && { productType }) } });
  tick();
  return applyCatalogRecord(author.ctx, draft.id, { version: draft.version, opinion: 'Please check' });
}

const get = (path: string, token: string, lang?: string) => api.call('GET', path, { token, lang });

describe('who may call the review lists', () => {
  it('refuses every call without a session and answers any signed-in user', async () => {
    const engineer = await engineerToken(api);
    for (const path of ['/api/message/myApplicationList', '/api/message/myApprovalList', '/api/message/getMessageCount']) {
      await expectRefused(api, { method: 'GET', path });
      expect((await get(path, engineer)).status, path).toBe(200);
    }
    expect((await get('/api/message/myApprovalList', engineer)).body.data).toEqual({ items: [], total: 0, page: 1, limit: 10 });
    expect((await get('/api/message/getMessageCount?timestamp=1', engineer)).body.data).toEqual({ bMessageCount: 0, sMessageCount: 0, count: 0, unreadBusiness: 0 });
  });

  it('refuses an unknown tab, a bad page and an unknown type, in both languages', async () => {
    const engineer = await engineerToken(api);
    await expectInvalid(api, { method: 'GET', path: '/api/message/myApprovalList?tab=mine' }, engineer, invalid('标签页只能是以下之一：pending, processed', 'Tab must be one of: pending, processed'));
    await expectInvalid(api, { method: 'GET', path: '/api/message/myApplicationList?page=0' }, engineer, invalid('页码不能小于 1', 'Page must be at least 1'));
    await expectInvalid(api, { method: 'GET', path: '/api/message/myApprovalList?type=nope' }, engineer, { zh: '不存在记录类型“nope”', en: 'There is no record type “nope”' });
  });
});

describe('GET /api/message/myApprovalList', () => {
  it('shows an applied record to a holder of audit, with what the flow needs, and not to one without', async () => {
    const author = await someone('author', ['add', 'edit']);
    const auditor = await someone('auditor', ['audit']);
    const approver = await someone('approver', ['approve']);
    const record = await appliedBy(author, 'Seal leaks');

    const page = (await get('/api/message/myApprovalList', auditor.token, 'en-US')).body.data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toEqual({
      kind: 'catalog',
      id: record.id,
      type: 'invalidMode',
      typeName: 'Failure mode',
      entity: 'invalidMode',
      base: 'knowledge',
      serialNum: record.serialNum,
      versionNo: 1,
      version: record.version,
      description: 'Seal leaks',
      enDescription: null,
      productType: null,
      status: '1',
      applyPerson: author.userName,
      applyTime: clock.toISOString(),
      applyRemark: 'Please check',
      auditPerson: null,
      auditTime: null,
      auditRemark: null,
      approvePerson: null,
      approveTime: null,
      approveRemark: null,
      opinion: null,
      decidedTime: null,
      decision: null,
      deleted: false,
      can: { audit: true, approve: false, reject: true },
    });
    expect((await get('/api/message/myApprovalList', approver.token)).body.data.total).toBe(0);
    expect((await get('/api/message/myApprovalList', author.token)).body.data.total).toBe(0);
    expect((await get('/api/message/getMessageCount', auditor.token)).body.data).toEqual({ bMessageCount: 1, sMessageCount: 0, count: 1, unreadBusiness: 1 });
    // the type's name in the reader's language
    expect((await get('/api/message/myApprovalList', auditor.token)).body.data.items[0].typeName).toBe('失效模式');
  });

  it("holds to the auditor's product types", async () => {
    const author = await someone('author', ['add', 'edit']);
    await appliedBy(author, 'Door seal', '7');
    await appliedBy(author, 'Seat frame', '8');
    const doorAuditor = await someone('door-auditor', ['audit'], ['7']);
    const items = (await get('/api/message/myApprovalList', doorAuditor.token)).body.data.items;
    expect(items.map((i: { description: string }) => i.description)).toEqual(['Door seal']);
  });

  it("lists the caller's decisions under processed", async () => {
    const author = await someone('author', ['add', 'edit']);
    const auditor = await someone('auditor', ['audit']);
    const a = await appliedBy(author, 'Audited');
    const b = await appliedBy(author, 'Rejected');
    tick();
    await auditCatalogRecord(auditor.ctx, a.id, { version: a.version, opinion: 'Fine' });
    tick();
    await rejectCatalogRecord(auditor.ctx, b.id, { version: b.version, opinion: 'No cause' });
    const page = (await get('/api/message/myApprovalList?tab=processed&limit=1&page=2', auditor.token)).body.data;
    expect(page).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(page.items[0]).toMatchObject({ description: 'Audited', status: '3', decision: { action: 'audit', opinion: 'Fine' }, can: { audit: false, approve: false, reject: false } });
  });
});

describe('GET /api/message/myApplicationList', () => {
  it("lists the caller's applications with the decision, and no one else's", async () => {
    const author = await someone('author', ['add', 'edit']);
    const auditor = await someone('auditor', ['audit']);
    const record = await appliedBy(author, 'Seal leaks');
    tick();
    await rejectCatalogRecord(auditor.ctx, record.id, { version: record.version, opinion: 'No cause' });
    const page = (await get('/api/message/myApplicationList?type=invalidMode', author.token)).body.data;
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ id: record.id, status: '4', opinion: 'No cause', auditPerson: auditor.userName, decidedTime: clock.toISOString() });
    expect((await get('/api/message/myApplicationList', auditor.token)).body.data.total).toBe(0);
  });
});

describe('the business message of a review step', () => {
  it('tells the auditors of an application over the socket, then the approvers, then the applicant', async () => {
    const author = await someone('author', ['add', 'edit']);
    const auditor = await someone('auditor', ['audit']);
    const approver = await someone('approver', ['approve']);
    const toAuthor = listen(api, author.id);
    const toAuditor = listen(api, auditor.id);
    const toApprover = listen(api, approver.id);
    const record = await appliedBy(author, 'Seal leaks');
    // as a flow route does after the write
    expect(await notifyReviewStep(api.services.realtime, author.ctx, record.id)).toBe(1);
    const notice = { type: 'review', kind: 'catalog', id: record.id, entityType: 'invalidMode', title: `${record.serialNum} Seal leaks` };
    expect(toAuditor).toEqual([{ event: 'receiveMessage', data: { ...notice, reason: 'audit', status: '1' } }]);
    expect(toApprover).toEqual([]);

    const audited = await auditCatalogRecord(auditor.ctx, record.id, { version: record.version, opinion: 'Fine' });
    await notifyReviewStep(api.services.realtime, auditor.ctx, record.id);
    expect(toApprover).toEqual([{ event: 'receiveMessage', data: { ...notice, reason: 'approve', status: '3' } }]);

    await rejectCatalogRecord(approver.ctx, record.id, { version: audited.version, opinion: 'No' });
    await notifyReviewStep(api.services.realtime, approver.ctx, record.id);
    expect(toAuthor).toEqual([{ event: 'receiveMessage', data: { ...notice, reason: 'decided', status: '4' } }]);
    expect(toAuditor).toHaveLength(1);
  });

  it('is sent by the catalog flow routes themselves', async () => {
    const author = await someone('author', ['add', 'edit']);
    const auditor = await someone('auditor', ['audit']);
    const toAuditor = listen(api, auditor.id);
    const draft = await createCatalogRecord(author.ctx, 'invalidMode', { values: { invalidmode: 'Clip breaks' } });
    const applied = await api.call('POST', '/api/knowledge/invalidMode/apply', { token: author.token, body: { id: draft.id, version: draft.version } });
    expect(applied.status).toBe(200);
    expect(toAuditor).toEqual([{ event: 'receiveMessage', data: expect.objectContaining({ type: 'review', reason: 'audit', id: draft.id }) }]);
  });
});
