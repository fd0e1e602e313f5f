import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { message, operationLog } from '../../db/schema/index.ts';
import type { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import type { FtaDocument } from '../../domain/fta/index.ts';
import { adminContext, buildRole, idOf, makeUser, openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { setUserRoles } from '../users/users.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import type { ServiceContext } from '../shared/context.ts';
import { createFtaTree, decideFtaTree, deleteFtaTree, getFtaRelease, getFtaTree, listFtaApprovers, listFtaReleases, revokeFtaTree, saveFtaTree, submitFtaTree } from './index.ts';

const PUMP: FtaDocument = {
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

let t: TestDatabase;
let author: ServiceContext;
let approver: ServiceContext;
let other: ServiceContext;
let outsider: ServiceContext;

/** A user whose stored roles hold fta_index with these buttons (null: no role at all). */
async function person(admin: ServiceContext, label: string, buttons: string[] | null): Promise<ServiceContext> {
  const ctx = await makeUser(t, label);
  if (buttons) {
    const role = await buildRole(admin, { label, grants: [{ routeName: 'fta_index', buttons }] });
    await setUserRoles(admin, idOf(ctx), [role.id]);
  }
  return ctx;
}

beforeEach(async () => {
  t = await openTestDatabase({ now: () => new Date('2026-03-01T08:00:00Z') });
  const admin = await adminContext(t);
  author = await person(admin, 'author', ['add', 'edit', 'del']);
  approver = await person(admin, 'approver', []);
  other = await person(admin, 'other', ['edit']);
  outsider = await person(admin, 'outsider', null);
  await setRuleFlag(t.ctx, 'separationOfDuties', '1');
});
afterEach(() => t.dispose());

const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have been refused'), (e: DomainError) => e);
const en = (e: DomainError) => translateError('en-US', e);

describe('fault tree review and release', () => {
  it('submits to a named approver, who approves: the tree is released and frozen as release 1, both told', async () => {
    const tree = await createFtaTree(author, { name: 'Pump', document: PUMP });
    expect((await listFtaApprovers(author, tree.id)).map((u) => u.id)).toEqual(expect.arrayContaining([idOf(approver), idOf(other)]));
    expect((await listFtaApprovers(author, tree.id)).map((u) => u.id)).not.toContain(idOf(author));

    const submitted = await submitFtaTree(author, tree.id, { version: 1, approverId: idOf(approver) });
    expect(submitted.tree).toMatchObject({ status: 'underReview', version: 2, approverId: idOf(approver) });
    // the stored message comes back with the outcome, for the API to push to the approver's open workbench
    expect(submitted.messages).toEqual([expect.objectContaining({ recipientId: idOf(approver), code: 'ftaReview', messageKey: 'message.fta_approve' })]);
    const [asked] = await t.db.select().from(message).where(eq(message.recipientId, idOf(approver)));
    expect(asked).toMatchObject({ code: 'ftaReview', messageKey: 'message.fta_approve', route: `/main/ftaIndex/ftaTree?id=${tree.ftaNum}`, targetId: tree.id, processed: 0 });

    // frozen while under review
    const locked = await refusal(saveFtaTree(author, tree.id, { version: 2, name: 'Pump 2' }));
    expect(en(locked)).toBe('The fault tree is under review and cannot be changed or deleted');
    expect(en(await refusal(deleteFtaTree(author, tree.id, { version: 2 })))).toBe('The fault tree is under review and cannot be changed or deleted');
    expect(en(await refusal(decideFtaTree(other, tree.id, 'approve', { version: 2 })))).toMatch(/^Only the named approver \(.+\) decides on fault tree FT/);

    const released = await decideFtaTree(approver, tree.id, 'approve', { version: 2, opinion: 'Checked' });
    expect(released.tree).toMatchObject({ status: 'released', version: 3 });
    const releases = await listFtaReleases(other, tree.id);
    expect(releases).toHaveLength(1);
    expect(releases[0]).toMatchObject({ releaseNum: 1, opinion: 'Checked', revokedAt: null, result: { missionTime: 1000, cutSetCount: 2, top: 'TOP' } });
    expect(releases[0]!.result.probability.exact).toBeCloseTo(0.28, 12);
    expect(releases[0]!.result.probability.rareEvent).toBeCloseTo(0.3, 12);
    expect((await getFtaRelease(other, tree.ftaNum, 1)).document).toEqual(PUMP);
    const told = await t.db.select().from(message).where(eq(message.recipientId, idOf(author)));
    expect(told).toEqual([expect.objectContaining({ messageKey: 'message.fta_released', processed: 0 })]);
    expect((await t.db.select().from(message).where(eq(message.recipientId, idOf(approver))))[0]!.processed).toBe(1);
    expect(en(await refusal(saveFtaTree(author, tree.id, { version: 3, name: 'Pump 2' })))).toBe('The fault tree is released and cannot be changed or deleted: revoke the release first');

    // revoke: only the creator (or an administrator); the release stays, the next approval is release 2
    expect(en(await refusal(revokeFtaTree(other, tree.id, { version: 3 })))).toBe(`Only the creator of fault tree ${tree.ftaNum} or an administrator can revoke its release`);
    expect((await revokeFtaTree(author, tree.id, { version: 3 })).tree).toMatchObject({ status: 'draft', version: 4 });
    await saveFtaTree(author, tree.id, { version: 4, document: { ...PUMP, missionTime: 10 } });
    await submitFtaTree(author, tree.id, { version: 5, approverId: idOf(approver) });
    await decideFtaTree(approver, tree.id, 'approve', { version: 6 });
    const both = await listFtaReleases(author, tree.id);
    expect(both.map((r) => [r.releaseNum, r.result.missionTime, r.revokedAt !== null])).toEqual([[2, 10, false], [1, 1000, true]]);
    const actions = (await t.db.select({ action: operationLog.action }).from(operationLog).orderBy(operationLog.at, sql`rowid`)).map((r) => r.action).filter((a) => a.startsWith('fta.tree.') && a !== 'fta.tree.create' && a !== 'fta.tree.save');
    expect(actions).toEqual(['fta.tree.submit', 'fta.tree.approve', 'fta.tree.revoke', 'fta.tree.submit', 'fta.tree.approve']);
  });

  it('rejects back to draft only with an opinion, which the submitter reads', async () => {
    const tree = await createFtaTree(author, { name: 'Pump', document: PUMP });
    await submitFtaTree(author, tree.id, { version: 1, approverId: idOf(approver) });
    const bare = await refusal(decideFtaTree(approver, tree.id, 'reject', { version: 2, opinion: ' ' }));
    expect(bare).toMatchObject({ code: 'invalid_input', issues: [expect.objectContaining({ messageKey: 'status.review.opinion_required' })] });
    expect((await decideFtaTree(approver, tree.id, 'reject', { version: 2, opinion: 'B is missing its rate' })).tree).toMatchObject({ status: 'draft' });
    const [told] = await t.db.select().from(message).where(eq(message.recipientId, idOf(author)));
    expect(told).toMatchObject({ messageKey: 'message.fta_rejected', params: { opinion: 'B is missing its rate' } });
    expect(await listFtaReleases(author, tree.id)).toEqual([]);
    expect(await saveFtaTree(author, tree.id, { version: 3, name: 'Pump 2' })).toMatchObject({ status: 'draft', name: 'Pump 2' });
  });

  it('refuses an approver who is the submitter, lacks the route, or is not named; a step from the wrong state by name', async () => {
    const tree = await createFtaTree(author, { name: 'Pump', document: PUMP });
    const self = await refusal(submitFtaTree(author, tree.id, { version: 1, approverId: idOf(author) }));
    expect(en(self).split('\n')[1]).toMatch(/^Approver: .* is you; separation of duties/);
    // with the rule off, naming oneself is allowed, as the rule does elsewhere
    await setRuleFlag(t.ctx, 'separationOfDuties', '0');
    expect((await listFtaApprovers(author, tree.id)).map((u) => u.id)).toContain(idOf(author));
    await setRuleFlag(t.ctx, 'separationOfDuties', '1');
    const noRoute = await refusal(submitFtaTree(author, tree.id, { version: 1, approverId: idOf(outsider) }));
    expect(noRoute.issues?.[0]).toMatchObject({ messageKey: 'fta.approver_not_permitted', field: 'approverId' });
    expect((await refusal(submitFtaTree(author, tree.id, { version: 1, approverId: 'nobody' }))).issues?.[0]).toMatchObject({ messageKey: 'fta.approver_required' });
    expect(await refusal(submitFtaTree(approver, tree.id, { version: 1, approverId: idOf(other) }))).toMatchObject({ code: 'not_allowed' });
    expect(await refusal(decideFtaTree(approver, tree.id, 'approve', { version: 1 }))).toMatchObject({ messageKey: 'status.fta.not_under_review' });
    expect(await refusal(revokeFtaTree(author, tree.id, { version: 1 }))).toMatchObject({ messageKey: 'status.fta.not_released' });
    expect(await getFtaTree(author, tree.id)).toMatchObject({ status: 'draft', version: 1 });
    expect(await t.db.select().from(message)).toEqual([]);
  });
});
