import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { approveCatalogRecord, applyCatalogRecord, auditCatalogRecord } from '../catalog/flow.ts';
import { createCatalogRecord } from '../catalog/records.ts';
import { openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';
import { role, rolePermission } from '../../db/schema/index.ts';
import { insertUser, uniqueName } from '../../testing/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { listMessages } from './inbox.ts';

let w: CatalogWorld;
beforeEach(async () => {
  w = await openCatalogWorld();
});
afterEach(() => w.t.dispose());

/** A user whose stored role grants `buttons` on the failure-mode route (recipients are found by stored roles). */
async function roleHolder(label: string, buttons: string[]): Promise<ServiceContext> {
  const [r] = await w.t.db.insert(role).values({ name: uniqueName(label), productTypes: [] }).returning();
  await w.t.db.insert(rolePermission).values({ roleId: r!.id, routeName: 'invalid_index', buttons });
  const { id, userName } = await insertUser(w.t.db, { label, roleIds: [r!.id] });
  return w.t.as({ userId: id, userName });
}

describe('catalog review steps store messages', () => {
  it('messages the auditor, then the approver, then the applicant, each earlier one becoming processed', async () => {
    const auditor = await roleHolder('auditor', ['audit']);
    const approver = await roleHolder('approver', ['approve']);
    const draft = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Seal leaks', severity: 8 } });
    const applied = await applyCatalogRecord(w.author, draft.id, { version: draft.version });
    const toAudit = await listMessages(auditor, 'business');
    expect(toAudit.items).toHaveLength(1);
    expect(toAudit.items[0]).toMatchObject({ code: 'catalogReview', messageKey: 'message.catalog_audit', targetId: draft.id, params: { serialNum: draft.serialNum, text: 'Seal leaks' } });

    const audited = await auditCatalogRecord(auditor, draft.id, { version: applied.version, opinion: 'ok' });
    expect((await listMessages(auditor, 'business')).total).toBe(0);
    expect((await listMessages(auditor, 'processed')).total).toBe(1);
    expect((await listMessages(approver, 'business')).items[0]).toMatchObject({ messageKey: 'message.catalog_approve' });

    await approveCatalogRecord(approver, draft.id, { version: audited.version });
    expect((await listMessages(approver, 'business')).total).toBe(0);
    expect((await listMessages(w.author, 'business')).items[0]).toMatchObject({ messageKey: 'message.catalog_released', senderId: approver.actor.userId });
  });
});
