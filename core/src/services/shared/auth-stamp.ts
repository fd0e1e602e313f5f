import type { Database, DbOrTx } from '../../db/client.ts';
import { jsonNumberPlusOne } from '../../db/portable.ts';
import { setting } from '../../db/schema/index.ts';

/**
 * The auth stamp: one number in `setting` that moves whenever a write may
 * change who may do what (`changesAccess`: users, roles, menus, sites,
 * security, rules, settings). `recordOperation` moves it inside the write's
 * transaction, whoever writes (the API, the CLI, another server on the same
 * database), and a server holding resolved sessions in memory reads it on
 * every authenticated request (one primary-key lookup) and forgets them when
 * it moved: a lock or a role change counts from the next request, not after
 * the cache's 30 s.
 */
export const AUTH_STAMP_KEY = 'auth.stamp';

/** Moves the stamp on; call it inside the transaction of the change. */
export async function bumpAuthStamp(db: DbOrTx): Promise<void> {
  await db
    .insert(setting)
    .values({ key: AUTH_STAMP_KEY, value: 1 })
    .onConflictDoUpdate({ target: setting.key, set: { value: jsonNumberPlusOne(setting.value) } });
}

const READ_STAMP = `SELECT value FROM setting WHERE key = '${AUTH_STAMP_KEY}'`;

/** The stamp as stored ('' before any change): read on the raw client, one cached statement, for the hot path. */
export async function readAuthStamp(database: Pick<Database, 'query'>): Promise<string> {
  const rows = await database.query(READ_STAMP);
  return rows.length ? String(rows[0]!.value) : '';
}
