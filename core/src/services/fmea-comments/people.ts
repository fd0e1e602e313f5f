import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';

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

/** Who may read a project: the engine's rule (mentions refuse anyone else). */
export { userCanReadProject as canRead } from '../fmea/access.ts';
