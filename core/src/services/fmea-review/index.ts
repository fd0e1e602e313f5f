import { kindOf } from '../../domain/fmea/kinds.ts';
import { and, count, eq } from 'drizzle-orm';
import { storeFmeaReviewMessages } from '../messages/fmea-review.ts';
import type { MessageRow } from '../messages/inbox.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { fmeaProject, fmeaReviewAssignee, fmeaReviewRound, fmeaReviewStep, fmeaReviewWalk } from '../../db/schema/index.ts';
import { assertWalkComplete, markWalkStep } from '../../domain/status/fmea-review-walk.ts';
import { ConflictError } from '../../errors.ts';
import {
  FMEA_REVIEW_ROLES,
  fmeaReviewReducer,
  pendingOpinionRoles,
  releasers,
  waitingFor,
  type FmeaReviewConclusion,
  type FmeaReviewEvent,
  type FmeaReviewEventType,
  type FmeaReviewRole,
  type FmeaReviewState,
  type FmeaReviewStatus,
} from '../../domain/status/fmea-review.ts';
import type { ReleaseCondition } from '../../domain/status/approval.ts';
import { openableProject, type LoadedProject } from '../fmea/access.ts';
import { assertChecksPass } from '../fmea-checks/index.ts';
import { assertOwnerOrAdmin, assertReviewersCanRead, assertSeparateReviewers } from '../fmea/review-access.ts';
import type { FmeaServiceMessageKey } from '../fmea/messages.ts';
import { readRuleFlags } from '../rules/rule-flags.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { freezeBaseline, type BaselineView } from '../fmea-baseline/index.ts';
import { creditFmeaReviewStep } from '../scores/credits.ts';
import { assertNomineesAllowed, fmeaWorkflowOf } from '../workflow/index.ts';
import { releaseConditionOf, type FmeaWorkflow } from '../../domain/workflow/index.ts';
import { loadReview, loadWalkMarks, reviewHistory, reviewView, type FmeaReviewView, type ReviewStepView, type StoredReview } from './state.ts';

export type { FmeaReviewView, ReviewStepView } from './state.ts';

/**
 * Who should hear of a review step, for the message slice to store as
 * business messages (and what the API pushes over the socket now). One entry
 * per recipient; the acting user is never one.
 */
export interface FmeaReviewNotification {
  readonly userId: string;
  readonly projectId: string;
  readonly serialNum: string;
  readonly projectType: string;
  readonly event: FmeaReviewEventType;
  /** Why this user is told: they must act now, or the outcome concerns them. */
  readonly reason: 'awaiting_opinion' | 'awaiting_approval' | 'awaiting_release' | 'rejected' | 'released' | 'revoked';
  readonly status: FmeaReviewStatus;
  readonly round: number;
  /** The opinion that came with a rejection. */
  readonly opinion?: string;
}

export interface FmeaReviewResult {
  readonly review: FmeaReviewView;
  readonly notifications: FmeaReviewNotification[];
  /** The notifications as stored in the recipients' inboxes (the API pushes them live). */
  readonly messages: MessageRow[];
}

/** The release condition of new rounds: the kind's workflow setting, or (by default) the business rule `fmeaReleaseAll`. */
async function releaseCondition(tx: DbOrTx, workflow: FmeaWorkflow): Promise<ReleaseCondition> {
  return releaseConditionOf(workflow, (await readRuleFlags(tx)).everyReleaserReleases ? 'all' : 'one');
}

/**
 * A kind whose workflow needs no countersigner: the technical director holds that role too, so the round
 * keeps its four roles (spec 001 §5) and the director alone releases (docs/domain/workflow-settings.md).
 */
function withWorkflowRoles(event: FmeaReviewEvent, workflow: FmeaWorkflow): FmeaReviewEvent {
  if (workflow.countersign || (event.type !== 'submit' && event.type !== 'rereview') || !event.assignees) return event;
  return { ...event, assignees: { ...event.assignees, countersign: event.assignees.technical ?? null } };
}

/** The business rule `fmeaReviewInOrder` (default on): the review walk goes in order and the opinion waits for it. */
async function reviewInOrder(tx: DbOrTx): Promise<boolean> {
  return (await readRuleFlags(tx)).reviewInOrder;
}

function notificationsOf(loaded: LoadedProject, before: FmeaReviewState, after: FmeaReviewState, event: FmeaReviewEvent, submittedBy: string | null, actorId: string): FmeaReviewNotification[] {
  const base = { projectId: loaded.project.id, serialNum: loaded.project.serialNum, projectType: loaded.project.projectType, event: event.type, status: after.status, round: after.round };
  const author = [submittedBy, loaded.project.responsibleUserId].filter((u): u is string => !!u);
  const assigned = after.assignees ? FMEA_REVIEW_ROLES.map((r) => after.assignees![r]) : [];
  let to: string[] = [];
  let reason: FmeaReviewNotification['reason'] = 'awaiting_opinion';
  if (after.status === 'under_review') {
    // tell only who is newly waited for: the opinion givers on submission, the approver once the last opinion is in
    const waitedBefore = new Set(before.status === 'under_review' ? waitingFor(before) : []);
    to = waitingFor(after).filter((u) => !waitedBefore.has(u));
    reason = pendingOpinionRoles(after).length > 0 ? 'awaiting_opinion' : 'awaiting_approval';
  } else if (after.status === 'approved' && before.status === 'under_review') {
    to = releasers(after);
    reason = 'awaiting_release';
  } else if (after.status === 'rejected') {
    to = author;
    reason = 'rejected';
  } else if (after.status === 'released') {
    // the team works from the released document: each member hears of it, as of its revocation
    to = [...author, ...assigned, ...loaded.members.map((m) => m.userId)];
    reason = 'released';
  } else if (after.status === 'revoked') {
    to = [...author, ...assigned, ...loaded.members.map((m) => m.userId)];
    reason = 'revoked';
  }
  const opinion = event.type === 'reject' ? event.text.trim() : undefined;
  return [...new Set(to)].filter((u) => u !== actorId).map((userId) => ({ ...base, userId, reason, ...(opinion ? { opinion } : {}) }));
}

/** Stores what the reducer decided: the project's status (compare-and-set), a new round, the round's dates, the step. */
async function persist(tx: Tx, ctx: ServiceContext, loaded: LoadedProject, stored: StoredReview, next: FmeaReviewState, event: FmeaReviewEvent, acknowledgedWarnings: number | null = null): Promise<void> {
  const now = ctx.now();
  const actorId = ctx.actor.userId;
  const moved = await tx
    .update(fmeaProject)
    .set({ reviewStatus: next.status })
    .where(and(eq(fmeaProject.id, loaded.project.id), eq(fmeaProject.reviewStatus, stored.state.status)))
    .returning({ id: fmeaProject.id });
  if (moved.length === 0) throw new ConflictError('fmea.stale_version' satisfies FmeaServiceMessageKey, { entity: 'fmea_project' });

  let roundId = stored.round?.id ?? null;
  if (next.round !== stored.state.round) {
    const [round] = await tx
      .insert(fmeaReviewRound)
      .values({ projectId: loaded.project.id, round: next.round, releaseCondition: next.releaseCondition, submittedBy: actorId, submittedAt: now })
      .returning({ id: fmeaReviewRound.id });
    roundId = round!.id;
    await tx.insert(fmeaReviewAssignee).values(FMEA_REVIEW_ROLES.map((role) => ({ roundId: roundId!, role, userId: next.assignees![role] })));
  } else if (roundId) {
    const dates =
      event.type === 'approve' ? { approvedBy: actorId, approvedAt: now }
      : next.status === 'released' ? { releasedAt: now }
      : next.status === 'rejected' ? { rejectedAt: now }
      : null;
    if (dates) await tx.update(fmeaReviewRound).set(dates).where(eq(fmeaReviewRound.id, roundId));
  }
  const opinionOf = event.type === 'opinion' ? next.opinions[next.opinions.length - 1] : undefined;
  await tx.insert(fmeaReviewStep).values({
    projectId: loaded.project.id,
    roundId,
    event: event.type,
    userId: actorId,
    role: opinionOf?.role ?? null,
    conclusion: opinionOf?.conclusion ?? null,
    opinion: opinionOf?.text ?? (event.type === 'reject' ? event.text.trim() : null),
    status: next.status,
    acknowledgedWarnings,
    at: now,
  });
  // Opinions and releases leave the status as it was, so the compare-and-set above cannot see a
  // concurrent twin: count after writing, and let the later one roll back.
  const twin =
    opinionOf ? and(eq(fmeaReviewStep.event, 'opinion'), eq(fmeaReviewStep.role, opinionOf.role))
    : event.type === 'release' && actorId ? and(eq(fmeaReviewStep.event, 'release'), eq(fmeaReviewStep.userId, actorId))
    : null;
  if (twin && roundId) {
    const rows = await tx.select({ n: count() }).from(fmeaReviewStep).where(and(eq(fmeaReviewStep.roundId, roundId), twin));
    if ((rows[0]?.n ?? 0) > 1) throw new ConflictError('fmea.stale_version' satisfies FmeaServiceMessageKey, { entity: 'fmea_project' });
  }
}

/** The events only the project's owner or an administrator may fire; the named reviewers' events are checked by the reducer. */
const OWNER_EVENTS: readonly FmeaReviewEventType[] = ['submit', 'revoke', 'republish', 'rereview'];

/** The events the checks before release gate (docs/domain/fmea-checks.md): errors refuse, warnings need the caller's acknowledgement. */
const CHECKED_EVENTS: readonly FmeaReviewEventType[] = ['submit', 'rereview', 'release'];

/** What a gated step carries: the caller read the checks' warnings and goes on anyway. */
export interface ReviewChecksInput {
  readonly acknowledgeWarnings?: boolean;
}

/** Runs one review event on a project: reader access, the owner rule, the reducer, the checks, storage, log, notifications. */
async function runEvent(ctx: ServiceContext, projectId: string, build: (condition: ReleaseCondition, actorId: string) => FmeaReviewEvent, checks: ReviewChecksInput = {}): Promise<FmeaReviewResult> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const now = ctx.now();
    const loaded = await openableProject(tx, ctx.actor, projectId, now);
    const workflow = await fmeaWorkflowOf(tx, loaded.project.projectType);
    const condition = await releaseCondition(tx, workflow);
    const stored = await loadReview(tx, projectId, loaded.project.reviewStatus, condition);
    const actorId = loaded.actor.userId;
    const event = withWorkflowRoles(build(condition, actorId), workflow);
    if (OWNER_EVENTS.includes(event.type)) assertOwnerOrAdmin(loaded);
    const next = fmeaReviewReducer(stored.state, event, now);
    const inOrder = await reviewInOrder(tx);
    // the reducer said this user may give the opinion; the walk says whether they have read the steps (spec 001 §4, §6)
    if (event.type === 'opinion' && stored.round) {
      const marked = (await loadWalkMarks(tx, stored.round.id)).get(actorId);
      assertWalkComplete({ walk: kindOf(loaded.project.projectType).reviewWalk, marked: [...(marked?.keys() ?? [])], inOrder });
    }
    if (next.round !== stored.state.round) {
      await assertReviewersCanRead(tx, loaded, next, now);
      await assertNomineesAllowed(tx, loaded, next, workflow, ctx.actor.siteId ?? null);
      if ((await readRuleFlags(tx)).separationOfDuties) await assertSeparateReviewers(tx, next, workflow.countersign ? undefined : 'countersign');
    }
    // after the reducer, so who may not take the step hears that rather than the findings
    const acknowledged = CHECKED_EVENTS.includes(event.type) ? await assertChecksPass(tx, loaded, now, checks.acknowledgeWarnings === true) : null;
    await persist(tx, ctx, loaded, stored, next, event, acknowledged);
    const published = next.status === 'released' && stored.state.status !== 'released';
    // the reviewer's activity and, when the release publishes, the owner's contribution (docs/domain/user-scores.md)
    await creditFmeaReviewStep(tx, { event: event.type, actorId, roundId: stored.round?.id ?? null, responsibleUserId: loaded.project.responsibleUserId, published, at: now });
    // a release (or republish) freezes the analysis as a baseline in the same transaction (docs/domain/fmea-baselines.md)
    const baseline: BaselineView | null =
      published ? await freezeBaseline(tx, txCtx, loaded.project, next.round) : null;
    const after = await loadReview(tx, projectId, next.status, condition);
    const review = await reviewView(tx, projectId, after, { projectType: loaded.project.projectType, inOrder, countersign: workflow.countersign });
    const notifications = notificationsOf(loaded, stored.state, next, event, after.round?.submittedBy ?? null, actorId);
    const messages = await storeFmeaReviewMessages(tx, txCtx, loaded.project, notifications, next.status !== stored.state.status);
    return {
      result: { review, notifications, messages },
      log: {
        action: `fmea.review.${event.type as Exclude<FmeaReviewEventType, 'edit'>}`,
        entity: 'fmea_project',
        entityId: projectId,
        before: { status: stored.state.status, round: stored.state.round },
        after: {
          status: next.status,
          round: next.round,
          ...(event.type === 'opinion' ? { role: next.opinions.at(-1)?.role, conclusion: next.opinions.at(-1)?.conclusion } : {}),
          ...(acknowledged !== null ? { acknowledgedWarnings: acknowledged } : {}),
          ...(baseline ? { baseline: baseline.label, contentHash: baseline.contentHash } : {}),
        },
      },
    };
  });
}

export type ReviewAssigneesInput = Partial<Record<FmeaReviewRole, string | null>>;

/** Submit for review naming the four review roles (owner or administrator). The release condition comes from the business rule. */
export const submitReview = (ctx: ServiceContext, projectId: string, assignees: ReviewAssigneesInput, checks?: ReviewChecksInput) =>
  runEvent(ctx, projectId, (releaseCondition) => ({ type: 'submit', assignees, releaseCondition }), checks);

/** A named professional or quality reviewer gives their opinion. */
export const giveReviewOpinion = (ctx: ServiceContext, projectId: string, input: { conclusion: FmeaReviewConclusion; text: string; role?: FmeaReviewRole }) =>
  runEvent(ctx, projectId, (_, userId) => ({ type: 'opinion', userId, ...input }));

/** The technical director approves after every opinion. */
export const approveReview = (ctx: ServiceContext, projectId: string) => runEvent(ctx, projectId, (_, userId) => ({ type: 'approve', userId }));

/** "Reject and submit to dismissor": back to the author with the opinion. */
export const rejectReview = (ctx: ServiceContext, projectId: string, text: string) => runEvent(ctx, projectId, (_, userId) => ({ type: 'reject', userId, text }));

/** A releaser (technical director or verification countersigner) releases. */
export const releaseReview = (ctx: ServiceContext, projectId: string, checks?: ReviewChecksInput) => runEvent(ctx, projectId, (_, userId) => ({ type: 'release', userId }), checks);

/** Repeal publication, so the project can be edited again (owner or administrator). */
export const revokeReview = (ctx: ServiceContext, projectId: string) => runEvent(ctx, projectId, () => ({ type: 'revoke' }));

/** Publish a revoked project again, unchanged since (owner or administrator). */
export const republishReview = (ctx: ServiceContext, projectId: string) => runEvent(ctx, projectId, () => ({ type: 'republish' }));

/** Review a released or revoked project again, in a new round (owner or administrator), optionally with other reviewers. */
export const rereviewReview = (ctx: ServiceContext, projectId: string, assignees?: ReviewAssigneesInput, checks?: ReviewChecksInput) =>
  runEvent(ctx, projectId, () => ({ type: 'rereview', ...(assignees ? { assignees } : {}) }), checks);

/** Where the project stands on the review path, for anyone who may open it. */
export async function getReviewState(ctx: ServiceContext, projectId: string): Promise<FmeaReviewView> {
  const loaded = await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const workflow = await fmeaWorkflowOf(ctx.db, loaded.project.projectType);
  const condition = await releaseCondition(ctx.db, workflow);
  return reviewView(ctx.db, projectId, await loadReview(ctx.db, projectId, loaded.project.reviewStatus, condition), {
    projectType: loaded.project.projectType,
    inOrder: await reviewInOrder(ctx.db),
    countersign: workflow.countersign,
  });
}

/**
 * An opinion reviewer marks a step of their walk reviewed (spec 001 §4: in
 * order, starting from the block diagram). Refused while an earlier step is
 * unmarked (rule fmeaReviewInOrder on). Answers the review state with the walks.
 */
export async function markReviewStep(ctx: ServiceContext, projectId: string, step: string): Promise<FmeaReviewView> {
  return writeAndLog(ctx, async (tx) => {
    const now = ctx.now();
    const loaded = await openableProject(tx, ctx.actor, projectId, now);
    const workflow = await fmeaWorkflowOf(tx, loaded.project.projectType);
    const stored = await loadReview(tx, projectId, loaded.project.reviewStatus, await releaseCondition(tx, workflow));
    const inOrder = await reviewInOrder(tx);
    const userId = loaded.actor.userId;
    const before = stored.round ? [...((await loadWalkMarks(tx, stored.round.id)).get(userId)?.keys() ?? [])] : [];
    const marked = markWalkStep(stored.state, { walk: kindOf(loaded.project.projectType).reviewWalk, userId, marked: before, step, inOrder });
    const added = marked.filter((s) => !before.includes(s));
    // marking a step twice is harmless: nothing stored, nothing logged twice
    if (added.length > 0) await tx.insert(fmeaReviewWalk).values(added.map((s) => ({ roundId: stored.round!.id, userId, step: s, at: now }))).onConflictDoNothing();
    const review = await reviewView(tx, projectId, stored, { projectType: loaded.project.projectType, inOrder, countersign: workflow.countersign });
    return {
      result: review,
      log: { action: 'fmea.review.walk', entity: 'fmea_project', entityId: projectId, before: { round: stored.state.round }, after: { round: stored.state.round, step, marked: marked.length } },
    };
  });
}

/** Every review step of the project, newest first, for anyone who may open it. */
export async function getReviewHistory(ctx: ServiceContext, projectId: string): Promise<ReviewStepView[]> {
  await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  return reviewHistory(ctx.db, projectId);
}

