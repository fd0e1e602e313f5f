import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { role, userRole } from '../../db/schema/index.ts';
import { projectAccessLevel } from '../../domain/permissions/index.ts';
import { ADMIN_ROLE_NAME } from '../roles/roles.ts';
import type { Operator } from '../shared/context.ts';
import { openableProject, projectAccess, readShare } from './access.ts';

/**
 * Who may read a project, as a test on a user id: the one rule that opens a
 * project (`projectAccessLevel`: its team, administrators, whom a share names
 * while it runs), so a picker offers only people a step would accept (the
 * review's named reviewers, `assertReviewersCanRead`). The caller must be able
 * to open the project (else 403/404, as for any read of it).
 */
export async function projectReaderTest(db: DbOrTx, operator: Operator, projectId: string, now: Date): Promise<(userId: string) => boolean> {
  const loaded = await openableProject(db, operator, projectId, now);
  const permission = projectAccess(loaded.project, loaded.members, await readShare(db, projectId));
  const admins = new Set((await db.select({ userId: userRole.userId }).from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).where(eq(role.name, ADMIN_ROLE_NAME))).map((r) => r.userId));
  return (userId) => projectAccessLevel(permission, { userId, userName: '', isAdmin: admins.has(userId), roleTypes: [], productTypes: [] }, now) !== null;
}
