import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogLog, operationLog, user } from '../../db/schema/index.ts';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord, rejectCatalogRecord, withdrawCatalogRecord } from './flow.ts';
import { listCatalogLog } from './log.ts';
import { quoteCatalogRecord, unquoteCatalogRecord } from './quotes.ts';
import { createCatalogRecord, deleteCatalogRecord, getCatalogRecord, listCatalogRecords, listCatalogVersions, updateCatalogRecord } from './records.ts';
import { suggestCatalogRecords } from './search.ts';
import type { CatalogRecordView } from './store.ts';
import { catalogPerson, openCatalogWorld, setFlag, type CatalogWorld } from '../../testing/catalog.ts';

let w: CatalogWorld;
let clock: Date;
beforeEach(async () => {
  clock = new Date('2026-03-01T08:00:00Z');
  w = await openCatalogWorld(() => clock);
});
afterEach(() => w.t.dispose());
const tick = () => (clock = new Date(clock.getTime() + 60_000));

const draftMode = (text = 'Seal leaks') => createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: text, severity: 8 } });

/** Apply, audit and approve: the record released. */
async function release(record: CatalogRecordView): Promise<CatalogRecordView> {
  const applied = await applyCatalogRecord(w.author, record.id, { version: record.version });
  const audited = await auditCatalogRecord(w.auditor, record.id, { version: applied.version, opinion: 'Reviewed' });
  return approveCatalogRecord(w.approver, record.id, { version: audited.version });
}

describe('the review flow', () => {
  it('runs apply → audit → approve to released, stamping who, when and what they said', async () => {
    const draft = await draftMode();
    tick();
    const applied = await applyCatalogRecord(w.author, draft.id, { version: draft.version, opinion: 'Please check' });
    expect(applied).toMatchObject({ status: '1', applicantId: w.author.actor.userId, applyTime: clock, applyRemark: 'Please check', can: { edit: false, del: false, withdraw: true } });
    tick();
    const audited = await auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: ' Looks right ' });
    expect(audited).toMatchObject({ status: '3', auditorId: w.auditor.actor.userId, auditTime: clock, auditRemark: 'Looks right', people: { auditor: w.auditor.actor.userName } });
    tick();
    const approved = await approveCatalogRecord(w.approver, draft.id, { version: audited.version });
    expect(approved).toMatchObject({ status: '2', isLatestVersion: true, versionNo: 1, approverId: w.approver.actor.userId, approveTime: clock, approveRemark: null });

    const log = await w.t.db.select().from(catalogLog).where(eq(catalogLog.recordId, draft.id)).orderBy(asc(catalogLog.id));
    expect(log.map((l) => [l.action, l.fromStatus, l.toStatus, l.remark])).toEqual([
      ['create', null, '0', null],
      ['apply', '0', '1', 'Please check'],
      ['audit', '1', '3', 'Looks right'],
      ['approve', '3', '2', null],
    ]);
    const ops = await w.t.db.select({ action: operationLog.action }).from(operationLog).where(eq(operationLog.entityId, draft.id)).orderBy(operationLog.at, sql`rowid`);
    expect(ops.map((o) => o.action)).toEqual(['catalog.record.create', 'catalog.record.apply', 'catalog.record.audit', 'catalog.record.approve']);
  });

  it('requires an opinion for the audit and for a rejection', async () => {
    const draft = await draftMode();
    const applied = await applyCatalogRecord(w.author, draft.id, { version: 1 });
    await expect(auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: '  ' })).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'opinion', messageKey: 'status.review.opinion_required' }],
    });
    await expect(rejectCatalogRecord(w.auditor, draft.id, { version: applied.version })).rejects.toMatchObject({ issues: [{ messageKey: 'status.review.opinion_required' }] });
    await expect(auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: 'x'.repeat(201) })).rejects.toMatchObject({ issues: [{ messageKey: 'status.review.opinion_too_long' }] });
  });

  it('sends a rejected record back to its author, who must edit it before applying again', async () => {
    const draft = await draftMode();
    const applied = await applyCatalogRecord(w.author, draft.id, { version: 1 });
    const rejected = await rejectCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: 'Severity too high' });
    expect(rejected).toMatchObject({ status: '4', auditRemark: 'Severity too high' });
    await expect(applyCatalogRecord(w.author, draft.id, { version: rejected.version })).rejects.toMatchObject({ code: 'invalid_transition', messageKey: 'status.knowledge.edit_before_resubmit' });
    const edited = await updateCatalogRecord(w.author, draft.id, { version: rejected.version, values: { severity: 6 } });
    expect(edited.status).toBe('0');
    const again = await applyCatalogRecord(w.author, draft.id, { version: edited.version });
    // a new round: the last round's opinions are in the knowledge log, not on the record
    expect(again).toMatchObject({ status: '1', auditRemark: null, auditorId: null });
  });

  it('lets the approver reject at the second stage, with the approver’s opinion', async () => {
    const draft = await draftMode();
    const applied = await applyCatalogRecord(w.author, draft.id, { version: 1 });
    const audited = await auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: 'ok' });
    await expect(rejectCatalogRecord(w.auditor, draft.id, { version: audited.version, opinion: 'no' })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.denied' });
    const rejected = await rejectCatalogRecord(w.approver, draft.id, { version: audited.version, opinion: 'Not now' });
    expect(rejected).toMatchObject({ status: '4', approveRemark: 'Not now', approverId: w.approver.actor.userId, auditRemark: 'ok' });
  });

  it('asks each stage’s button: the author cannot audit, the auditor cannot approve', async () => {
    const draft = await draftMode();
    await expect(applyCatalogRecord(w.auditor, draft.id, { version: 1 })).rejects.toMatchObject({ code: 'not_allowed' });
    const applied = await applyCatalogRecord(w.author, draft.id, { version: 1 });
    await expect(auditCatalogRecord(w.author, draft.id, { version: applied.version, opinion: 'mine is good' })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.denied' });
    await expect(approveCatalogRecord(w.approver, draft.id, { version: applied.version })).rejects.toMatchObject({ code: 'invalid_transition' });
    const audited = await auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: 'ok' });
    await expect(approveCatalogRecord(w.auditor, draft.id, { version: audited.version })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.denied' });
    await expect(approveCatalogRecord(w.admin, draft.id, { version: audited.version })).resolves.toMatchObject({ status: '2' });
  });

  it('lets only the applicant (or an administrator) withdraw, and only before the audit', async () => {
    const draft = await draftMode();
    const applied = await applyCatalogRecord(w.author, draft.id, { version: 1 });
    await expect(withdrawCatalogRecord(w.colleague, draft.id, { version: applied.version })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'catalog.withdraw_not_applicant' });
    const back = await withdrawCatalogRecord(w.author, draft.id, { version: applied.version });
    expect(back.status).toBe('0');
    const again = await applyCatalogRecord(w.author, draft.id, { version: back.version });
    const audited = await auditCatalogRecord(w.auditor, draft.id, { version: again.version, opinion: 'ok' });
    await expect(withdrawCatalogRecord(w.author, draft.id, { version: audited.version })).rejects.toMatchObject({ code: 'invalid_transition' });
  });

  it('refuses a step on a stale version', async () => {
    const draft = await draftMode();
    await updateCatalogRecord(w.author, draft.id, { version: 1, values: { severity: 7 } });
    await expect(applyCatalogRecord(w.author, draft.id, { version: 1 })).rejects.toMatchObject({ code: 'conflict', messageKey: 'catalog.stale_version' });
  });

  it('checks the record against today’s rules when it is applied', async () => {
    const draft = await draftMode();
    await setFlag(w, 'EnglishRequiredRuleFlag', '1');
    await expect(applyCatalogRecord(w.author, draft.id, { version: 1 })).rejects.toMatchObject({ issues: [{ field: 'enInvalidMode', messageKey: 'catalog.english_required' }] });
  });
});

describe('versions', () => {
  it('starts a new version when a released record is edited; the release stays cited and suggested until the new one is released', async () => {
    const v1 = await release(await draftMode());
    await quoteCatalogRecord(w.author, v1.id);

    const v2 = await updateCatalogRecord(w.author, v1.id, { version: v1.version, values: { invalidmode: 'Seal leaks at low temperature' } });
    expect(v2).toMatchObject({ rootId: v1.id, serialNum: v1.serialNum, versionNo: 2, isLatestVersion: false, status: '0', quoteCount: 0, creatorId: w.author.actor.userId });
    expect(v2.id).not.toBe(v1.id);
    expect(await getCatalogRecord(w.author, v1.id)).toMatchObject({ status: '2', isLatestVersion: true, quoteCount: 1, values: { invalidmode: 'Seal leaks' } });
    expect((await suggestCatalogRecords(w.author, 'invalidMode', { q: 'seal' })).map((s) => [s.id, s.versionNo])).toEqual([[v1.id, 1]]);

    // one version in preparation at a time
    await expect(updateCatalogRecord(w.author, v1.id, { version: v1.version, values: { severity: 9 } })).rejects.toMatchObject({ code: 'conflict', messageKey: 'catalog.draft_exists', params: { versionNo: 2 } });
    // the list shows the record's present: the release and the version in preparation
    expect((await listCatalogRecords(w.author, 'invalidMode')).items.map((r) => r.versionNo).sort()).toEqual([1, 2]);

    const v2edited = await updateCatalogRecord(w.author, v2.id, { version: v2.version, values: { severity: 9 } });
    expect(v2edited).toMatchObject({ id: v2.id, versionNo: 2, values: { severity: 9 } });
    const v2released = await release(v2edited);
    expect(v2released).toMatchObject({ status: '2', isLatestVersion: true, versionNo: 2 });

    const old = await getCatalogRecord(w.author, v1.id);
    expect(old).toMatchObject({ status: '2', isLatestVersion: false, quoteCount: 1 });
    expect(old.can).toMatchObject({ edit: false, del: false });
    expect((await listCatalogRecords(w.author, 'invalidMode')).items.map((r) => r.id)).toEqual([v2.id]);
    expect((await listCatalogRecords(w.author, 'invalidMode', { allVersions: true })).items.map((r) => r.versionNo).sort()).toEqual([1, 2]);
    expect((await listCatalogVersions(w.author, v2.id)).map((r) => [r.versionNo, r.isLatestVersion])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect((await suggestCatalogRecords(w.author, 'invalidMode', { q: 'seal' })).map((s) => s.id)).toEqual([v2.id]);

    // the replaced release is history: not edited, deleted or cited again, but its citations can be let go
    const superseded = { code: 'invalid_transition', messageKey: 'catalog.superseded', params: { versionNo: 1 } };
    await expect(updateCatalogRecord(w.author, v1.id, { version: old.version, values: { severity: 1 } })).rejects.toMatchObject(superseded);
    await expect(deleteCatalogRecord(w.author, v1.id, { version: old.version })).rejects.toMatchObject(superseded);
    await expect(quoteCatalogRecord(w.author, v1.id)).rejects.toMatchObject({ code: 'conflict', messageKey: 'catalog.not_quotable' });
    await expect(unquoteCatalogRecord(w.author, v1.id)).resolves.toEqual({ id: v1.id, quoteCount: 0 });

    const log = await listCatalogLog(w.author, { recordId: v1.id, limit: 50 });
    expect(log.items.map((l) => `${l.versionNo}:${l.action}`).reverse()).toEqual([
      '1:create',
      '1:apply',
      '1:audit',
      '1:approve',
      '1:quote',
      '2:new_version',
      '2:update',
      '2:apply',
      '2:audit',
      '2:approve',
      '1:unquote',
    ]);
    expect(log.items[0]!.actionKey).toBe('catalog.log.unquote');
  });

  it('drops only the version in preparation when it is deleted; deleting the record takes every version', async () => {
    const v1 = await release(await draftMode());
    const v2 = await updateCatalogRecord(w.author, v1.id, { version: v1.version, values: { severity: 2 } });
    expect(await deleteCatalogRecord(w.author, v2.id, { version: v2.version })).toEqual({ deleted: 1 });
    expect(await getCatalogRecord(w.author, v1.id)).toMatchObject({ status: '2', isLatestVersion: true });
    // the next version counts past the deleted one
    const v3 = await updateCatalogRecord(w.author, v1.id, { version: v1.version, values: { severity: 3 } });
    expect(v3.versionNo).toBe(3);
    expect(await deleteCatalogRecord(w.author, v1.id, { version: v1.version })).toEqual({ deleted: 2 });
    expect((await listCatalogRecords(w.admin, 'invalidMode', { allVersions: true })).total).toBe(0);
  });

  it('keeps a record whose next version is under approval', async () => {
    const v1 = await release(await draftMode());
    const v2 = await updateCatalogRecord(w.author, v1.id, { version: v1.version, values: { severity: 2 } });
    await applyCatalogRecord(w.author, v2.id, { version: v2.version });
    await expect(deleteCatalogRecord(w.author, v1.id, { version: v1.version })).rejects.toMatchObject({ messageKey: 'status.knowledge.locked_during_approval' });
  });

  it('keeps the creator of the record on every version, so the creator rule follows the record', async () => {
    await setFlag(w, 'zskcjzRule', '1');
    const v1 = await release(await draftMode());
    const editor = await catalogPerson(w.t, 'editor', { buttons: ['edit', 'audit'] });
    await expect(updateCatalogRecord(editor, v1.id, { version: v1.version, values: { severity: 2 } })).rejects.toMatchObject({ messageKey: 'permission.edit_not_creator' });
    const v2 = await updateCatalogRecord(w.admin, v1.id, { version: v1.version, values: { severity: 2 } });
    expect(v2).toMatchObject({ creatorId: w.author.actor.userId, updaterId: w.admin.actor.userId, marker: 'myreadable' });
    await expect(updateCatalogRecord(w.author, v2.id, { version: v2.version, values: { severity: 3 } })).resolves.toMatchObject({ values: { severity: 3 } });
  });
});

describe('the knowledge log', () => {
  it('names each person by their real name beside the login they acted under, and by login alone once they have no real name', async () => {
    await w.t.db.update(user).set({ realName: '张工' }).where(eq(user.id, w.author.actor.userId!));
    await w.t.db.update(user).set({ realName: '' }).where(eq(user.id, w.auditor.actor.userId!));
    const draft = await draftMode();
    const applied = await applyCatalogRecord(w.author, draft.id, { version: draft.version });
    await auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: 'Reviewed' });
    const log = await listCatalogLog(w.approver, { recordId: draft.id });
    expect(log.items.map((l) => [l.action, l.userName, l.userRealName]).reverse()).toEqual([
      ['create', w.author.actor.userName, '张工'],
      ['apply', w.author.actor.userName, '张工'],
      ['audit', w.auditor.actor.userName, null],
    ]);
  });
});
