import { and, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { catalogLog, catalogRecord } from '../../db/schema/index.ts';
import { CATALOG_TYPE_IDS, type CatalogTypeDefinition } from '../../domain/catalog/index.ts';
import type { Actor } from '../../domain/permissions/index.ts';
import { KNOWLEDGE_STATUS, type KnowledgeStatus } from '../../domain/status/index.ts';
import { canCatalogOperate, catalogCaller, catalogType, productTypeCondition, productTypeVisible, type CatalogCaller } from '../catalog/access.ts';
import { peopleNames, type CatalogRecordRow } from '../catalog/store.ts';
import type { ServiceContext } from '../shared/context.ts';
import { pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { isDeleted, isLive, live } from '../../db/live.ts';

/**
 * The personal centre's review lists (spec 000 §2.5 "my applications, my
 * approvals"; 001 §4 the review path, §7 myApplicationList / myApprovalList):
 * what the caller applied for, and what waits for the caller's audit or
 * approval. Catalog records (knowledge base and master data) only for now;
 * `kind` leaves room for FMEA reviews to join the same lists.
 *
 * Who may audit or approve is read through the catalog engine's own
 * permission layer (catalogCaller / canCatalogOperate), never a second one.
 */

export const REVIEW_KINDS = ['catalog'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** My approvals' tabs: waiting for the caller, or already decided by the caller. */
export const APPROVAL_TABS = ['pending', 'processed'] as const;
export type ApprovalTab = (typeof APPROVAL_TABS)[number];

/** The review steps a reviewer takes (the processed tab lists the caller's own). */
export const REVIEW_DECISIONS = ['audit', 'approve', 'reject'] as const;
export type ReviewDecisionAction = (typeof REVIEW_DECISIONS)[number];

/** One decision of the caller (processed tab): what they did, when, and what they said. */
export interface ReviewerDecision {
  readonly action: ReviewDecisionAction;
  readonly at: Date;
  readonly opinion: string | null;
}

/** One application as the lists show it: a record version under (or past) review. */
export interface ReviewItem {
  readonly kind: ReviewKind;
  /** The record version's id (the flow's routes act on it). */
  readonly id: string;
  /** The catalog type's id (`invalidMode`, `product`, …). */
  readonly type: string;
  readonly serialNum: string;
  readonly versionNo: number;
  /** The row version the next step must name. */
  readonly version: number;
  /** The description in Chinese (or the only one) and in English. */
  readonly text: string;
  readonly enText: string | null;
  readonly productType: string | null;
  readonly status: KnowledgeStatus;
  readonly applicant: string | null;
  readonly applyTime: Date | null;
  readonly applyRemark: string | null;
  readonly auditor: string | null;
  readonly auditTime: Date | null;
  readonly auditRemark: string | null;
  readonly approver: string | null;
  readonly approveTime: Date | null;
  readonly approveRemark: string | null;
  /** The latest opinion of this round (the approver's, else the auditor's). */
  readonly opinion: string | null;
  /** When this round was last decided (approved or rejected at approval, else audited or rejected at audit). */
  readonly decidedAt: Date | null;
  /** The caller's own decision (processed tab); null elsewhere. */
  readonly decision: ReviewerDecision | null;
  /** The record was deleted after the decision (processed tab). */
  readonly deleted: boolean;
  /** What the caller may do now (the flow's services check again). */
  readonly can: { readonly audit: boolean; readonly approve: boolean; readonly reject: boolean };
}

export interface ReviewListQuery extends PageQuery {
  /** One catalog type; all when absent. */
  type?: string;
}

export interface ApprovalListQuery extends ReviewListQuery {
  tab?: ApprovalTab;
}

interface TypeCaller {
  readonly type: CatalogTypeDefinition;
  readonly caller: CatalogCaller;
}

/** Every catalog type asked (one, or all), with the caller on each: one actor and rule-flag read for all. */
async function callersOf(ctx: ServiceContext, typeId?: string): Promise<TypeCaller[]> {
  const ids = typeId === undefined ? CATALOG_TYPE_IDS : [catalogType(typeId).id];
  const out: TypeCaller[] = [];
  let known: CatalogCaller | undefined;
  for (const id of ids) {
    const type = catalogType(id);
    known = await catalogCaller(ctx.db, ctx.actor, type, known);
    out.push({ type, caller: known });
  }
  return out;
}

/** `productTypeVisible` as a WHERE: records of the caller's product types or of none (admins and an empty list see all). */
const productTypeLimit = (actor: Actor): SQL | undefined => productTypeCondition(actor) ?? undefined;

const stageAction = (status: string) =>
  status === KNOWLEDGE_STATUS.toBeApproved ? 'audit' : status === KNOWLEDGE_STATUS.pendingApproval ? 'approve' : null;

function itemOf(
  row: CatalogRecordRow,
  names: ReadonlyMap<string, string>,
  callers: ReadonlyMap<string, TypeCaller>,
  extra: { decision?: ReviewerDecision | null } = {},
): ReviewItem {
  const name = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  const on = callers.get(row.type);
  const current = isLive(row) && (row.isLatestVersion || row.status !== KNOWLEDGE_STATUS.released);
  const stage = stageAction(row.status);
  const may = (button: 'audit' | 'approve') =>
    current && on !== undefined && stage === button && canCatalogOperate(on.caller, on.type, button) && productTypeVisible(on.caller.actor, row.productType);
  return {
    kind: 'catalog',
    id: row.id,
    type: row.type,
    serialNum: row.serialNum,
    versionNo: row.versionNo,
    version: row.version,
    text: row.text,
    enText: row.enText,
    productType: row.productType,
    status: row.status,
    applicant: name(row.applicantId),
    applyTime: row.applyTime,
    applyRemark: row.applyRemark,
    auditor: name(row.auditorId),
    auditTime: row.auditTime,
    auditRemark: row.auditRemark,
    approver: name(row.approverId),
    approveTime: row.approveTime,
    approveRemark: row.approveRemark,
    opinion: row.approveTime ? row.approveRemark : row.auditRemark,
    decidedAt: row.approveTime ?? row.auditTime,
    decision: extra.decision ?? null,
    deleted: isDeleted(row),
    can: { audit: may('audit'), approve: may('approve'), reject: may('audit') || may('approve') },
  };
}

async function itemsOf(ctx: ServiceContext, rows: readonly CatalogRecordRow[], options: { decisions?: readonly (ReviewerDecision | null)[]; callers?: readonly TypeCaller[] } = {}): Promise<ReviewItem[]> {
  if (rows.length === 0) return [];
  const callers = new Map((options.callers ?? (await callersOf(ctx))).map((c) => [c.type.id, c]));
  const names = await peopleNames(ctx.db, rows);
  return rows.map((row, i) => itemOf(row, names, callers, { decision: options.decisions?.[i] ?? null }));
}

/**
 * My applications: every live record version the caller applied for (any
 * type, any status since: under review, released, rejected, or withdrawn
 * back to editing), the latest application first. They are the caller's own
 * acts, so no route or product type hides them.
 */
export async function listMyApplications(ctx: ServiceContext, query: ReviewListQuery = {}): Promise<Page<ReviewItem>> {
  const { page, limit, offset } = pageWindow(query);
  const userId = ctx.actor.userId;
  if (!userId) return { items: [], total: 0, page, limit };
  const where = and(
    eq(catalogRecord.applicantId, userId),
    live(catalogRecord),
    query.type === undefined ? undefined : eq(catalogRecord.type, catalogType(query.type).id),
  );
  const [rows, totals] = await Promise.all([
    ctx.db.select().from(catalogRecord).where(where).orderBy(desc(catalogRecord.applyTime), desc(catalogRecord.serialNum), desc(catalogRecord.versionNo)).limit(limit).offset(offset),
    ctx.db.select({ n: count() }).from(catalogRecord).where(where),
  ]);
  return { items: await itemsOf(ctx, rows), total: totals[0]?.n ?? 0, page, limit };
}

/**
 * What waits for the caller: records to be approved (1) on types whose route
 * they hold `audit` on, and records pending approval (3) where they hold
 * `approve` (administrators: all), of the caller's product types or of none.
 * Null when nothing can wait for them.
 */
function pendingFilter(callers: readonly TypeCaller[]): SQL | null {
  const stages: SQL[] = [];
  let actor: Actor | undefined;
  for (const { type, caller } of callers) {
    actor = caller.actor;
    const statuses: KnowledgeStatus[] = [];
    if (canCatalogOperate(caller, type, 'audit')) statuses.push(KNOWLEDGE_STATUS.toBeApproved);
    if (canCatalogOperate(caller, type, 'approve')) statuses.push(KNOWLEDGE_STATUS.pendingApproval);
    if (statuses.length) stages.push(and(eq(catalogRecord.type, type.id), inArray(catalogRecord.status, statuses))!);
  }
  if (stages.length === 0 || actor === undefined) return null;
  // separation of duties: one's own applications wait for someone else
  const others = callers[0]!.caller.rules.separationOfDuties && actor.userId !== '' ? or(isNull(catalogRecord.applicantId), ne(catalogRecord.applicantId, actor.userId)) : undefined;
  return and(live(catalogRecord), or(...stages), productTypeLimit(actor), others)!;
}

/** How many records wait for the caller's audit or approval (the message badge's business count). */
export async function countMyPendingApprovals(ctx: ServiceContext): Promise<number> {
  const where = pendingFilter(await callersOf(ctx));
  if (where === null) return 0;
  const [total] = await ctx.db.select({ n: count() }).from(catalogRecord).where(where);
  return total?.n ?? 0;
}

/**
 * My approvals. `pending` (default): what waits for the caller's step, the
 * longest waiting last (newest stage first, as every list here). `processed`:
 * the caller's own audits, approvals and rejections from the knowledge log,
 * newest first, each with the record as it stands now (a record deleted since
 * is still listed, marked deleted).
 */
export async function listMyApprovals(ctx: ServiceContext, query: ApprovalListQuery = {}): Promise<Page<ReviewItem>> {
  const { page, limit, offset } = pageWindow(query);
  if ((query.tab ?? 'pending') === 'processed') return listProcessed(ctx, query, { page, limit, offset });
  const callers = await callersOf(ctx, query.type);
  const where = pendingFilter(callers);
  if (where === null) return { items: [], total: 0, page, limit };
  const [rows, totals] = await Promise.all([
    ctx.db
      .select()
      .from(catalogRecord)
      .where(where)
      .orderBy(desc(sql`coalesce(${catalogRecord.auditTime}, ${catalogRecord.applyTime})`), desc(catalogRecord.serialNum))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ n: count() }).from(catalogRecord).where(where),
  ]);
  return { items: await itemsOf(ctx, rows, { callers }), total: totals[0]?.n ?? 0, page, limit };
}

async function listProcessed(ctx: ServiceContext, query: ReviewListQuery, window: { page: number; limit: number; offset: number }): Promise<Page<ReviewItem>> {
  const { page, limit, offset } = window;
  const userId = ctx.actor.userId;
  if (!userId) return { items: [], total: 0, page, limit };
  const where = and(
    eq(catalogLog.userId, userId),
    inArray(catalogLog.action, [...REVIEW_DECISIONS]),
    query.type === undefined ? undefined : eq(catalogLog.type, catalogType(query.type).id),
  );
  const [rows, totals] = await Promise.all([
    ctx.db
      .select({ record: catalogRecord, log: catalogLog })
      .from(catalogLog)
      .innerJoin(catalogRecord, eq(catalogRecord.id, catalogLog.recordId))
      .where(where)
      .orderBy(desc(catalogLog.at), desc(catalogLog.id))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ n: count() }).from(catalogLog).innerJoin(catalogRecord, eq(catalogRecord.id, catalogLog.recordId)).where(where),
  ]);
  const decisions = rows.map(({ log }) => ({ action: log.action as ReviewDecisionAction, at: log.at, opinion: log.remark }));
  return { items: await itemsOf(ctx, rows.map((r) => r.record), { decisions }), total: totals[0]?.n ?? 0, page, limit };
}
