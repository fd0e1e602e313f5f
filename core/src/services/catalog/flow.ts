import { and, eq, sql } from 'drizzle-orm';
import { catalogRecord } from '../../db/schema/index.ts';
import { NotAllowedError } from '../../errors.ts';
import { catalogFlowButton, catalogFlowNext, catalogOpinionIssues, type CatalogFlowAction, type CatalogServiceKey } from '../../domain/catalog/index.ts';
import { isOwnApplication } from '../../domain/permissions/index.ts';
import { KNOWLEDGE_STATUS } from '../../domain/status/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { storeCatalogReviewMessages } from '../messages/catalog-review.ts';
import { creditCatalogStep } from '../scores/credits.ts';
import { catalogWorkflowOf } from '../workflow/index.ts';
import { assertCatalogOperate, assertCatalogRead, assertProductType, catalogCaller, catalogType } from './access.ts';
import { catalogOperation, writeCatalogLog } from './log.ts';
import { assertCurrentVersion, assertRowVersion, checkedValues, findCatalogRow, updatedOrStale, valuesOfRow, viewOf, type CatalogRecordView } from './store.ts';

export interface CatalogFlowInput {
  /** The row version the step is based on; a stale one is a conflict. */
  version: number;
  /** The remark or opinion of the step: required for the audit and a rejection, optional otherwise (≤ 200). */
  opinion?: string | null;
}

const OPINION_REQUIRED: Record<CatalogFlowAction, boolean> = { apply: false, audit: true, approve: false, reject: true, withdraw: false };

/**
 * One step of the review flow (spec 001 §4, docs/domain/catalog.md) on a
 * record's present: the status moves by `knowledgeMachine`, the step's
 * person, time and remark are stored, the knowledge log and the operation
 * log record it. Who may: applying needs `edit` and the creator rule's
 * consent (the author's act); the audit and a rejection at the first stage
 * need `audit`; the approval and a rejection at the second stage `approve`;
 * withdrawing is the applicant's (or an administrator's).
 */
async function step(ctx: ServiceContext, id: string, action: CatalogFlowAction, input: CatalogFlowInput): Promise<CatalogRecordView> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findCatalogRow(tx, id);
    const type = catalogType(before.type);
    const caller = await catalogCaller(tx, ctx.actor, type);
    await assertProductType(tx, caller.actor, before.productType);
    const button = catalogFlowButton(action, before.status);
    if (button !== null) assertCatalogOperate(caller, type, button, button === 'edit' ? before : undefined);
    else {
      assertCatalogRead(caller);
      if (!caller.actor.isAdmin && (before.applicantId === null || before.applicantId !== caller.actor.userId)) {
        throw new NotAllowedError('catalog.withdraw_not_applicant' satisfies CatalogServiceKey);
      }
    }
    // four eyes: the applicant's own audit, approval or rejection is refused while the rule is on
    if (action !== 'apply' && action !== 'withdraw' && caller.rules.separationOfDuties && isOwnApplication(before.applicantId, caller.actor.userId)) {
      throw new NotAllowedError('permission.own_application', { action });
    }
    assertCurrentVersion(before);
    const next = catalogFlowNext(action, before.status);
    // a type whose workflow needs no audit goes from the application straight to the approver (docs/domain/workflow-settings.md)
    const status = action === 'apply' && !(await catalogWorkflowOf(tx, type.id)).audit ? KNOWLEDGE_STATUS.pendingApproval : next;
    const opinionField = action === 'apply' ? 'remark' : 'opinion';
    assertNoIssues(action === 'withdraw' ? [] : catalogOpinionIssues(input.opinion, { required: OPINION_REQUIRED[action], field: opinionField }));
    const opinion = typeof input.opinion === 'string' && input.opinion.trim() !== '' ? input.opinion.trim() : null;
    assertRowVersion(before, input.version);
    // the record goes to review as it stands under today's rules (English may have become required since it was saved)
    if (action === 'apply') await checkedValues(tx, type, valuesOfRow(type, before), caller);

    const now = txCtx.now();
    const who = txCtx.actor.userId;
    const stamp = (() => {
      switch (action) {
        case 'apply':
          // a new round: the last round's opinions stay in the knowledge log
          return { applicantId: who, applyTime: now, applyRemark: opinion, auditorId: null, auditTime: null, auditRemark: null, approverId: null, approveTime: null, approveRemark: null };
        case 'audit':
          return { auditorId: who, auditTime: now, auditRemark: opinion };
        case 'approve':
          return { approverId: who, approveTime: now, approveRemark: opinion };
        case 'reject':
          return before.status === KNOWLEDGE_STATUS.pendingApproval ? { approverId: who, approveTime: now, approveRemark: opinion } : { auditorId: who, auditTime: now, auditRemark: opinion };
        case 'withdraw':
          return {};
      }
    })();

    // releasing a new version makes it the record's present; the release before it becomes history
    if (action === 'approve' && !before.isLatestVersion) {
      await tx
        .update(catalogRecord)
        .set({ isLatestVersion: false, updatedAt: now })
        .where(and(eq(catalogRecord.rootId, before.rootId), eq(catalogRecord.isLatestVersion, true)));
    }
    const rows = await tx
      .update(catalogRecord)
      .set({ ...stamp, status, ...(action === 'approve' && { isLatestVersion: true }), updatedAt: now, version: sql`${catalogRecord.version} + 1` })
      .where(and(eq(catalogRecord.id, id), eq(catalogRecord.version, input.version)))
      .returning();
    const row = updatedOrStale(rows);
    await writeCatalogLog(tx, txCtx, { action, row, fromStatus: before.status, toStatus: status, remark: opinion });
    // the reviewer's activity and, on release, the creator's contribution (docs/domain/user-scores.md)
    await creditCatalogStep(tx, { action, actorId: who, recordId: row.id, creatorId: row.creatorId, at: now });
    // the people the step now waits for find it in their inbox, stored with the step (docs/domain/messages.md)
    await storeCatalogReviewMessages(tx, txCtx, id);
    return { result: await viewOf(tx, caller, type, row), log: catalogOperation(action, id, before, row) };
  });
}

/** Applies for approval (editing → to be approved), with an optional remark; the record is checked against today's rules first. */
export const applyCatalogRecord = (ctx: ServiceContext, id: string, input: CatalogFlowInput) => step(ctx, id, 'apply', input);

/** The reviewer's audit (to be approved → pending approval): the opinion is required. */
export const auditCatalogRecord = (ctx: ServiceContext, id: string, input: CatalogFlowInput) => step(ctx, id, 'audit', input);

/** The approver's release (pending approval → released); a new version becomes the record's latest, the one before it history. */
export const approveCatalogRecord = (ctx: ServiceContext, id: string, input: CatalogFlowInput) => step(ctx, id, 'approve', input);

/** Rejects back to the author (to be approved or pending approval → rejected), who must edit before applying again: the opinion is required. */
export const rejectCatalogRecord = (ctx: ServiceContext, id: string, input: CatalogFlowInput) => step(ctx, id, 'reject', input);

/** The applicant takes the application back (to be approved → editing). */
export const withdrawCatalogRecord = (ctx: ServiceContext, id: string, input: CatalogFlowInput) => step(ctx, id, 'withdraw', input);
