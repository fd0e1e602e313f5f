import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogRecord, user } from '../../db/schema/index.ts';
import type { DiffNames, FmeaSnapshot } from '../../domain/fmea-baseline/index.ts';
import { inChunks } from '../shared/in-chunks.ts';


/**
 * The names a diff shows for the ids snapshots hold (`DiffNames`): people by
 * their real name (the user name where none is set), catalog record versions
 * by number and version ("FM2604010001 v2"), read from the live tables
 * (records are never removed, deleted ones included). Two selects per side.
 */
export async function snapshotNames(db: DbOrTx, ...snapshots: readonly FmeaSnapshot[]): Promise<DiffNames> {
  const userIds = new Set<string>();
  const recordIds = new Set<string>();
  for (const s of snapshots) {
    for (const m of s.members) if (typeof m.userId === 'string') userIds.add(m.userId);
    for (const a of s.actions) if (typeof a.responsibleUserId === 'string') userIds.add(a.responsibleUserId);
    for (const item of [...s.functions, ...s.failures, ...s.controls]) if (typeof item.catalogRecordId === 'string') recordIds.add(item.catalogRecordId);
  }
  const people = await inChunks([...userIds], (chunk) =>
    db.select({ id: user.id, name: sql<string>`coalesce(nullif(trim(${user.realName}), ''), ${user.userName})` }).from(user).where(inArray(user.id, chunk)),
  );
  const records = await inChunks([...recordIds], (chunk) =>
    db.select({ id: catalogRecord.id, serialNum: catalogRecord.serialNum, versionNo: catalogRecord.versionNo }).from(catalogRecord).where(inArray(catalogRecord.id, chunk)),
  );
  const personById = new Map(people.map((p) => [p.id, p.name]));
  const recordById = new Map(records.map((r) => [r.id, `${r.serialNum} v${r.versionNo}`]));
  return { person: (id) => personById.get(id), catalog: (id) => recordById.get(id) };
}
