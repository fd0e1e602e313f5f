import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { ftaTree, ftaTreeRelease, user } from '../../db/schema/index.ts';
import type { FtaReleaseResult } from '../../db/schema/fta.ts';
import { live } from '../../db/live.ts';
import { ConflictError, InvalidInputError, NotAllowedError, NotFoundError, isDomainError } from '../../errors.ts';
import { catalogOpinionIssues } from '../../domain/catalog/index.ts';
import type { FtaDocument } from '../../domain/fta/index.ts';
import { assertFtaEditable, ftaFlow, type FtaReviewEvent } from '../../domain/status/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { catalogCaller } from '../catalog/access.ts';
import { storeFtaReviewMessages, type FtaReviewNotice } from '../messages/fta-review.ts';
import type { MessageRow } from '../messages/inbox.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { listUserOptions, type UserOption } from '../users/user-options.ts';
import { writeAndLog } from '../shared/write.ts';
import { FTA_ROUTE, assertTreeReadable, ftaCaller, readableTree, type FtaCaller, type FtaTreeRow } from './access.ts';
import { analyzeDocument } from './analysis.ts';
import { transferredTrees } from './exchange.ts';
import type { FtaMessageKey } from './messages.ts';
import { projectOf, treeView, type FtaTreeView } from './trees.ts';

/**
 * A stored fault tree's review and release (issue 23; docs/domain/fta.md, "Review and release"): the status
 * moves by `ftaFlow` only through these steps. Submitting needs the area's edit button and names one
 * approver, who holds the area's route, may read the tree, and (under the separation-of-duties rule) is not
 * the submitter; only that approver approves or rejects (a rejection needs an opinion); the tree's creator or
 * an administrator revokes a release. An approval freezes the document and its analysis as release n.
 */
export interface FtaReviewInput {
  /** The tree's version the step is based on; a stale one is a conflict. */
  version: number;
  opinion?: string | null;
}

export interface FtaSubmitInput extends FtaReviewInput {
  approverId: string;
}

export interface FtaReleaseSummary {
  releaseNum: number;
  releasedAt: Date;
  releasedByName: string | null;
  submitterName: string | null;
  opinion: string | null;
  revokedAt: Date | null;
  revokedByName: string | null;
  result: FtaReleaseResult;
}

export interface FtaReleaseView extends FtaReleaseSummary {
  tree: { id: string; ftaNum: string; name: string };
  document: FtaDocument;
}

type ReleaseRow = typeof ftaTreeRelease.$inferSelect;

const releaseSummary = (r: ReleaseRow): FtaReleaseSummary => ({
  releaseNum: r.releaseNum,
  releasedAt: r.releasedAt,
  releasedByName: r.releasedByName,
  submitterName: r.submitterName,
  opinion: r.opinion,
  revokedAt: r.revokedAt,
  revokedByName: r.revokedByName,
  result: r.result,
});

const opinionOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Why this user may not be named approver of the tree, or null when they may. */
async function approverRefusal(db: DbOrTx, submitter: FtaCaller, tree: FtaTreeRow, approver: { id: string; userName: string }, now: Date): Promise<FtaMessageKey | null> {
  const { rules } = await catalogCaller(db, submitter.operator, { route: FTA_ROUTE });
  if (rules.separationOfDuties && approver.id === submitter.actor.userId) return 'fta.approver_self';
  try {
    const caller = await ftaCaller(db, { userId: approver.id, userName: approver.userName });
    await assertTreeReadable(db, caller, tree, now);
    return null;
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_allowed') return 'fta.approver_not_permitted';
    throw error;
  }
}

/** The people who may be named approver of a tree (for the picker): the area's readers who may read it, not the caller. */
export async function listFtaApprovers(ctx: ServiceContext, key: string, query: { search?: string } = {}): Promise<UserOption[]> {
  const caller = await ftaCaller(ctx.db, ctx.actor, 'edit');
  const tree = await readableTree(ctx.db, caller, key, ctx.now());
  const candidates = await listUserOptions(ctx, { ...query, limit: 500 });
  const fit: UserOption[] = [];
  for (const u of candidates) if ((await approverRefusal(ctx.db, caller, tree, { id: u.id, userName: u.userName }, ctx.now())) === null) fit.push(u);
  return fit.slice(0, 50);
}

async function moved(tx: Tx, before: FtaTreeRow, event: FtaReviewEvent, set: Partial<typeof ftaTree.$inferInsert>, now: Date, actorId: string | null, actorName: string): Promise<FtaTreeRow> {
  const status = ftaFlow.next(before.status, event);
  const [row] = await tx
    .update(ftaTree)
    .set({ ...set, status, version: before.version + 1, updaterId: actorId, updaterName: actorName, updatedAt: now })
    .where(and(eq(ftaTree.id, before.id), eq(ftaTree.version, before.version)))
    .returning();
  if (!row) throw staleTree(before);
  return row;
}

const staleTree = (row: FtaTreeRow) => new ConflictError('fta.tree_stale' satisfies FtaMessageKey, { tree: row.ftaNum, currentVersion: row.version });

async function stepOn(tx: Tx, caller: FtaCaller, key: string, input: FtaReviewInput, now: Date): Promise<FtaTreeRow> {
  const before = await readableTree(tx, caller, key, now);
  if (before.version !== input.version) throw staleTree(before);
  return before;
}

function logOf(action: FtaReviewEvent, before: FtaTreeRow, row: FtaTreeRow, extra: Record<string, unknown> = {}) {
  return { action: `fta.tree.${action}` as const, entity: 'fta_tree' as const, entityId: row.id, before: { status: before.status, version: before.version }, after: { status: row.status, version: row.version, ...extra } };
}

async function tell(tx: Tx, txCtx: TxContext, row: FtaTreeRow, notice: FtaReviewNotice, recipient: string | null, opinion: string | null): Promise<MessageRow[]> {
  return storeFtaReviewMessages(tx, txCtx, row, notice, recipient, opinion);
}

/** A review step's outcome: the tree as it now is, and the messages it stored (pushed to their recipients' sockets once committed). */
export interface FtaReviewOutcome {
  tree: FtaTreeView;
  messages: MessageRow[];
}

/** Draft → under review, naming the approver. */
export async function submitFtaTree(ctx: ServiceContext, key: string, input: FtaSubmitInput): Promise<FtaReviewOutcome> {
  const caller = await ftaCaller(ctx.db, ctx.actor, 'edit');
  assertNoIssues(catalogOpinionIssues(input.opinion, { required: false }));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const now = txCtx.now();
    const before = await stepOn(tx, caller, key, input, now);
    ftaFlow.next(before.status, 'submit');
    const approver = input.approverId ? await tx.select({ id: user.id, userName: user.userName, realName: user.realName }).from(user).where(and(eq(user.id, input.approverId), live(user))).get() : undefined;
    if (!approver) throw new InvalidInputError('fta.approver_invalid' satisfies FtaMessageKey, {}, [{ messageKey: 'fta.approver_required' satisfies FtaMessageKey, field: 'approverId' }]);
    const refusal = await approverRefusal(tx, caller, before, approver, now);
    if (refusal) throw new InvalidInputError('fta.approver_invalid' satisfies FtaMessageKey, {}, [{ messageKey: refusal, params: { user: approver.realName || approver.userName }, field: 'approverId' }]);
    const row = await moved(
      tx,
      before,
      'submit',
      { approverId: approver.id, approverName: approver.realName || approver.userName, submitterId: txCtx.actor.userId, submitterName: txCtx.actor.userName, submittedAt: now },
      now,
      txCtx.actor.userId,
      txCtx.actor.userName,
    );
    const messages = await tell(tx, txCtx, row, 'approve', approver.id, opinionOf(input.opinion));
    return { result: { tree: treeView(row, await projectOf(tx, row.projectId)), messages }, log: logOf('submit', before, row, { approver: row.approverName }) };
  });
}

/** The named approver's decision: approve (→ released, frozen as the next release) or reject (→ draft, opinion required). */
export async function decideFtaTree(ctx: ServiceContext, key: string, decision: 'approve' | 'reject', input: FtaReviewInput): Promise<FtaReviewOutcome> {
  const caller = await ftaCaller(ctx.db, ctx.actor);
  assertNoIssues(catalogOpinionIssues(input.opinion, { required: decision === 'reject' }));
  const opinion = opinionOf(input.opinion);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const now = txCtx.now();
    const before = await stepOn(tx, caller, key, input, now);
    ftaFlow.next(before.status, decision);
    if (caller.actor.userId === '' || before.approverId !== caller.actor.userId) throw new NotAllowedError('fta.not_the_approver' satisfies FtaMessageKey, { tree: before.ftaNum, approver: before.approverName ?? '' });
    const row = await moved(tx, before, decision, {}, now, txCtx.actor.userId, txCtx.actor.userName);
    let releaseNum: number | undefined;
    if (decision === 'approve') releaseNum = await freeze(tx, txCtx, caller, row, opinion, now);
    const messages = await tell(tx, txCtx, row, decision === 'approve' ? 'released' : 'rejected', row.submitterId, opinion);
    return { result: { tree: treeView(row, await projectOf(tx, row.projectId)), messages }, log: logOf(decision, before, row, { opinion, ...(releaseNum ? { releaseNum } : {}) }) };
  });
}

/** Released → draft, by the tree's creator or an administrator; earlier releases stay. */
export async function revokeFtaTree(ctx: ServiceContext, key: string, input: FtaReviewInput): Promise<FtaReviewOutcome> {
  const caller = await ftaCaller(ctx.db, ctx.actor);
  assertNoIssues(catalogOpinionIssues(input.opinion, { required: false }));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const now = txCtx.now();
    const before = await stepOn(tx, caller, key, input, now);
    ftaFlow.next(before.status, 'revoke');
    if (!caller.actor.isAdmin && before.creatorId !== caller.actor.userId) throw new NotAllowedError('fta.revoke_not_creator' satisfies FtaMessageKey, { tree: before.ftaNum });
    const row = await moved(tx, before, 'revoke', {}, now, txCtx.actor.userId, txCtx.actor.userName);
    await tx
      .update(ftaTreeRelease)
      .set({ revokedAt: now, revokedByName: txCtx.actor.userName, updatedAt: now })
      .where(and(eq(ftaTreeRelease.treeId, row.id), isNull(ftaTreeRelease.revokedAt)));
    const messages = await tell(tx, txCtx, row, 'revoked', row.submitterId, opinionOf(input.opinion));
    return { result: { tree: treeView(row, await projectOf(tx, row.projectId)), messages }, log: logOf('revoke', before, row) };
  });
}

/** The document as approved and its analysis (exact, rare-event, MCUB, cut-set count, mission time) as release n+1. */
async function freeze(tx: Tx, txCtx: TxContext, caller: FtaCaller, row: FtaTreeRow, opinion: string | null, now: Date): Promise<number> {
  const others = await transferredTrees(tx, caller, row.document, now);
  const analysis = analyzeDocument(row.document, { listLimit: 1 }, (t) => others.get(t), row.ftaNum);
  const last = await tx.select({ n: ftaTreeRelease.releaseNum }).from(ftaTreeRelease).where(eq(ftaTreeRelease.treeId, row.id)).orderBy(desc(ftaTreeRelease.releaseNum)).limit(1).get();
  const releaseNum = (last?.n ?? 0) + 1;
  await tx.insert(ftaTreeRelease).values({
    treeId: row.id,
    releaseNum,
    document: row.document,
    result: { missionTime: analysis.missionTime, probability: analysis.probability, cutSetCount: analysis.cutSetCount, top: analysis.top },
    submitterId: row.submitterId,
    submitterName: row.submitterName,
    releasedById: txCtx.actor.userId,
    releasedByName: txCtx.actor.userName,
    releasedAt: now,
    opinion,
    createdAt: now,
    updatedAt: now,
  });
  return releaseNum;
}

/** A tree's releases, newest first. */
export async function listFtaReleases(ctx: ServiceContext, key: string): Promise<FtaReleaseSummary[]> {
  const caller = await ftaCaller(ctx.db, ctx.actor);
  const tree = await readableTree(ctx.db, caller, key, ctx.now());
  const rows = await ctx.db.select().from(ftaTreeRelease).where(eq(ftaTreeRelease.treeId, tree.id)).orderBy(desc(ftaTreeRelease.releaseNum));
  return rows.map(releaseSummary);
}

/** One release with its frozen document. */
export async function getFtaRelease(ctx: ServiceContext, key: string, releaseNum: number): Promise<FtaReleaseView> {
  const caller = await ftaCaller(ctx.db, ctx.actor);
  const tree = await readableTree(ctx.db, caller, key, ctx.now());
  const row = Number.isInteger(releaseNum) ? await ctx.db.select().from(ftaTreeRelease).where(and(eq(ftaTreeRelease.treeId, tree.id), eq(ftaTreeRelease.releaseNum, releaseNum))).get() : undefined;
  if (!row) throw new NotFoundError('fta.release_not_found' satisfies FtaMessageKey, { tree: tree.ftaNum, release: String(releaseNum) });
  return { ...releaseSummary(row), tree: { id: tree.id, ftaNum: tree.ftaNum, name: tree.name }, document: row.document };
}

/** Saving or deleting a tree: only a draft (the server's check; the page just follows). */
export const assertTreeEditable = (row: Pick<FtaTreeRow, 'status'>) => assertFtaEditable(row.status);
