import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord, rejectCatalogRecord, withdrawCatalogRecord } from '../catalog/flow.ts';
import { createCatalogRecord, deleteCatalogRecord } from '../catalog/records.ts';
import type { CatalogRecordView } from '../catalog/store.ts';
import { catalogPerson, DOOR, openCatalogWorld, SEAT, type CatalogWorld } from '../../testing/catalog.ts';
import type { ServiceContext } from '../shared/context.ts';
import { countMyPendingApprovals, listMyApplications, listMyApprovals } from './reviews.ts';

let w: CatalogWorld;
let clock: Date;
beforeEach(async () => {
  clock = new Date('2026-03-01T08:00:00Z');
  w = await openCatalogWorld(() => clock);
});
afterEach(() => w.t.dispose());
const tick = () => (clock = new Date(clock.getTime() + 60_000));

const failureMode = (text: string, productType: string | null = null, by: ServiceContext = w.author) =>
  createCatalogRecord(by, 'invalidMode', { values: { invalidmode: text, severity: 8, ...(productType && { productType }) } });

/** A record applied for by the author (or `by`, e.g. an author of both product types). */
async function applied(text: string, productType: string | null = null, by: ServiceContext = w.author): Promise<CatalogRecordView> {
  const draft = await failureMode(text, productType, by);
  tick();
  return applyCatalogRecord(by, draft.id, { version: draft.version, opinion: 'Please check' });
}

const bothTypesAuthor = () => catalogPerson(w.t, 'both-author', { buttons: ['add', 'edit'], productTypes: [DOOR, SEAT] });

describe('my approvals, pending', () => {
  it('lists an applied record to a holder of audit, ready to audit, and not to a holder of approve', async () => {
    const record = await applied('Seal leaks');
    const page = await listMyApprovals(w.auditor);
    expect(page).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(page.items[0]).toMatchObject({
      kind: 'catalog',
      id: record.id,
      type: 'invalidMode',
      serialNum: record.serialNum,
      text: 'Seal leaks',
      status: '1',
      version: record.version,
      applicant: w.author.actor.userName,
      applyTime: clock,
      applyRemark: 'Please check',
      opinion: null,
      decision: null,
      can: { audit: true, approve: false, reject: true },
    });
    expect((await listMyApprovals(w.approver)).total).toBe(0);
  });

  it('moves an audited record from the auditor to the approver, with the audit opinion', async () => {
    const record = await applied('Seal leaks');
    tick();
    await auditCatalogRecord(w.auditor, record.id, { version: record.version, opinion: 'Looks right' });
    expect((await listMyApprovals(w.auditor)).total).toBe(0);
    const page = await listMyApprovals(w.approver);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ status: '3', auditor: w.auditor.actor.userName, auditRemark: 'Looks right', opinion: 'Looks right', decidedAt: clock, can: { audit: false, approve: true, reject: true } });
  });

  it('shows nothing to people without the button, nor drafts, nor withdrawn applications', async () => {
    await failureMode('Still a draft');
    const record = await applied('Taken back');
    expect((await listMyApprovals(w.reader)).total).toBe(0);
    expect((await listMyApprovals(w.author)).total).toBe(0);
    await withdrawCatalogRecord(w.author, record.id, { version: record.version });
    expect((await listMyApprovals(w.auditor)).total).toBe(0);
  });

  it("holds to the caller's product types; records without one are everyone's", async () => {
    const author = await bothTypesAuthor();
    await applied('Door seal', DOOR, author);
    await applied('Seat frame', SEAT, author);
    await applied('Any part', null, author);
    const doorAuditor = w.auditor; // door only (openCatalogWorld's default)
    expect((await listMyApprovals(doorAuditor)).items.map((i) => i.text).sort()).toEqual(['Any part', 'Door seal']);
    const seatAuditor = await catalogPerson(w.t, 'seat-auditor', { buttons: ['audit'], productTypes: [SEAT] });
    expect((await listMyApprovals(seatAuditor)).items.map((i) => i.text).sort()).toEqual(['Any part', 'Seat frame']);
    // a role that names no product type limits nothing
    const anyAuditor = await catalogPerson(w.t, 'any-auditor', { buttons: ['audit'], productTypes: [] });
    expect((await listMyApprovals(anyAuditor)).total).toBe(3);
  });

  it('holds to the routes the audit button is held on', async () => {
    await applied('Seal leaks');
    const product = await createCatalogRecord(w.author, 'product', { serialNum: 'P-1', values: { productName: 'Door module' } });
    await applyCatalogRecord(w.author, product.id, { version: product.version });
    const productAuditor = await catalogPerson(w.t, 'product-auditor', { buttons: ['audit'], routes: ['product_list_index'] });
    const page = await listMyApprovals(productAuditor);
    expect(page.items.map((i) => i.type)).toEqual(['product']);
    expect((await listMyApprovals(w.auditor, { type: 'product' })).items.map((i) => i.type)).toEqual(['product']);
    expect((await listMyApprovals(w.auditor, { type: 'invalidMode' })).items.map((i) => i.type)).toEqual(['invalidMode']);
  });

  it('shows an administrator every stage', async () => {
    const first = await applied('One');
    await applied('Two', SEAT, await bothTypesAuthor());
    await auditCatalogRecord(w.auditor, first.id, { version: first.version, opinion: 'ok' });
    const page = await listMyApprovals(w.admin);
    expect(page.items.map((i) => [i.text, i.status, i.can.audit, i.can.approve])).toEqual(
      expect.arrayContaining([
        ['One', '3', false, true],
        ['Two', '1', true, false],
      ]),
    );
    expect(await countMyPendingApprovals(w.admin)).toBe(2);
  });

  it('pages, and counts what waits for the badge', async () => {
    for (const text of ['A', 'B', 'C']) await applied(text);
    const first = await listMyApprovals(w.auditor, { page: 1, limit: 2 });
    const second = await listMyApprovals(w.auditor, { page: 2, limit: 2 });
    expect(first.total).toBe(3);
    expect(first.items.map((i) => i.text)).toEqual(['C', 'B']);
    expect(second.items.map((i) => i.text)).toEqual(['A']);
    expect(await countMyPendingApprovals(w.auditor)).toBe(3);
    expect(await countMyPendingApprovals(w.reader)).toBe(0);
  });

  it('refuses an unknown type', async () => {
    await expect(listMyApprovals(w.auditor, { type: 'nope' })).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'catalog.type_unknown' });
  });
});

describe('my approvals, processed', () => {
  it("lists the caller's own audits, approvals and rejections, newest first, with the record as it stands", async () => {
    const released = await applied('Released one');
    const rejected = await applied('Rejected one');
    tick();
    const audited = await auditCatalogRecord(w.auditor, released.id, { version: released.version, opinion: 'Fine' });
    tick();
    await rejectCatalogRecord(w.auditor, rejected.id, { version: rejected.version, opinion: 'Missing cause' });
    tick();
    await approveCatalogRecord(w.approver, released.id, { version: audited.version, opinion: 'Go' });

    const auditor = await listMyApprovals(w.auditor, { tab: 'processed' });
    expect(auditor.total).toBe(2);
    expect(auditor.items.map((i) => [i.text, i.decision?.action, i.decision?.opinion, i.status])).toEqual([
      ['Rejected one', 'reject', 'Missing cause', '4'],
      ['Released one', 'audit', 'Fine', '2'],
    ]);
    expect(auditor.items[0]!.can).toEqual({ audit: false, approve: false, reject: false });
    const approver = await listMyApprovals(w.approver, { tab: 'processed' });
    expect(approver.items.map((i) => [i.text, i.decision?.action, i.decision?.at])).toEqual([['Released one', 'approve', clock]]);
    expect((await listMyApprovals(w.author, { tab: 'processed' })).total).toBe(0);
  });

  it('keeps a decision on a record deleted since, marked deleted', async () => {
    const record = await applied('Gone later');
    const rejected = await rejectCatalogRecord(w.auditor, record.id, { version: record.version, opinion: 'No' });
    await deleteCatalogRecord(w.author, record.id, { version: rejected.version });
    const page = await listMyApprovals(w.auditor, { tab: 'processed' });
    expect(page.items.map((i) => [i.text, i.deleted])).toEqual([['Gone later', true]]);
  });
});

describe('my applications', () => {
  it('lists what the caller applied for in every state, latest application first, with the decision', async () => {
    const a = await applied('Waits');
    const b = await applied('Audited');
    const c = await applied('Rejected');
    tick();
    await auditCatalogRecord(w.auditor, b.id, { version: b.version, opinion: 'Fine' });
    tick();
    await rejectCatalogRecord(w.auditor, c.id, { version: c.version, opinion: 'Missing cause' });
    const page = await listMyApplications(w.author);
    expect(page.total).toBe(3);
    expect(page.items.map((i) => [i.text, i.status, i.opinion])).toEqual([
      ['Rejected', '4', 'Missing cause'],
      ['Audited', '3', 'Fine'],
      ['Waits', '1', null],
    ]);
    expect(page.items[0]).toMatchObject({ kind: 'catalog', applicant: w.author.actor.userName, decidedAt: clock, auditor: w.auditor.actor.userName });
    expect(page.items.find((i) => i.id === a.id)!.can).toEqual({ audit: false, approve: false, reject: false });
  });

  it("lists only the caller's applications, of the asked type, and not drafts nobody applied for", async () => {
    await applied('Mine');
    await failureMode('A draft');
    const colleague = await failureMode('Theirs', null, w.colleague);
    await applyCatalogRecord(w.colleague, colleague.id, { version: colleague.version });
    expect((await listMyApplications(w.author)).items.map((i) => i.text)).toEqual(['Mine']);
    expect((await listMyApplications(w.colleague)).items.map((i) => i.text)).toEqual(['Theirs']);
    expect((await listMyApplications(w.author, { type: 'product' })).total).toBe(0);
    expect((await listMyApplications(w.auditor)).total).toBe(0);
  });
});
