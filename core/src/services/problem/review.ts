import { and, eq } from 'drizzle-orm';
import { actorName } from '../shared/people.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { InvalidInputError, NotAllowedError } from '../../errors.ts';
import { catalogOpinionIssues } from '../../domain/catalog/index.ts';
import { assertReportComplete, problemFlow, type ProblemEvent } from '../../domain/problem/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { catalogCaller } from '../catalog/access.ts';
import { storeProblemReviewMessages, type ProblemReviewNotice } from '../messages/problem-review.ts';
import type { MessageRow } from '../messages/inbox.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { listUserOptions, type UserOption } from '../users/user-options.ts';
import { writeAndLog } from '../shared/write.ts';
import { PROBLEM_ROUTE, assertVersion, mayOnProblem, peopleOf, problemCaller, problemFor, type ProblemCaller, type ProblemRow } from './access.ts';
import type { ProblemMessageKey } from './messages.ts';
import { updateProblemRow } from './problems.ts';
import { problemView, stepStatesOf, stepsOf, type ProblemView } from './view.ts';

/**
 * The 8D report's review and release (docs/domain/problems-8d.md "Review and release"; one record, one decider:
 * a status machine, docs/decisions/review-engines.md): submitted by one of the 8D's people (edit) to one named
 * approver, who holds the audit button on the problem's route and may open it, and under the separation-of-
 * duties rule is not the submitter; only that approver approves (released: the spec's release by and date) or
 * rejects, with an opinion either way; the submitter withdraws it while under review; the creator, the
 * responsible person or an administrator revokes a release. Messages both ways (code problemReview).
 */
export interface ProblemReviewInput {
  version: number;
  opinion?: string | null;
}

export interface ProblemReviewOutcome {
  problem: ProblemView;
  /** Stored messages, pushed to their recipients' sockets once committed. */
  messages: MessageRow[];
}

const opinionOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Why this user may not be named approver of the problem, or null when they may. */
async function approverRefusal(db: DbOrTx, submitter: ProblemCaller, row: ProblemRow, approver: { id: string; userName: string }): Promise<ProblemMessageKey | null> {
  const { rules } = await catalogCaller(db, submitter.operator, { route: PROBLEM_ROUTE });
  if (rules.separationOfDuties && approver.id === submitter.actor.userId) return 'problem.approver_self';
  const caller = await problemCaller(db, { userId: approver.id, userName: approver.userName });
  return mayOnProblem(caller, 'audit', row.customerProblem, await peopleOf(db, row)) ? null : 'problem.approver_not_permitted';
}

/** The people who may be named approver (for the picker): audit holders of the problem's route who may open it. */
export async function listProblemApprovers(ctx: ServiceContext, key: string, query: { search?: string } = {}): Promise<UserOption[]> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  const row = await problemFor(ctx.db, caller, key, 'edit');
  const fit: UserOption[] = [];
  for (const u of await listUserOptions(ctx, { ...query, limit: 500 })) if ((await approverRefusal(ctx.db, caller, row, { id: u.id, userName: u.userName })) === null) fit.push(u);
  return fit.slice(0, 50);
}

const REVIEW_ACTION = { submit: 'problem.submit', approve: 'problem.approve', reject: 'problem.reject', withdraw: 'problem.withdraw', revoke: 'problem.revoke', close: 'problem.close' } as const;

async function moved(tx: Tx, txCtx: TxContext, caller: ProblemCaller, before: ProblemRow, event: ProblemEvent, set: Parameters<typeof updateProblemRow>[3], notice: ProblemReviewNotice, recipient: string | null, opinion: string | null) {
  const status = problemFlow.next(before.status, event);
  const row = await updateProblemRow(tx, txCtx, before, { ...set, status });
  const messages = await storeProblemReviewMessages(tx, txCtx, row, notice, recipient, opinion);
  return {
    result: { problem: await problemView(tx, caller, row), messages },
    log: { action: REVIEW_ACTION[event], entity: 'problem' as const, entityId: row.id, before: { status: before.status, version: before.version }, after: { status: row.status, version: row.version, opinion } },
  };
}

/** open → under review, naming the approver; D0 to D7B must be finished. */
export async function submitProblem(ctx: ServiceContext, key: string, input: ProblemReviewInput & { approverId: string }): Promise<ProblemReviewOutcome> {
  assertNoIssues(catalogOpinionIssues(input.opinion, { required: false }));
  const caller = await problemCaller(ctx.db, ctx.actor);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await problemFor(tx, caller, key, 'edit');
    assertVersion(before, input.version);
    problemFlow.next(before.status, 'submit');
    assertReportComplete(stepStatesOf(await stepsOf(tx, before.id)));
    const approver = input.approverId ? await tx.select({ id: user.id, userName: user.userName, realName: user.realName }).from(user).where(and(eq(user.id, input.approverId), live(user))).get() : undefined;
    if (!approver) throw new InvalidInputError('problem.approver_invalid' satisfies ProblemMessageKey, {}, [{ messageKey: 'problem.approver_required' satisfies ProblemMessageKey, field: 'approverId' }]);
    const refusal = await approverRefusal(tx, caller, before, approver);
    if (refusal) throw new InvalidInputError('problem.approver_invalid' satisfies ProblemMessageKey, {}, [{ messageKey: refusal, params: { user: approver.realName || approver.userName }, field: 'approverId' }]);
    const now = txCtx.now();
    const set = { approverId: approver.id, approverName: approver.realName || approver.userName, submitterId: txCtx.actor.userId, submitterName: await actorName(tx, txCtx.actor), submittedAt: now, reviewOpinion: null };
    return moved(tx, txCtx, caller, before, 'submit', set, 'approve', approver.id, opinionOf(input.opinion));
  });
}

/** The named approver's decision, with an opinion either way: approve (released) or reject (back to open). */
export async function decideProblem(ctx: ServiceContext, key: string, decision: 'approve' | 'reject', input: ProblemReviewInput): Promise<ProblemReviewOutcome> {
  assertNoIssues(catalogOpinionIssues(input.opinion, { required: true }));
  const opinion = opinionOf(input.opinion);
  const caller = await problemCaller(ctx.db, ctx.actor);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await problemFor(tx, caller, key, 'read');
    assertVersion(before, input.version);
    problemFlow.next(before.status, decision);
    if (caller.actor.userId === '' || before.approverId !== caller.actor.userId) throw new NotAllowedError('problem.not_the_approver' satisfies ProblemMessageKey, { problem: before.problemNum, approver: before.approverName ?? '' });
    const now = txCtx.now();
    const set = decision === 'approve' ? { reviewOpinion: opinion, releasedById: txCtx.actor.userId, releasedByName: await actorName(tx, txCtx.actor), releasedAt: now } : { reviewOpinion: opinion };
    return moved(tx, txCtx, caller, before, decision, set, decision === 'approve' ? 'released' : 'rejected', before.submitterId, opinion);
  });
}

/** The submitter (or an administrator) takes the report back while under review; the approver is told. */
export async function withdrawProblem(ctx: ServiceContext, key: string, input: ProblemReviewInput): Promise<ProblemReviewOutcome> {
  assertNoIssues(catalogOpinionIssues(input.opinion, { required: false }));
  const caller = await problemCaller(ctx.db, ctx.actor);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await problemFor(tx, caller, key, 'read');
    assertVersion(before, input.version);
    problemFlow.next(before.status, 'withdraw');
    if (!caller.actor.isAdmin && before.submitterId !== caller.actor.userId) throw new NotAllowedError('problem.withdraw_not_submitter' satisfies ProblemMessageKey, { problem: before.problemNum });
    return moved(tx, txCtx, caller, before, 'withdraw', {}, 'withdrawn', before.approverId, opinionOf(input.opinion));
  });
}

/** Released → open, to change the report again: by one allowed to edit it; the release date is cleared, the submitter told. */
export async function revokeProblem(ctx: ServiceContext, key: string, input: ProblemReviewInput): Promise<ProblemReviewOutcome> {
  assertNoIssues(catalogOpinionIssues(input.opinion, { required: false }));
  const caller = await problemCaller(ctx.db, ctx.actor);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await problemFor(tx, caller, key, 'edit');
    assertVersion(before, input.version);
    problemFlow.next(before.status, 'revoke');
    return moved(tx, txCtx, caller, before, 'revoke', { releasedById: null, releasedByName: null, releasedAt: null }, 'revoked', before.submitterId, opinionOf(input.opinion));
  });
}
