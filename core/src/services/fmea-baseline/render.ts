import { ANALYSIS_ROW_TABLES } from '../../db/analysis-tables.ts';
import { insertRows } from '../../db/bulk-insert.ts';
import type { DbOrTx } from '../../db/client.ts';
import { withScratchDatabase } from '../../db/scratch.ts';
import { fmeaMember, fmeaProject, user } from '../../db/schema/index.ts';
import type { ApRule } from '../../domain/ap/index.ts';
import { MSR_FAILURE_FIELDS, type FmeaSnapshot } from '../../domain/fmea-baseline/index.ts';
import type { Locale } from '../../i18n/index.ts';
import { exportFmeaWorkbook } from '../fmea/excel/export.ts';
import type { WorkbookStamp } from '../fmea/excel/stamp.ts';
import type { ProjectDictionaries } from '../fmea/project-codes.ts';
import { replaceApRules } from '../rules/ap-rules.ts';
import { createContext } from '../shared/context.ts';

const PLACEHOLDER_HASH = '-';

/**
 * A baseline's workbook, drawn from its snapshot and not from the live tables:
 * the snapshot is laid into a scratch database (the same schema, foreign keys
 * off, as only the one project lives there: db/scratch.ts) and the
 * one workbook exporter writes it, so a baseline's workbook is the live
 * export's form, sheet for sheet, and nothing edited since can leak in.
 * Users are there by the user names the snapshot froze, with their real
 * names as they are now (`realNames`: the header block names people); the AP
 * rules are the snapshot's; dictionary names (stage, customer…) are the live
 * dictionary's.
 */
export async function renderSnapshotWorkbook(
  snapshot: FmeaSnapshot,
  stamp: WorkbookStamp,
  options: { locale: Locale; company?: string; dictionaries: ProjectDictionaries; realNames?: ReadonlyMap<string, string> },
  live: DbOrTx,
): Promise<Uint8Array> {
  return withScratchDatabase(live, async (scratchDb) => {
    const scratch = { db: scratchDb };
    const ctx = createContext(scratch.db, undefined, () => stamp.at);
    const users = new Map<string, string>();
    for (const m of snapshot.members) users.set(m.userId as string, (m.userName as string) || (m.userId as string));
    for (const a of snapshot.actions) if (a.responsibleUserId) users.set(a.responsibleUserId as string, (a.responsibleName as string) || (a.responsibleUserId as string));
    await insertRows(scratch.db, user, [...users].map(([id, userName]) => ({ id, userName, realName: options.realNames?.get(id) ?? '', passwordHash: PLACEHOLDER_HASH })));
    const p = snapshot.project;
    const responsible = snapshot.members.find((m) => (m.roles as number[]).includes(0));
    await scratch.db.insert(fmeaProject).values({
      ...(p as unknown as typeof fmeaProject.$inferInsert),
      id: p.id,
      responsibleUserId: (responsible?.userId as string | undefined) ?? null,
      reviewStatus: 'released',
    });
    await insertRows(scratch.db, fmeaMember, snapshot.members.map((m) => ({ projectId: p.id, userId: m.userId as string, roles: m.roles as number[] })));
    // a cause's MSR ratings are in its item only when set: every row gets the keys (insertRows writes the first row's columns)
    const msrBlank = Object.fromEntries(MSR_FAILURE_FIELDS.map((f) => [f, null]));
    for (const [list, table] of ANALYSIS_ROW_TABLES) {
      const rows = (snapshot[list] as unknown as Record<string, unknown>[]).map((r) => (list === 'failures' ? { ...msrBlank, ...r, projectId: p.id } : { ...r, projectId: p.id }));
      await insertRows(scratch.db, table, rows as never[]);
    }
    for (const set of [snapshot.ap, snapshot.msrAp]) if (set && set.rules.length > 0) await replaceApRules(ctx, set.table, set.rules as unknown as ApRule[], set.selection || undefined);
    return await exportFmeaWorkbook(ctx, p.id, { locale: options.locale, ...(options.company ? { company: options.company } : {}), stamp, dictionaries: options.dictionaries });
  });
}
