import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaProject, fmeaReviewRound, fmeaReviewStep } from '../../db/schema/index.ts';
import { assertFmeaEditable, type FmeaReviewStatus } from '../../domain/status/fmea-review.ts';

/**
 * The review path's hold on the analysis (spec 001 §4: a DFMEA under review
 * must have its publishing revoked before editing; a report under review
 * cannot be edited or deleted). Called by every write through
 * `assertProjectEditable` / `editableProject`: refuses a locked project, and
 * moves a draft, rejected or revoked one into preparation on its first edit,
 * so a revoked project that was changed can no longer be republished unseen.
 */
export async function holdForReview(db: DbOrTx, projectId: string, status: FmeaReviewStatus, userId: string | null, now: Date): Promise<void> {
  assertFmeaEditable(status);
  if (status === 'in_preparation') return;
  const moved = await db
    .update(fmeaProject)
    .set({ reviewStatus: 'in_preparation' })
    .where(and(eq(fmeaProject.id, projectId), eq(fmeaProject.reviewStatus, status)))
    .returning({ id: fmeaProject.id });
  if (moved.length === 0) return; // someone else moved it first
  const round = await db.select({ id: fmeaReviewRound.id }).from(fmeaReviewRound).where(eq(fmeaReviewRound.projectId, projectId)).orderBy(desc(fmeaReviewRound.round)).limit(1).get();
  await db.insert(fmeaReviewStep).values({ projectId, roundId: round?.id ?? null, event: 'edit', userId: userId || null, status: 'in_preparation', at: now });
}
