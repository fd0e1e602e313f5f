import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import { isDomainError } from '../../errors.ts';
import { openableProject } from '../fmea/access.ts';

/** People as comments name them, and who may read a project: shared by the comment and discussion services. */

export interface CommentPerson {
  readonly userId: string;
  readonly userName: string;
  readonly realName: string;
}

export async function peopleByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, CommentPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ userId: user.id, userName: user.userName, realName: user.realName }).from(user).where(inArray(user.id, unique));
  return new Map(rows.map((r) => [r.userId, r]));
}

export const nameOf = (p: CommentPerson | undefined) => (p ? p.realName || p.userName : '');

/** True when the user may open the project now (member, administrator, a share that applies). */
export async function canRead(db: DbOrTx, person: { userId: string; userName: string }, projectId: string, now: Date): Promise<boolean> {
  try {
    await openableProject(db, { userId: person.userId, userName: person.userName }, projectId, now);
    return true;
  } catch (error) {
    if (isDomainError(error) && (error.code === 'not_allowed' || error.code === 'not_found')) return false;
    throw error;
  }
}
