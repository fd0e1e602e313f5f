import { APPROVAL_TABS, CATALOG_TYPES, REVIEW_DECISIONS, REVIEW_KINDS, catalogEntity, isCatalogTypeId, type Locale, type ReviewItem } from '@fmea/core';
import { z } from '../../http/route.ts';
import { DateTime, REVIEW_STATUSES, ReviewTrailFields } from '../../http/fields.ts';

/**
 * My applications and my approvals (spec 000 §2.5, 001 §7 myApplicationList,
 * myApprovalList, getMessageCount): one row shape for both lists, in the
 * spec's names of the audit fields (001 §3), with `kind` telling catalog
 * records from the FMEA reviews that will join later.
 */

const STATUSES = REVIEW_STATUSES;
const When = DateTime.nullable();
const TypeId = z.string().trim().min(1).max(64).openapi({ description: 'One catalog type by id (invalidMode, product, …); all when absent' });

const PageFields = {
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  type: TypeId.optional(),
  timestamp: z.string().max(40).optional(),
};

export const ApplicationQuery = z.object(PageFields);

export const ApprovalQuery = z.object({
  ...PageFields,
  tab: z.enum(APPROVAL_TABS).default('pending').openapi({ description: 'pending: waiting for the caller’s audit or approval; processed: the caller’s own decisions' }),
});

export const ReviewItemSchema = z
  .strictObject({
    kind: z.enum(REVIEW_KINDS).openapi({ description: 'catalog: a knowledge-base or master-data record (FMEA reviews will join)' }),
    id: z.string().openapi({ description: 'The record version the flow’s routes act on' }),
    type: z.string().openapi({ description: 'The catalog type’s id' }),
    typeName: z.string().openapi({ description: 'The type in the reader’s language' }),
    entity: z.string().openapi({ description: 'The type in call paths: /api/knowledge/{entity}/… or /api/mainData/{entity}/…' }),
    base: z.enum(['knowledge', 'mainData']).openapi({ description: 'The base of the type’s calls' }),
    serialNum: z.string(),
    versionNo: z.number().int(),
    version: z.number().int().openapi({ description: 'The row’s edit counter: send it back with the next step' }),
    description: z.string(),
    enDescription: z.string().nullable(),
    productType: z.string().nullable(),
    status: z.enum(STATUSES).openapi({ description: '0 editing (withdrawn), 1 to be approved, 2 released, 3 pending approval, 4 rejected' }),
    ...ReviewTrailFields,
    opinion: z.string().nullable().openapi({ description: 'The latest opinion of this round (the approver’s, else the auditor’s)' }),
    decidedTime: When,
    decision: z
      .strictObject({ action: z.enum(REVIEW_DECISIONS), time: DateTime, opinion: z.string().nullable() })
      .nullable()
      .openapi({ description: 'The caller’s own decision (processed tab); null elsewhere' }),
    deleted: z.boolean().openapi({ description: 'The record was deleted after the decision' }),
    can: z.strictObject({ audit: z.boolean(), approve: z.boolean(), reject: z.boolean() }).openapi({ description: 'What the caller may do now (checked again when they act)' }),
  })
  .openapi('ReviewItem');

export const ReviewPageSchema = z
  .strictObject({ items: z.array(ReviewItemSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .openapi('ReviewPage');

export const MessageCountSchema = z
  .strictObject({
    bMessageCount: z.number().int().openapi({ description: 'What waits for the caller’s audit, approval or decision: the rows of My approvals (catalog reviews and read-access applications); the approvals badge' }),
    sMessageCount: z.number().int().openapi({ description: 'Unread system messages (notices, a release or revocation told to the whole team)' }),
    count: z.number().int().openapi({ description: 'Unread messages of My messages (unreadBusiness + sMessageCount): the mail badge' }),
    unreadBusiness: z.number().int().openapi({ description: 'Unread business messages still pending in the inbox' }),
  })
  .openapi('MessageCount');

export function presentReviewItem(locale: Locale, item: ReviewItem) {
  const type = isCatalogTypeId(item.type) ? CATALOG_TYPES[item.type] : undefined;
  return {
    kind: item.kind,
    id: item.id,
    type: item.type,
    typeName: type ? type.title[locale] : item.type,
    entity: type ? catalogEntity(type) : item.type,
    base: type?.area === 'masterData' ? ('mainData' as const) : ('knowledge' as const),
    serialNum: item.serialNum,
    versionNo: item.versionNo,
    version: item.version,
    description: item.text,
    enDescription: item.enText,
    productType: item.productType,
    status: item.status,
    applyPerson: item.applicant,
    applyTime: item.applyTime,
    applyRemark: item.applyRemark,
    auditPerson: item.auditor,
    auditTime: item.auditTime,
    auditRemark: item.auditRemark,
    approvePerson: item.approver,
    approveTime: item.approveTime,
    approveRemark: item.approveRemark,
    opinion: item.opinion,
    decidedTime: item.decidedAt,
    decision: item.decision ? { action: item.decision.action, time: item.decision.at, opinion: item.decision.opinion } : null,
    deleted: item.deleted,
    can: { ...item.can },
  };
}
