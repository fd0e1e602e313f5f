import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import { DomainError, InvalidInputError, NotFoundError, type Issue } from '../../errors.ts';
import { doubledRoles, projectAccessLevel, type Actor } from '../../domain/permissions/index.ts';
import { FMEA_REVIEW_ROLES, type FmeaReviewRole, type FmeaReviewState } from '../../domain/status/fmea-review.ts';
import { assertOwner, actorOf, projectAccess, readShare, type LoadedProject } from './access.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

/** Who may act on a project's review path beyond the named reviewers (core/src/services/fmea-review). */
export function assertOwnerOrAdmin(loaded: LoadedProject): void {
  assertOwner(loaded, 'review');
}

/**
 * Each named reviewer must exist and be able to read the project (member,
 * administrator, or shared with). Every reviewer who cannot is named at once,
 * each on their role's field (`assignees.<role>`, so the form shows it under
 * that picker and the message names the role by its label) and by their real
 * name, never their id.
 */
export async function assertReviewersCanRead(tx: Tx, loaded: LoadedProject, state: FmeaReviewState, now: Date): Promise<void> {
  if (!state.assignees) return;
  const share = await readShare(tx, loaded.project.id);
  const permission = projectAccess(loaded.project, loaded.members, share);
  const issues: Issue[] = [];
  for (const role of FMEA_REVIEW_ROLES) {
    const userId = state.assignees[role];
    const row = await tx.select({ userName: user.userName, realName: user.realName }).from(user).where(eq(user.id, userId)).get();
    if (!row) throw new NotFoundError('fmea.user_not_found' satisfies FmeaServiceMessageKey, { userId });
    const reviewer: Actor = await actorOf(tx, { userId, userName: row.userName });
    if (projectAccessLevel(permission, reviewer, now) === null) {
      const field = `assignees.${role}`;
      issues.push({ messageKey: 'fmea.reviewer_cannot_read' satisfies FmeaServiceMessageKey, field, params: { field, user: row.realName?.trim() || row.userName } });
    }
  }
  if (issues.length > 0) throw new DomainError('not_allowed', 'fmea.reviewers_cannot_read' satisfies FmeaServiceMessageKey, {}, issues);
}

/**
 * Separation of duties (business rule `separationOfDuties`): one person holds
 * at most one role of a review round. Each doubled role is named on its own
 * field with the person's real name; nothing is stored.
 */
export async function assertSeparateReviewers(tx: Tx, state: FmeaReviewState, implied?: FmeaReviewRole): Promise<void> {
  if (!state.assignees) return;
  // a role the workflow fills from another (no countersigner: the director holds it) is not a doubled role
  const doubled = doubledRoles(state.assignees, FMEA_REVIEW_ROLES.filter((r) => r !== implied));
  if (doubled.length === 0) return;
  const issues: Issue[] = [];
  for (const { role, userId } of doubled) {
    const row = await tx.select({ userName: user.userName, realName: user.realName }).from(user).where(eq(user.id, userId)).get();
    const field = `assignees.${role}`;
    issues.push({ messageKey: 'permission.review_role_doubled', field, params: { field, user: row?.realName?.trim() || row?.userName || '' } });
  }
  throw new InvalidInputError('permission.review_roles_separate', {}, issues);
}
