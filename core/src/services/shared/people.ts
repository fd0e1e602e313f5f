import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';

/**
 * The acting person as records name people (who released, finished, closed…): their real name, else their user
 * name; the system operator (no user id) by its own name. Stored names are shown as they are, so they must be the
 * name a person is known by, not the login.
 */
export async function actorName(db: DbOrTx, operator: { userId: string | null; userName: string }): Promise<string> {
  if (!operator.userId) return operator.userName;
  const row = await db.select({ realName: user.realName }).from(user).where(eq(user.id, operator.userId)).get();
  return row?.realName || operator.userName;
}
