import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaReviewAssignee, fmeaReviewRound, fmeaReviewStep, fmeaReviewWalk, user } from '../../db/schema/index.ts';
import { openWalkSteps, type FmeaReviewWalkStep } from '../../domain/status/fmea-review-walk.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import {
  FMEA_OPINION_ROLES,
  FMEA_REVIEW_ROLES,
  waitingFor,
  type FmeaReviewAssignees,
  type FmeaReviewConclusion,
  type FmeaReviewEventType,
  type FmeaReviewRole,
  type FmeaReviewState,
  type FmeaReviewStatus,
} from '../../domain/status/fmea-review.ts';
import type { ReleaseCondition } from '../../domain/status/approval.ts';

export type ReviewRoundRow = typeof fmeaReviewRound.$inferSelect;

/** The reducer's state as stored: the project's status, its latest round, the round's assignees and steps. */
export interface StoredReview {
  readonly state: FmeaReviewState;
  readonly round: ReviewRoundRow | null;
}

export async function latestRound(db: DbOrTx, projectId: string): Promise<ReviewRoundRow | null> {
  return (await db.select().from(fmeaReviewRound).where(eq(fmeaReviewRound.projectId, projectId)).orderBy(desc(fmeaReviewRound.round)).limit(1).get()) ?? null;
}

export async function loadReview(db: DbOrTx, projectId: string, status: FmeaReviewStatus, defaultCondition: ReleaseCondition): Promise<StoredReview> {
  const round = await latestRound(db, projectId);
  if (!round) {
    return { round: null, state: { status, round: 0, releaseCondition: defaultCondition, assignees: null, opinions: [], approvedBy: null, releasedBy: [] } };
  }
  const named = await db.select().from(fmeaReviewAssignee).where(eq(fmeaReviewAssignee.roundId, round.id));
  const assignees = Object.fromEntries(named.map((a) => [a.role, a.userId])) as unknown as FmeaReviewAssignees;
  const steps = await db.select().from(fmeaReviewStep).where(eq(fmeaReviewStep.roundId, round.id)).orderBy(asc(fmeaReviewStep.at), asc(sql`fmea_review_step.rowid`));
  const opinions = steps
    .filter((s) => s.event === 'opinion' && s.role && s.conclusion && s.userId)
    .map((s) => ({ role: s.role!, userId: s.userId!, conclusion: s.conclusion!, text: s.opinion ?? '', at: s.at }));
  // releases only count while the round waits for them; afterwards the status says it all
  const releasedBy = status === 'approved' ? steps.filter((s) => s.event === 'release' && s.userId).map((s) => s.userId!) : [];
  const approved = status === 'approved' || status === 'released' || status === 'revoked';
  return {
    round,
    state: {
      status,
      round: round.round,
      releaseCondition: round.releaseCondition,
      assignees,
      opinions,
      approvedBy: approved ? round.approvedBy : null,
      releasedBy,
    },
  };
}

export interface ReviewPerson {
  readonly userId: string;
  readonly userName: string | null;
  readonly realName: string | null;
}

export interface ReviewStepView {
  readonly round: number | null;
  readonly event: FmeaReviewEventType;
  readonly userId: string | null;
  readonly userName: string | null;
  readonly realName: string | null;
  readonly role: FmeaReviewRole | null;
  readonly conclusion: FmeaReviewConclusion | null;
  readonly opinion: string | null;
  /** Submit, re-review, release: the check warnings the actor acknowledged (null: none). */
  readonly acknowledgedWarnings: number | null;
  readonly status: string;
  readonly at: Date;
}

/** What the workbench shows of a project's review: where it stands, who was named, who it waits for, what each said. */
export interface FmeaReviewView {
  readonly projectId: string;
  readonly status: FmeaReviewStatus;
  readonly round: number;
  readonly releaseCondition: ReleaseCondition;
  readonly assignees: (ReviewPerson & { readonly role: FmeaReviewRole })[];
  readonly opinions: { readonly role: FmeaReviewRole; readonly userId: string; readonly conclusion: FmeaReviewConclusion; readonly text: string; readonly at: Date }[];
  readonly approvedBy: string | null;
  readonly approvedAt: Date | null;
  readonly releasedAt: Date | null;
  readonly submittedBy: string | null;
  readonly submittedAt: Date | null;
  /** The users the project waits for now. */
  readonly waitingFor: string[];
  /** The steps each opinion reviewer walks, in order (the workbench's tab keys). */
  readonly walkSteps: FmeaReviewWalkStep[];
  /** The business rule fmeaReviewInOrder: the walk goes in order and the opinion waits for it. */
  readonly reviewInOrder: boolean;
  /** Each opinion reviewer's walk in the current round (empty before the first submission). */
  readonly walks: ReviewWalkView[];
  /** The roles a submission names under the kind's workflow settings (without a countersigner, the director holds that role too). */
  readonly namedRoles: FmeaReviewRole[];
}

/** One reviewer's walk: each step with when they marked it reviewed, and the step they go to next. */
export interface ReviewWalkView extends ReviewPerson {
  readonly roles: FmeaReviewRole[];
  readonly steps: { readonly step: FmeaReviewWalkStep; readonly reviewedAt: Date | null }[];
  readonly next: FmeaReviewWalkStep | null;
  readonly complete: boolean;
}

/** The steps each user marked in the round, with when. */
export async function loadWalkMarks(db: DbOrTx, roundId: string): Promise<Map<string, Map<string, Date>>> {
  const rows = await db.select().from(fmeaReviewWalk).where(eq(fmeaReviewWalk.roundId, roundId));
  const byUser = new Map<string, Map<string, Date>>();
  for (const row of rows) {
    const marks = byUser.get(row.userId) ?? new Map<string, Date>();
    marks.set(row.step, row.at);
    byUser.set(row.userId, marks);
  }
  return byUser;
}

async function people(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ReviewPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ userId: user.id, userName: user.userName, realName: user.realName }).from(user).where(inArray(user.id, unique));
  return new Map(rows.map((r) => [r.userId, r]));
}

export async function reviewView(db: DbOrTx, projectId: string, stored: StoredReview, walk: { projectType: string; inOrder: boolean; countersign?: boolean }): Promise<FmeaReviewView> {
  const { state, round } = stored;
  const walkSteps = kindOf(walk.projectType).reviewWalk;
  const marks = round && state.assignees ? await loadWalkMarks(db, round.id) : new Map<string, Map<string, Date>>();
  const walkers = state.assignees ? [...new Set(FMEA_OPINION_ROLES.map((role) => state.assignees![role]))] : [];
  const assigned = state.assignees ? FMEA_REVIEW_ROLES.map((role) => ({ role, userId: state.assignees![role] })) : [];
  const known = await people(db, assigned.map((a) => a.userId));
  return {
    projectId,
    status: state.status,
    round: state.round,
    releaseCondition: state.releaseCondition,
    assignees: assigned.map((a) => ({ role: a.role, userId: a.userId, userName: known.get(a.userId)?.userName ?? null, realName: known.get(a.userId)?.realName ?? null })),
    opinions: state.opinions.map((o) => ({ ...o })),
    approvedBy: state.approvedBy,
    approvedAt: state.approvedBy ? (round?.approvedAt ?? null) : null,
    releasedAt: state.status === 'released' ? (round?.releasedAt ?? null) : null,
    submittedBy: round?.submittedBy ?? null,
    submittedAt: round?.submittedAt ?? null,
    waitingFor: waitingFor(state),
    walkSteps: [...walkSteps],
    reviewInOrder: walk.inOrder,
    namedRoles: FMEA_REVIEW_ROLES.filter((role) => role !== 'countersign' || walk.countersign !== false),
    walks: walkers.map((userId) => {
      const marked = marks.get(userId) ?? new Map<string, Date>();
      const open = openWalkSteps(walkSteps, [...marked.keys()]);
      return {
        userId,
        userName: known.get(userId)?.userName ?? null,
        realName: known.get(userId)?.realName ?? null,
        roles: FMEA_OPINION_ROLES.filter((role) => state.assignees![role] === userId),
        steps: walkSteps.map((step) => ({ step, reviewedAt: marked.get(step) ?? null })),
        next: open[0] ?? null,
        complete: open.length === 0,
      };
    }),
  };
}

/** Every step of every round, newest first. */
export async function reviewHistory(db: DbOrTx, projectId: string): Promise<ReviewStepView[]> {
  const rows = await db
    .select({ step: fmeaReviewStep, round: fmeaReviewRound.round })
    .from(fmeaReviewStep)
    .leftJoin(fmeaReviewRound, eq(fmeaReviewRound.id, fmeaReviewStep.roundId))
    .where(and(eq(fmeaReviewStep.projectId, projectId)))
    .orderBy(desc(fmeaReviewStep.at), desc(sql`fmea_review_step.rowid`));
  const known = await people(db, rows.flatMap((r) => (r.step.userId ? [r.step.userId] : [])));
  return rows.map(({ step, round }) => ({
    round,
    event: step.event,
    userId: step.userId,
    userName: step.userId ? (known.get(step.userId)?.userName ?? null) : null,
    realName: step.userId ? (known.get(step.userId)?.realName ?? null) : null,
    role: step.role,
    conclusion: step.conclusion,
    opinion: step.opinion,
    acknowledgedWarnings: step.acknowledgedWarnings,
    status: step.status,
    at: step.at,
  }));
}
