import type { DbOrTx } from '../../db/client.ts';
import type { ScoreReason } from '../../domain/scores/index.ts';
import { recordScore } from './ledger.ts';

/**
 * The score events of the existing review flows (docs/domain/user-scores.md), called inside each step's
 * own transaction. Each names its source so that a step replayed, or taken again in the same round,
 * credits once.
 */

/** An FMEA review step: the opinion, approval and release are the giver's activity; the release that publishes the document is its owner's contribution. */
export async function creditFmeaReviewStep(
  db: DbOrTx,
  step: { event: string; actorId: string | null; roundId: string | null; responsibleUserId: string | null; published: boolean; at: Date },
): Promise<void> {
  if (!step.roundId) return;
  const source = { sourceKind: 'fmeaReviewRound', sourceId: step.roundId, at: step.at } as const;
  const reason: ScoreReason | null = step.event === 'opinion' ? 'reviewOpinion' : step.event === 'approve' ? 'reviewApproval' : step.event === 'release' ? 'reviewRelease' : null;
  if (reason) await recordScore(db, { ...source, userId: step.actorId, reason });
  if (step.event === 'release' && step.published) await recordScore(db, { ...source, userId: step.responsibleUserId, reason: 'fmeaReleased' });
}

/** A catalog record's review step: the audit and the approval are the reviewer's activity; the approval releases the version, its creator's contribution. */
export async function creditCatalogStep(db: DbOrTx, step: { action: string; actorId: string | null; recordId: string; creatorId: string | null; at: Date }): Promise<void> {
  const source = { sourceKind: 'catalogRecord', sourceId: step.recordId, at: step.at } as const;
  if (step.action === 'audit') await recordScore(db, { ...source, userId: step.actorId, reason: 'reviewOpinion' });
  if (step.action === 'approve') {
    await recordScore(db, { ...source, userId: step.actorId, reason: 'reviewApproval' });
    await recordScore(db, { ...source, userId: step.creatorId, reason: 'catalogReleased' });
  }
}
