import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { role, rolePermission } from '../../db/schema/index.ts';
import { insertUser, uniqueName } from '../../testing/index.ts';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord, rejectCatalogRecord, withdrawCatalogRecord } from '../catalog/flow.ts';
import { createCatalogRecord } from '../catalog/records.ts';
import { DOOR, openCatalogWorld, SEAT, type CatalogWorld } from '../../testing/catalog.ts';
import { reviewRecipients } from './recipients.ts';

let w: CatalogWorld;
beforeEach(async () => {
  w = await openCatalogWorld();
});
afterEach(() => w.t.dispose());

/** A user whose one role grants `buttons` on the failure-mode route, for `productTypes` (none: every type). */
async function roleHolder(label: string, buttons: string[], productTypes: string[] = []): Promise<string> {
  const [r] = await w.t.db.insert(role).values({ name: uniqueName(label), productTypes }).returning();
  await w.t.db.insert(rolePermission).values({ roleId: r!.id, routeName: 'invalid_index', buttons });
  return (await insertUser(w.t.db, { label, roleIds: [r!.id] })).id;
}

async function appliedDoorSeal() {
  const draft = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Door seal leaks', productType: DOOR } });
  return applyCatalogRecord(w.author, draft.id, { version: draft.version });
}

describe('who is told of a review step', () => {
  it('tells the holders of audit of an application, within their product types, and nobody else', async () => {
    const auditor = await roleHolder('auditor', ['audit']);
    const doorAuditor = await roleHolder('door-auditor', ['audit'], [DOOR]);
    await roleHolder('seat-auditor', ['audit'], [SEAT]);
    await roleHolder('approver', ['approve']);
    await roleHolder('editor', ['edit']);
    const record = await appliedDoorSeal();
    const message = await reviewRecipients(w.author, record.id);
    expect(message).toMatchObject({ kind: 'catalog', recordId: record.id, type: 'invalidMode', serialNum: record.serialNum, text: 'Door seal leaks', status: '1', reason: 'audit' });
    expect([...message.userIds].sort()).toEqual([auditor, doorAuditor].sort());
  });

  it('tells the holders of approve once audited, leaving out the one who acts', async () => {
    const approver = await roleHolder('approver', ['approve']);
    await roleHolder('auditor', ['audit']);
    const record = await appliedDoorSeal();
    const audited = await auditCatalogRecord(w.auditor, record.id, { version: record.version, opinion: 'ok' });
    expect(await reviewRecipients(w.auditor, record.id)).toMatchObject({ reason: 'approve', status: '3', userIds: [approver] });
    // an approver who audits does not message themselves
    const self = w.t.as({ userId: approver, userName: 'approver' });
    expect((await reviewRecipients(self, audited.id)).userIds).toEqual([]);
  });

  it('tells the applicant of the release and of a rejection', async () => {
    const released = await appliedDoorSeal();
    const audited = await auditCatalogRecord(w.auditor, released.id, { version: released.version, opinion: 'ok' });
    await approveCatalogRecord(w.approver, released.id, { version: audited.version });
    expect(await reviewRecipients(w.approver, released.id)).toMatchObject({ reason: 'decided', status: '2', userIds: [w.author.actor.userId] });

    const draft = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Hinge squeaks' } });
    const rejected = await applyCatalogRecord(w.author, draft.id, { version: draft.version });
    await rejectCatalogRecord(w.auditor, rejected.id, { version: rejected.version, opinion: 'No cause' });
    expect(await reviewRecipients(w.auditor, rejected.id)).toMatchObject({ reason: 'decided', status: '4', userIds: [w.author.actor.userId] });
  });

  it('tells nobody of a withdrawal', async () => {
    await roleHolder('auditor', ['audit']);
    const record = await appliedDoorSeal();
    await withdrawCatalogRecord(w.author, record.id, { version: record.version });
    expect((await reviewRecipients(w.author, record.id)).userIds).toEqual([]);
  });
});
