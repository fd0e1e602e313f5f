import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import { NotAllowedError, NotFoundError } from '../../errors.ts';
import { projectAccessLevel, type Actor } from '../../domain/permissions/index.ts';
import { FMEA_REVIEW_ROLES, type FmeaReviewState } from '../../domain/status/fmea-review.ts';
import { assertOwner, actorOf, projectAccess, readShare, type LoadedProject } from './access.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

/** Who may act on a project's review path beyond the named reviewers (core/src/services/fmea-review). */
export function assertOwnerOrAdmin(loaded: LoadedProject): void {
  assertOwner(loaded, 'review');
}

/** Each named reviewer must exist and be able to read the project (member, administrator, or shared with). */
export async function assertReviewersCanRead(tx: Tx, loaded: LoadedProject, state: FmeaReviewState, now: Date): Promise<void> {
  if (!state.assignees) return;
  const share = await readShare(tx, loaded.project.id);
  const permission = projectAccess(loaded.project, loaded.members, share);
  for (const role of FMEA_REVIEW_ROLES) {
    const userId = state.assignees[role];
    const row = await tx.select({ userName: user.userName }).from(user).where(eq(user.id, userId)).get();
    if (!row) throw new NotFoundError('fmea.user_not_found' satisfies FmeaServiceMessageKey, { userId });
    const reviewer: Actor = await actorOf(tx, { userId, userName: row.userName });
    if (projectAccessLevel(permission, reviewer, now) === null) {
      throw new NotAllowedError('fmea.reviewer_cannot_read' satisfies FmeaServiceMessageKey, { role, userId });
    }
  }
}
