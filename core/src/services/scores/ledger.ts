import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { user, userScoreEvent } from '../../db/schema/index.ts';
import { SCORE_REASON_KIND, type ScoreReason, type ScoreSourceKind } from '../../domain/scores/index.ts';
import type { OperationRecord } from '../shared/audit.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { getScoreStandards } from './standards.ts';

/** What earned points: who, why, and the record whose event it was. */
export interface ScoreEvent {
  /** The user credited; null (the system acting, a record without an author) credits nobody. */
  readonly userId: string | null;
  readonly reason: ScoreReason;
  readonly sourceKind: ScoreSourceKind;
  readonly sourceId: string;
  readonly at: Date;
}

export interface RecordedScore {
  /** False when the same (reason, source, user) was credited before: a replay counts once. */
  readonly recorded: boolean;
  readonly points: number;
}

/**
 * Credits a user for an event, inside the caller's transaction (pass the `tx` of the event's own write, so
 * the points land with it or not at all): one ledger row at the standards' points for the reason, and the
 * user's running total of the reason's score. Idempotent per (reason, source, user).
 */
export async function recordScore(db: DbOrTx, event: ScoreEvent): Promise<RecordedScore> {
  if (event.userId === null) return { recorded: false, points: 0 };
  const points = (await getScoreStandards(db)).points[event.reason];
  const kind = SCORE_REASON_KIND[event.reason];
  const inserted = await db
    .insert(userScoreEvent)
    .values({ userId: event.userId, kind, reason: event.reason, sourceKind: event.sourceKind, sourceId: event.sourceId, points, at: event.at })
    .onConflictDoNothing()
    .returning({ id: userScoreEvent.id });
  if (inserted.length === 0) return { recorded: false, points: 0 };
  if (points !== 0) {
    const column = kind === 'contribution' ? user.contributionScore : user.activityScore;
    await db
      .update(user)
      .set(kind === 'contribution' ? { contributionScore: sql`${column} + ${points}` } : { activityScore: sql`${column} + ${points}` })
      .where(eq(user.id, event.userId));
  }
  return { recorded: true, points };
}

export interface RecomputeResult {
  /** Users whose stored totals differed from their ledger and were set right. */
  readonly changed: number;
}

/**
 * Sets every user's totals to the sums of their ledger (`fmea score recompute`): after a restore, a manual
 * edit of the user table, or to check that the running totals never drifted. Logged per changed user.
 */
export async function recomputeScores(ctx: ServiceContext): Promise<RecomputeResult> {
  return writeAndLog(ctx, async (tx) => {
    const sums = await tx
      .select({
        userId: userScoreEvent.userId,
        contribution: sql<number | string>`sum(case when ${userScoreEvent.kind} = ${'contribution'} then ${userScoreEvent.points} else 0 end)`,
        activity: sql<number | string>`sum(case when ${userScoreEvent.kind} = ${'activity'} then ${userScoreEvent.points} else 0 end)`,
      })
      .from(userScoreEvent)
      .groupBy(userScoreEvent.userId);
    const ledger = new Map(sums.map((s) => [s.userId, { contributionScore: Number(s.contribution), activityScore: Number(s.activity) }]));
    const users = await tx.select({ id: user.id, contributionScore: user.contributionScore, activityScore: user.activityScore }).from(user);
    const log: OperationRecord[] = [];
    for (const u of users) {
      const want = ledger.get(u.id) ?? { contributionScore: 0, activityScore: 0 };
      if (want.contributionScore === u.contributionScore && want.activityScore === u.activityScore) continue;
      await tx.update(user).set(want).where(eq(user.id, u.id));
      log.push({ action: 'score.recompute', entity: 'user', entityId: u.id, before: { contributionScore: u.contributionScore, activityScore: u.activityScore }, after: want });
    }
    const changed = log.length;
    // nothing changed is still worth a line: someone checked the totals
    if (changed === 0) log.push({ action: 'score.recompute', entity: 'user', entityId: null, after: { changed } });
    return { result: { changed }, log };
  });
}
